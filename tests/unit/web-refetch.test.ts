import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
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

describe('refetchAfterWrite (web)', () => {
  it('asks again when the write lands while the first request is still out', async () => {
    const client = new QueryClient();
    const { server, read } = slowServer(40);
    const observer = new QueryObserver(client, { queryKey: ['views'], queryFn: read });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await new Promise((r) => setTimeout(r, 5)); // the first request has been read: views 0
      server.views = 1; // the write, answered before the first request
      await refetchAfterWrite(client, { queryKey: ['views'] });
      expect(await settled(observer)).toBe(1);
      expect(server.requests).toBe(2);
    } finally {
      unsubscribe();
      client.clear();
    }
  });

  it('asks again for a query with data, keeping the data shown meanwhile', async () => {
    const client = new QueryClient();
    const { server, read } = slowServer(20);
    const observer = new QueryObserver(client, { queryKey: ['views'], queryFn: read });
    const seen: (number | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    try {
      expect(await settled(observer)).toBe(0);
      seen.length = 0;
      server.views = 5;
      await refetchAfterWrite(client, { queryKey: ['views'] });
      expect(await settled(observer)).toBe(5);
      expect(seen.filter((d) => d === undefined)).toEqual([]);
    } finally {
      unsubscribe();
      client.clear();
    }
  });

  it('leaves queries outside the filters alone', async () => {
    const client = new QueryClient();
    const { server, read } = slowServer(10);
    const other = new QueryObserver(client, { queryKey: ['other'], queryFn: read });
    const unsubscribe = other.subscribe(() => {});
    try {
      await settled(other);
      await refetchAfterWrite(client, { queryKey: ['views'] });
      expect(server.requests).toBe(1);
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});
