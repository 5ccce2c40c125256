import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_SORT } from '@zyk/shared';
import { FIRST_PAGE, type PageParam } from '../../../lib/paging.ts';
import { getSelection } from '../../../stores/selection.ts';
import { getBanners, getHomeList, getLatest, getMemberRank, getResourceRank, getTotals } from './home-api.ts';
import { type HomeListFilters, homeKeys } from './home-keys.ts';

/**
 * Starts the home page's requests from its route loader, while the page's code is still downloading, so the
 * answers are there (or on their way) when it first renders; the page's own queries pick them up by key. Does not
 * wait for them: a slow answer never holds up the navigation. Fresh cached data is not asked again.
 */
export const prefetchHome = (client: QueryClient) => {
  const { stage, subject } = getSelection();
  void client.prefetchQuery({ queryKey: homeKeys.totals(), queryFn: getTotals });
  void client.prefetchQuery({ queryKey: homeKeys.memberRank(), queryFn: getMemberRank });
  void client.prefetchQuery({ queryKey: homeKeys.resourceRank(), queryFn: getResourceRank });
  void client.prefetchQuery({ queryKey: homeKeys.latest(), queryFn: getLatest });
  void client.prefetchQuery({ queryKey: homeKeys.banners(), queryFn: getBanners });
  const filters: HomeListFilters = { stageId: stage.id, subjectId: subject.id, sort: DEFAULT_SORT };
  void client.prefetchInfiniteQuery({
    queryKey: homeKeys.list(filters),
    queryFn: ({ pageParam }) => getHomeList(filters, pageParam),
    initialPageParam: FIRST_PAGE as PageParam,
  });
};
