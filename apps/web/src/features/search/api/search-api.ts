import { HOT_WORDS_SHOWN, PAGE_SIZE, routes, SEARCH_RECORDS_SHOWN } from '@zyk/shared';
import { api, dataOr } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';
import type { SearchParams } from './search-keys.ts';

/** One page of results (content, current, size 10, and the type, stage, subject and chapter filters). */
export const searchResources = async ({ keyword, type, stageId, subjectId, catalogueNodeId, page }: SearchParams) =>
  unwrap(
    await api(routes.search, {
      body: {
        content: keyword,
        current: page,
        size: PAGE_SIZE.search,
        type,
        academicStageId: stageId,
        subjectId,
        catalogueNodeId,
      },
    }),
  );

export type SearchAnswer = Awaited<ReturnType<typeof searchResources>>;

/** The user's recent searches, the first 8. */
export const getSearchRecords = async () =>
  dataOr(await api(routes.searchRecordList), []).slice(0, SEARCH_RECORDS_SHOWN);

/** The hot words, the first 8. */
export const getHotWords = async () => dataOr(await api(routes.hotWords), []).slice(0, HOT_WORDS_SHOWN);

export const deleteSearchRecord = async (id: number) => unwrap(await api(routes.searchRecordDelete, { query: { id } }));

export const deleteAllSearchRecords = async () => unwrap(await api(routes.searchRecordDeleteAll));
