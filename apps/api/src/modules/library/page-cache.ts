/**
 * First pages of the public lists and of searches, kept for a few seconds: most visitors open the first page of a
 * handful of filters and popular words, and a page served from memory costs no query.
 *
 * Freshness:
 * - every change to what the public may see (publish or edit, which sends a resource back to review, delete,
 *   approve, reject, take down) calls `libraryChanged()`, and no page cached before it is served again by this
 *   process;
 * - such changes made by another process (the admin CLI, another api instance) and the counters on the cards
 *   (views, downloads, stars…) show after at most PAGE_TTL_MS;
 * - a cached list page carries the snapshot time it was read at, and later pages are read at that snapshot, so
 *   paging stays without duplicates or gaps.
 */
export const PAGE_TTL_MS = 5_000;
/** Bound on the pages kept per cache (oldest first out); a page of cards is a few kilobytes. */
const MAX_PAGES = 500;

let generation = 0;

/** Call after any change to which resources are public or how they read (see above). */
export const libraryChanged = () => {
  generation++;
};

/** A keyed cache of page computations; concurrent callers of a missing page share one computation. */
export const createPageCache = <V>(ttlMs = PAGE_TTL_MS) => {
  const pages = new Map<string, { at: number; generation: number; value: Promise<V> }>();
  return (key: unknown, compute: () => Promise<V>): Promise<V> => {
    const id = JSON.stringify(key);
    const now = Date.now();
    const hit = pages.get(id);
    if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value;
    const value = compute();
    pages.delete(id);
    pages.set(id, { at: now, generation, value });
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
    value.catch(() => {
      if (pages.get(id)?.value === value) pages.delete(id);
    });
    return value;
  };
};
