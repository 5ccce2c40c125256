import { type PageBean, SEARCH_COUNT_CAP, SEARCH_RANKED_LIMIT } from '@zyk/shared';

/**
 * Paging of the library lists. The first page of a list answers a `snapshot` time; later pages pass it back so
 * resources published in the meantime cause neither duplicates nor gaps (README, 资源库).
 */
export interface ListPage<T> {
  objList: T[];
  pageBean: PageBean;
  snapshot?: string;
}

export interface PageParam {
  current: number;
  snapshot?: string;
}

export const FIRST_PAGE: PageParam = { current: 1 };

/**
 * "Load more" (page size 20, appended, current page incremented): the next page to ask for, carrying
 * the first page's snapshot, or undefined once the last page is loaded.
 */
export const nextPageParam = <T>(last: ListPage<T>, pages: readonly ListPage<T>[]): PageParam | undefined => {
  const { current, totalPage } = last.pageBean;
  if (current >= totalPage || last.objList.length === 0) return undefined;
  const snapshot = pages[0]?.snapshot ?? last.snapshot;
  return snapshot === undefined ? { current: current + 1 } : { current: current + 1, snapshot };
};

/** The loaded pages as one list, in order; an item seen on an earlier page is not shown twice. */
export const mergePages = <T extends { id: number }>(pages: readonly ListPage<T>[]): T[] => {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.objList) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
};

/** The total the server reports, from the most recent page (it can change while paging without a snapshot). */
export const totalOf = <T>(pages: readonly ListPage<T>[]): number => pages.at(-1)?.pageBean.totalCount ?? 0;

/**
 * Numbered pages (list and search pages): the snapshot to send with page `page`. Page 1 always asks afresh;
 * later pages reuse the snapshot page 1 answered.
 */
export const snapshotFor = (page: number, firstPageSnapshot: string | undefined): string | undefined =>
  page <= 1 ? undefined : firstPageSnapshot;

/** The search total is counted up to a cap: 1000 reads "1000+". */
export const SEARCH_TOTAL_CAP = SEARCH_COUNT_CAP;
export const formatTotal = (total: number, cap = SEARCH_TOTAL_CAP) => (total >= cap ? `${cap}+` : String(total));

/**
 * How the search page states its total. A keyword search ranks only its best SEARCH_RANKED_LIMIT matches, so a
 * total at that limit means "at least that many", and only those can be paged through; an empty keyword lists
 * everything, counted up to SEARCH_TOTAL_CAP.
 */
export const searchTotal = (total: number, keyword: boolean) => {
  if (!keyword) {
    const text = `共 ${formatTotal(total)} 条`;
    return {
      pageable: Math.min(total, SEARCH_TOTAL_CAP),
      summary: text,
      pager: text,
      capped: total >= SEARCH_TOTAL_CAP,
    };
  }
  if (total >= SEARCH_RANKED_LIMIT) {
    return {
      pageable: SEARCH_RANKED_LIMIT,
      summary: `找到 ${SEARCH_RANKED_LIMIT} 条以上相关结果，按相关度显示前 ${SEARCH_RANKED_LIMIT} 条`,
      pager: `前 ${SEARCH_RANKED_LIMIT} 条`,
      capped: true,
    };
  }
  return { pageable: total, summary: `找到 ${total} 条相关结果`, pager: `共 ${total} 条`, capped: false };
};

export type PagerItem = number | 'gap-before' | 'gap-after';

/**
 * The page buttons of a numbered list: all pages when there are at most 7; otherwise the first, the last, the
 * current one with two on each side, and gaps where pages are left out.
 */
export const pagerItems = (current: number, totalPages: number): PagerItem[] => {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const at = Math.min(Math.max(1, current), totalPages);
  let from = Math.max(2, at - 2);
  let to = Math.min(totalPages - 1, at + 2);
  // Keep five middle buttons near either end, so the bar does not change width while paging.
  if (at <= 4) {
    from = 2;
    to = 6;
  } else if (at >= totalPages - 3) {
    from = totalPages - 5;
    to = totalPages - 1;
  }
  const items: PagerItem[] = [1];
  if (from > 2) items.push('gap-before');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < totalPages - 1) items.push('gap-after');
  items.push(totalPages);
  return items;
};
