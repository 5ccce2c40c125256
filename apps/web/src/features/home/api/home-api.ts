import { PAGE_SIZE, routes, STAGE_DICT_ID } from '@zyk/shared';
import { api, dataOr } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';
import type { PageParam } from '../../../lib/paging.ts';
import type { HomeListFilters } from './home-keys.ts';

/** Side panels keep quiet about a non-zero code: they show nothing rather than an error. */
export const getTotals = async () => dataOr(await api(routes.totalResourceCount), null);

export const getMemberRank = async () => dataOr(await api(routes.memberRank, { query: { size: 10 } }), []);

export const getResourceRank = async () =>
  dataOr(await api(routes.resourceRank, { query: { size: 10, days: 30 } }), []);

export const getLatest = async () => dataOr(await api(routes.homeData), { sections: [] }).sections;

/** One page of the home list (academicStageId, current, size 20, sort, sortWay DESC, subjectId, type null). */
export const getHomeList = async (filters: HomeListFilters, page: PageParam) =>
  unwrap(
    await api(routes.resourceHomepageList, {
      body: {
        academicStageId: filters.stageId,
        subjectId: filters.subjectId,
        type: null,
        current: page.current,
        size: PAGE_SIZE.home,
        sort: filters.sort,
        sortWay: 'DESC',
        ...(page.snapshot ? { snapshot: page.snapshot } : {}),
      },
    }),
  );

/** The home banners: the page simply shows none when they cannot be had. */
export const getBanners = async () => dataOr(await api(routes.homeBanners), []);

/** The stage and subject the textbook section shows when the visitor has chosen none. */
export const DEFAULT_TEXTBOOK_SUBJECT = { stage: '初中', subject: '数学' };

export interface NamedSubject {
  stage: { id: number; name: string };
  subject: { id: number; name: string };
}

/**
 * A stage's 数学 (or its first subject); without a stage, 初中's. Null when the dictionary has neither (or cannot
 * be read).
 */
export const getDefaultSubject = async (stageId: number | null): Promise<NamedSubject | null> => {
  const stages = dataOr(await api(routes.dictList, { query: { dictId: STAGE_DICT_ID, dictLevel: 1 } }), []);
  const stage = stages.find((s) =>
    stageId === null ? s.dictName === DEFAULT_TEXTBOOK_SUBJECT.stage : s.id === stageId,
  );
  if (!stage || stage.id === null) return null;
  const subjects = dataOr(await api(routes.dictList, { query: { dictId: stage.id, dictLevel: 2 } }), []);
  const subject =
    subjects.find((s) => s.id !== null && s.dictName === DEFAULT_TEXTBOOK_SUBJECT.subject) ??
    subjects.find((s) => s.id !== null);
  if (!subject || subject.id === null) return null;
  return { stage: { id: stage.id, name: stage.dictName }, subject: { id: subject.id, name: subject.dictName } };
};
