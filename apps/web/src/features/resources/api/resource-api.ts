import { PAGE_SIZE, routes, TRAIN_TYPES } from '@zyk/shared';
import { api, dataOr } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';
import type { ListFilters } from './resource-keys.ts';

/** One page of a type's list; pages after the first pass the first page's snapshot back. */
export const getResourceList = async (filters: ListFilters, page: number, snapshot: string | undefined) =>
  unwrap(
    await api(routes.resourceList, {
      body: {
        type: filters.type,
        academicStageId: filters.stageId,
        subjectId: filters.subjectId,
        trainType: filters.trainType,
        catalogueNodeId: filters.catalogueNodeId,
        grade: filters.grade,
        sort: filters.sort,
        sortWay: 'DESC',
        current: page,
        size: PAGE_SIZE.home,
        ...(snapshot ? { snapshot } : {}),
      },
    }),
  );

/** Research-achievement sub-types; the built-in list stands in when the call fails. */
export const getTrainTypes = async () => dataOr(await api(routes.trainTypes), [...TRAIN_TYPES]);

/** The details of a resource (published ones for everybody; the author and administrators see their own too). */
export const getResource = async (id: number) => unwrap(await api(routes.resourceInfo, { query: { id } }));

export const getRecommendations = async (id: number) =>
  dataOr(await api(routes.recommend, { body: { id, size: 6 } }), []);

/** Counts a view (kind=view, once per page open) or a play (kind=play, on the first play). */
export const countView = async (id: number, kind: 'view' | 'play') =>
  dataOr(await api(routes.countView, { query: { id, kind } }), null);

export const getPreview = async (fileId: string) => unwrap(await api(routes.onlinePreview, { query: { fileId } }));

/** Queues a failed transcoding (or conversion) again; the uploader's and administrators' button. */
export const retryMediaProcessing = async (fileId: string) =>
  unwrap(await api(routes.retryMediaProcessing, { body: { fileId } }));

/** Star or collect: the desired state is sent, so a retried click cannot flip it back. */
export const setStar = async (id: number, active: boolean) =>
  unwrap(await api(routes.star, { query: { id, state: active ? '1' : '0' } }));

export const setCollect = async (id: number, active: boolean) =>
  unwrap(await api(routes.collect, { query: { id, state: active ? '1' : '0' } }));

/** Authorizes and counts a download; answers a short-lived URL and the original file name. */
export const requestDownload = async (id: number, fileId: string) =>
  unwrap(await api(routes.download, { query: { id, fileId } }));

export const reportResource = async (input: {
  resourceId: number;
  category: 'copyright' | 'inappropriate' | 'wrong_category' | 'other';
  content: string;
}) => unwrap(await api(routes.report, { body: input }));

export const COMMENTS_PAGE_SIZE = 10;

export const getComments = async (resourceId: number, current: number) =>
  unwrap(await api(routes.commentList, { body: { resourceId, current, size: COMMENTS_PAGE_SIZE } }));

export const getReplies = async (commentId: number, current: number) =>
  unwrap(await api(routes.replyList, { body: { commentId, current, size: COMMENTS_PAGE_SIZE } }));

export const saveComment = async (resourceId: number, content: string) =>
  unwrap(await api(routes.commentSave, { body: { resourceId, content } }));

export const saveReply = async (commentId: number, content: string, replyToMemberId?: string) =>
  unwrap(
    await api(routes.replySave, {
      body: { commentId, content, ...(replyToMemberId ? { replyToMemberId } : {}) },
    }),
  );

export const deleteComment = async (id: number, kind: 'comment' | 'reply') =>
  unwrap(await api(routes.commentDelete, { query: { id, kind } }));

/**
 * Saves the playback position. `keepalive` lets the request finish while the page is being left (save on
 * pause and on unload); errors are of no interest to anyone at that point.
 */
export const savePlayPosition = (id: number, position: number, keepalive = false) => {
  const query = new URLSearchParams({ id: String(id), position: String(Math.max(0, Math.floor(position))) });
  return fetch(`${routes.playRecord.path}?${query}`, {
    method: routes.playRecord.method,
    credentials: 'include',
    keepalive,
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
};
