/**
 * Memoizes an async computation per key for a short time. For aggregate answers (rankings, totals) that many
 * visitors ask for and that may be a minute old; concurrent callers share one computation.
 */
export const ttlCache = <K, V>(ttlMs: number, compute: (key: K) => Promise<V>) => {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const id = JSON.stringify(key);
    const hit = entries.get(id);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = compute(key);
    entries.set(id, { at: Date.now(), value });
    value.catch(() => entries.delete(id));
    return value;
  };
};
