import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { refetchAfterWrite } from '../../apps/web/src/lib/refetch.ts';

/** A server whose answers are read when a request arrives and delivered `delayMs` later. */
const slowServer = (delayMs: number) => {
  const server = { views: 0, requests: 0 };
  const read = () => {
    server.requests++;
    const answer = server.views;
    return new Promise<number>((resolve) => setTimeout(() => resolve(answer), delayMs));
  };
  return { server, read };
};

/** The observer's data once no request is in flight any more. */
const settled = (observer: QueryObserver<number, Error, number, number, string[]>) =>
  new Promise<number | undefined>((resolve) => {
    const check = () => {
      const result = observer.getCurrentResult();
      if (result.fetchStatus === 'idle' && result.status !== 'pending') {
        unsubscribe();
        resolve(result.data);
      }
    };
    const unsubscribe = observer.subscribe(check);
    check();
  });

/**
 * A query client with one subscribed observer of `key` on a slow server; `seen` collects the data of every update.
 * Unsubscribed and cleared when the test ends.
 */
const watch = (key: string, delayMs: number) => {
  const client = new QueryClient();
  const { server, read } = slowServer(delayMs);
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: read });
  const seen: (number | undefined)[] = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  onTestFinished(() => {
    unsubscribe();
    client.clear();
  });
  return { client, server, observer, seen };
};

describe('refetchAfterWrite (web)', () => {
  it('asks again when the write lands while the first request is still out', async () => {
    const { client, server, observer } = watch('views', 40);
    await new Promise((r) => setTimeout(r, 5)); // the first request has been read: views 0
    server.views = 1; // the write, answered before the first request
    await refetchAfterWrite(client, { queryKey: ['views'] });
    expect(await settled(observer)).toBe(1);
    expect(server.requests).toBe(2);
  });

  it('asks again for a query with data, keeping the data shown meanwhile', async () => {
    const { client, server, observer, seen } = watch('views', 20);
    expect(await settled(observer)).toBe(0);
    seen.length = 0;
    server.views = 5;
    await refetchAfterWrite(client, { queryKey: ['views'] });
    expect(await settled(observer)).toBe(5);
    expect(seen.filter((d) => d === undefined)).toEqual([]);
  });

  it('leaves queries outside the filters alone', async () => {
    const { client, server, observer } = watch('other', 10);
    await settled(observer);
    await refetchAfterWrite(client, { queryKey: ['views'] });
    expect(server.requests).toBe(1);
  });
});
