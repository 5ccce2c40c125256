import { LRUCache } from 'lru-cache';

/**
 * Memoizes an async computation per key for a short time. For aggregate answers (rankings, totals) that many
 * visitors ask for and that may be a minute old; concurrent callers share one computation, a failed one is
 * forgotten. At most `max` keys are kept, least recently used out: keys can come from request parameters.
 */
export const ttlCache = <K, V>(ttlMs: number, compute: (key: K) => Promise<V>, max = 500) => {
  // The age is checked here, counted from the start of a computation; lru-cache bounds the keys and shares a
  // computation in flight.
  const reads = new LRUCache<string, { at: number; value: V }, { key: K }>({
    max,
    fetchMethod: async (_id, _old, { context }) => ({ at: Date.now(), value: await compute(context.key) }),
  });
  const read = async (key: K): Promise<V> => {
    const id = JSON.stringify(key);
    const hit = reads.get(id);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const fetched = await reads.fetch(id, { context: { key }, forceRefresh: true });
    return (fetched as { value: V }).value;
  };
  /** Forgets every kept answer: the next read computes afresh (after a write that changes them). */
  return Object.assign(read, { forget: () => reads.clear() });
};
