import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE, mergePages, nextPageParam, type PageParam, totalOf } from '../../../lib/paging.ts';
import {
  getBanners,
  getDefaultSubject,
  getHomeList,
  getLatest,
  getMemberRank,
  getResourceRank,
  getTotals,
} from '../api/home-api.ts';
import { type HomeListFilters, homeKeys } from '../api/home-keys.ts';

export const useTotals = () => useQuery({ queryKey: homeKeys.totals(), queryFn: getTotals });
export const useMemberRank = () => useQuery({ queryKey: homeKeys.memberRank(), queryFn: getMemberRank });
export const useResourceRank = () => useQuery({ queryKey: homeKeys.resourceRank(), queryFn: getResourceRank });
export const useLatest = () => useQuery({ queryKey: homeKeys.latest(), queryFn: getLatest });
export const useBanners = () => useQuery({ queryKey: homeKeys.banners(), queryFn: getBanners });

/** The textbook section's stage and subject when none is chosen (asked only then). */
export const useDefaultSubject = (stageId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.defaultSubject(stageId),
    queryFn: () => getDefaultSubject(stageId),
    enabled,
    staleTime: 30 * 60_000,
  });

/**
 * The home list: 20 per page, each "加载更多" appends the next page. A new stage, subject or sort
 * is a new list from page 1 (the old one is not shown meanwhile).
 */
export const useHomeList = (filters: HomeListFilters) => {
  const query = useInfiniteQuery({
    queryKey: homeKeys.list(filters),
    queryFn: ({ pageParam }) => getHomeList(filters, pageParam),
    initialPageParam: FIRST_PAGE as PageParam,
    getNextPageParam: nextPageParam,
  });
  const pages = query.data?.pages ?? [];
  return { query, items: mergePages(pages), total: totalOf(pages), loadedPages: pages.length };
};
