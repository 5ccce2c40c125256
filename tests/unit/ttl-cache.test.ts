import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from '../../apps/api/src/lib/ttl-cache.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00+08:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ttlCache', () => {
  it('computes once per key while fresh, shared by concurrent callers, and again once expired', async () => {
    let reads = 0;
    const cached = ttlCache(1000, async (key: { size: number }) => `${key.size}:${++reads}`);
    expect(await Promise.all([cached({ size: 5 }), cached({ size: 5 })])).toEqual(['5:1', '5:1']);
    expect(await cached({ size: 6 })).toBe('6:2');
    vi.setSystemTime(Date.now() + 999);
    expect(await cached({ size: 5 })).toBe('5:1');
    vi.setSystemTime(Date.now() + 1);
    expect(await cached({ size: 5 })).toBe('5:3');
  });

  it('forgets a failed computation', async () => {
    let fail = true;
    const cached = ttlCache(1000, async (_: 'all') => {
      if (fail) throw new Error('database unavailable');
      return 'ok';
    });
    await expect(cached('all')).rejects.toThrow('database unavailable');
    fail = false;
    expect(await cached('all')).toBe('ok');
  });

  it('keeps a bounded number of keys', async () => {
    let reads = 0;
    const cached = ttlCache(60_000, async (n: number) => n + 0 * ++reads, 3);
    for (const n of [1, 2, 3, 4]) await cached(n);
    await cached(1);
    expect(reads).toBe(5);
  });
});
