import { LRUCache } from 'lru-cache';
import { sharedInvalidation } from '../../lib/shared-invalidation.ts';

/**
 * First pages of the public lists and of searches, kept for a few seconds: most visitors open the first page of a
 * handful of filters and popular words, and a page served from memory costs no query.
 *
 * Freshness:
 * - every change to which resources are public (approve, take down, delete, and an edit, which sends a resource
 *   back to review) calls `libraryChanged()`, and no page cached before it is served again by this process, nor
 *   (told through PostgreSQL, lib/shared-invalidation.ts) by the other api instances, the worker or the CLI;
 * - the counters on the cards (views, downloads, stars…) show once a page is older than its time to live: the first request after that
 *   still gets the old page while one fresh read replaces it (so a busy page never makes its visitors wait for
 *   the database), and a page twice its time to live old is never served;
 * - a cached list page carries the snapshot time it was read at, and later pages are read at that snapshot, so
 *   paging stays without duplicates or gaps.
 */
export const PAGE_TTL_MS = 5_000;
/** Bound on the pages kept per cache (least recently used first out); a page of cards is a few kilobytes. */
const MAX_PAGES = 500;

let generation = 0;

/** Call after any change to which resources are public (see above); every process sharing the database forgets. */
export const libraryChanged = sharedInvalidation('library', () => {
  generation++;
});

/** A page and when its read started (its age counts from then). */
interface Read<V> {
  at: number;
  value: V;
}

/** A keyed cache of page computations; concurrent callers of a missing page share one computation. */
export const createPageCache = <V>(ttlMs = PAGE_TTL_MS) => {
  // Ages are decided here (two limits, counted from the start of a read); lru-cache holds the bounded pages, shares
  // a read in flight, and keeps the old page while its refresh runs (and after the refresh fails).
  const create = () =>
    new LRUCache<string, Read<V>, () => Promise<V>>({
      max: MAX_PAGES,
      noDeleteOnFetchRejection: true,
      fetchMethod: async (_id, _old, { context }) => ({ at: Date.now(), value: await context() }),
    });
  let pages = create();
  let pagesGeneration = generation;

  /** One read replaces the page (one already running is joined); the old page answers meanwhile if allowed. */
  const read = async (id: string, compute: () => Promise<V>, allowStale: boolean) =>
    ((await pages.fetch(id, { context: compute, forceRefresh: true, allowStale })) as Read<V>).value;

  return (key: unknown, compute: () => Promise<V>): Promise<V> => {
    if (pagesGeneration !== generation) {
      // A new cache after a change: pages and reads begun before it are never found again (a read in flight
      // still answers those already waiting for it).
      pages = create();
      pagesGeneration = generation;
    }
    const id = JSON.stringify(key);
    // While a refresh runs, get() answers the page it replaces; while a first read runs, nothing.
    const hit = pages.get(id);
    if (!hit) return read(id, compute, false);
    const age = Date.now() - hit.at;
    if (age < ttlMs) return Promise.resolve(hit.value);
    // Under twice the time to live the old page is answered while one read replaces it; older, the caller waits.
    return read(id, compute, age < 2 * ttlMs);
  };
};
