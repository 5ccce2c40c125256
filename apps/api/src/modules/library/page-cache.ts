/**
 * First pages of the public lists and of searches, kept for a few seconds: most visitors open the first page of a
 * handful of filters and popular words, and a page served from memory costs no query.
 *
 * Freshness:
 * - every change to which resources are public (approve, take down, delete, and an edit, which sends a resource
 *   back to review) calls `libraryChanged()`, and no page cached before it is served again by this process;
 * - such changes made by another process (the admin CLI, another api instance) and the counters on the cards
 *   (views, downloads, stars…) show once a page is older than its time to live: the first request after that
 *   still gets the old page while one fresh read replaces it (so a busy page never makes its visitors wait for
 *   the database), and a page twice its time to live old is never served;
 * - a cached list page carries the snapshot time it was read at, and later pages are read at that snapshot, so
 *   paging stays without duplicates or gaps.
 */
export const PAGE_TTL_MS = 5_000;
/** Bound on the pages kept per cache (oldest first out); a page of cards is a few kilobytes. */
const MAX_PAGES = 500;

let generation = 0;

/** Call after any change to which resources are public (see above). */
export const libraryChanged = () => {
  generation++;
};

interface Entry<V> {
  at: number;
  generation: number;
  value: Promise<V>;
  refreshing: boolean;
}

/** A keyed cache of page computations; concurrent callers of a missing page share one computation. */
export const createPageCache = <V>(ttlMs = PAGE_TTL_MS) => {
  const pages = new Map<string, Entry<V>>();

  const store = (id: string, value: Promise<V>, at: number, of: number) => {
    const entry: Entry<V> = { at, generation: of, value, refreshing: false };
    pages.delete(id);
    pages.set(id, entry);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
    value.catch(() => {
      if (pages.get(id) === entry) pages.delete(id);
    });
    return entry;
  };

  /** One fresh read for an expired page; the old one stays until it succeeds. */
  const refresh = (id: string, entry: Entry<V>, compute: () => Promise<V>) => {
    entry.refreshing = true;
    const at = Date.now();
    const of = generation;
    const value = compute();
    value.then(
      () => {
        if (pages.get(id) === entry) store(id, value, at, of);
      },
      () => {
        entry.refreshing = false;
      },
    );
  };

  return (key: unknown, compute: () => Promise<V>): Promise<V> => {
    const id = JSON.stringify(key);
    const now = Date.now();
    const hit = pages.get(id);
    if (hit && hit.generation === generation) {
      const age = now - hit.at;
      if (age < ttlMs) return hit.value;
      if (age < 2 * ttlMs) {
        if (!hit.refreshing) refresh(id, hit, compute);
        return hit.value;
      }
    }
    return store(id, compute(), now, generation).value;
  };
};
