import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageCache, libraryChanged, PAGE_TTL_MS } from '../../apps/api/src/modules/library/page-cache.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00+08:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A cache whose computation answers the number of reads so far. */
const counting = () => {
  let reads = 0;
  const cache = createPageCache<number>();
  return { get: (key: unknown) => cache(key, async () => ++reads), reads: () => reads };
};

describe('library page cache', () => {
  it('reads a page once while it is fresh, and per key', async () => {
    const c = counting();
    expect(await Promise.all([c.get(['a']), c.get(['a'])])).toEqual([1, 1]);
    expect(await c.get(['b'])).toBe(2);
    vi.setSystemTime(Date.now() + PAGE_TTL_MS - 1);
    expect(await c.get(['a'])).toBe(1);
    expect(c.reads()).toBe(2);
  });

  it('never serves a page read before a change to the public library', async () => {
    const c = counting();
    expect(await c.get(['a'])).toBe(1);
    libraryChanged();
    expect(await c.get(['a'])).toBe(2);
    expect(await c.get(['a'])).toBe(2);
  });

  it('past its time to live answers the old page once more while one read replaces it', async () => {
    const c = counting();
    await c.get(['a']);
    vi.setSystemTime(Date.now() + PAGE_TTL_MS);
    expect(await Promise.all([c.get(['a']), c.get(['a'])])).toEqual([1, 1]);
    expect(c.reads()).toBe(2);
    expect(await c.get(['a'])).toBe(2);
  });

  it('does not serve a page twice its time to live old', async () => {
    const c = counting();
    await c.get(['a']);
    vi.setSystemTime(Date.now() + 2 * PAGE_TTL_MS);
    expect(await c.get(['a'])).toBe(2);
  });

  it('forgets a failed read', async () => {
    let fail = true;
    const cache = createPageCache<string>();
    const get = () =>
      cache(['a'], async () => {
        if (fail) throw new Error('database unavailable');
        return 'page';
      });
    await expect(get()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await get()).toBe('page');
  });
});
