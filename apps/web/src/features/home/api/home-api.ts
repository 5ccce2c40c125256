import { PAGE_SIZE, routes } from '@zyk/shared';
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
