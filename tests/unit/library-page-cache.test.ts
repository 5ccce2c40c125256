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

/** Lets reads in flight finish (they are all immediate here). */
const settled = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('library page cache, refreshes and bounds', () => {
  it('keeps answering the old page when its refresh fails, until twice its time to live', async () => {
    let fail = false;
    let reads = 0;
    const cache = createPageCache<number>();
    const get = () =>
      cache(['a'], async () => {
        reads++;
        if (fail) throw new Error('database unavailable');
        return reads;
      });
    expect(await get()).toBe(1);
    fail = true;
    vi.setSystemTime(Date.now() + PAGE_TTL_MS);
    expect(await get()).toBe(1);
    await settled();
    expect(await get()).toBe(1); // the failed refresh is retried by the next request
    expect(reads).toBe(3);
    await settled();
    vi.setSystemTime(Date.now() + PAGE_TTL_MS);
    await expect(get()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await get()).toBe(5);
  });

  it('does not answer a read begun before a change to those asking after it', async () => {
    let release: (n: number) => void = () => {};
    const cache = createPageCache<number>();
    const before = cache(['a'], () => new Promise<number>((resolve) => (release = resolve)));
    libraryChanged();
    const after = cache(['a'], async () => 2);
    release(1);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache(['a'], async () => 3)).toBe(2);
  });

  it('keeps at most 500 pages, dropping the least recently used', async () => {
    let reads = 0;
    const cache = createPageCache<number>();
    const get = (i: number) => cache([i], async () => ++reads);
    for (let i = 0; i < 500; i++) await get(i);
    await get(0);
    await get(500);
    expect(reads).toBe(501);
    expect(await get(0)).toBe(1);
    expect(await get(1)).toBe(502);
  });
});
