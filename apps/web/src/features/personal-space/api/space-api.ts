import { type BodyInputOf, type DataOf, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export const SPACE_PAGE_SIZE = 10;

export type UploadStatus = 'PENDING' | 'PUBLISHED' | 'REJECTED' | 'TAKEN_DOWN';
export type MyUpload = DataOf<typeof routes.myUploads>['objList'][number];
export type MyCourse = DataOf<typeof routes.myCourses>['objList'][number];
export type MyTopic = DataOf<typeof routes.myTopics>['objList'][number];
export type CourseInput = BodyInputOf<typeof routes.courseSave>;
export type TopicInput = BodyInputOf<typeof routes.topicSave>;

export const getMyUploads = async (status: UploadStatus | null, current: number, size = SPACE_PAGE_SIZE) =>
  unwrap(await api(routes.myUploads, { body: { current, size, status } }));

/** How many of my uploads are in each state: one one-item page per state, reading the totals. */
export const getUploadCounts = async () => {
  const states = [null, 'PUBLISHED', 'PENDING', 'REJECTED'] as const;
  const totals = await Promise.all(states.map(async (s) => (await getMyUploads(s, 1, 1)).pageBean.totalCount));
  return { all: totals[0] ?? 0, published: totals[1] ?? 0, pending: totals[2] ?? 0, rejected: totals[3] ?? 0 };
};

export const deleteResource = async (id: number) => unwrap(await api(routes.resourceDelete, { query: { id } }));

export const getMyCollects = async (current: number) =>
  unwrap(await api(routes.myCollects, { body: { current, size: SPACE_PAGE_SIZE } }));

export const getMyDownloads = async (current: number) =>
  unwrap(await api(routes.myDownloads, { body: { current, size: SPACE_PAGE_SIZE } }));

export const getViewHistory = async (current: number) =>
  unwrap(await api(routes.viewHistory, { query: { current, size: SPACE_PAGE_SIZE } }));

/** A resource in one of my lists, with when it was collected, downloaded or viewed. */
export interface MyRecord {
  id: number;
  type: MyUpload['type'];
  title: string;
  authorName: string;
  at: string;
  times: number | null;
}

/** My collections, downloads or history, as one record shape. */
export const getMyList = async (kind: 'collects' | 'downloads' | 'history', current: number) => {
  if (kind === 'collects') {
    const page = await getMyCollects(current);
    return { ...page, objList: page.objList.map((r): MyRecord => ({ ...r, at: r.collectedAt, times: null })) };
  }
  if (kind === 'downloads') {
    const page = await getMyDownloads(current);
    return { ...page, objList: page.objList.map((r): MyRecord => ({ ...r, at: r.downloadedAt, times: r.times })) };
  }
  const page = await getViewHistory(current);
  return { ...page, objList: page.objList.map((r): MyRecord => ({ ...r, at: r.viewedAt, times: null })) };
};

export const deleteDownloadRecord = async (id: number) => unwrap(await api(routes.downloadDelete, { query: { id } }));

export const deleteHistory = async (id: number) => unwrap(await api(routes.viewDelete, { query: { id } }));

export const clearHistory = async () => unwrap(await api(routes.viewDeleteAll));

export const getMyCourses = async (current: number, size = SPACE_PAGE_SIZE) =>
  unwrap(await api(routes.myCourses, { body: { current, size } }));

/** A course as its author edits it (chapters and lessons in order). */
export const getCourseForEdit = async (id: number) => unwrap(await api(routes.courseInfo, { query: { id } }));

/** My published resources a lesson can use. */
export const getCourseResources = async (keyword: string) =>
  unwrap(await api(routes.myCourseResources, { body: { current: 1, size: 50, ...(keyword ? { keyword } : {}) } }));

export const saveCourse = async (input: CourseInput) => unwrap(await api(routes.courseSave, { body: input }));

export const deleteCourse = async (id: number) => unwrap(await api(routes.courseDelete, { query: { id } }));

export const getMyTopics = async (current: number) =>
  unwrap(await api(routes.myTopics, { body: { current, size: SPACE_PAGE_SIZE } }));

export const getTopicForEdit = async (id: number) => unwrap(await api(routes.topicInfo, { query: { id } }));

export const saveTopic = async (input: TopicInput) => unwrap(await api(routes.topicSave, { body: input }));
