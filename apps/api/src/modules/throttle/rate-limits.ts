import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type pg from 'pg';
import type { PrismaClient } from '../../generated/prisma/client.ts';

type Reply = (error: Error | null, state?: { current: number; ttl: number }) => void;

// One statement per request. The window is timed by the database's clock, the one clock every instance shares.
const HIT = `
  INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
  VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
    window_ends_at = CASE WHEN c.window_ends_at <= now() THEN now() + $2 * interval '1 millisecond'
                          ELSE c.window_ends_at END
  RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM window_ends_at - now()) * 1000)::int AS ttl_ms`;

/**
 * A store for @fastify/rate-limit that keeps the counters in PostgreSQL, so a route's limit is one limit however
 * many api instances answer (in each process's memory it would multiply with every instance). The plugin makes one
 * store per limited route (`child`); its counters are keyed by the route and the client's key (the IP).
 * `pool` is asked for at the first request: the store is created before the database plugin.
 */
export const createSharedRateLimitStore = (pool: () => pg.Pool) => {
  return class SharedRateLimitStore {
    private readonly scope: string;

    /** The plugin passes its global options to the root store; children get their route's scope. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }

    incr(key: string, reply: Reply, timeWindowMs: number) {
      // The upsert always answers its row.
      pool()
        .query<{ hits: number; ttl_ms: number }>({
          name: 'rate-limit-hit',
          text: HIT,
          values: [this.scope + key, timeWindowMs],
        })
        .then(
          ({ rows: [row] }) => reply(null, { current: row!.hits, ttl: row!.ttl_ms }),
          (error: Error) => reply(error),
        );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged options with the route under `routeInfo` (its types name the route itself).
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? options;
      return new SharedRateLimitStore(`${[route.method ?? ''].flat().join(',')} ${route.url ?? ''} `);
    }
  };
};

/** Drops counters whose window ended (a background sweep; a live window is never touched). */
export const sweepRateLimitCounters = (prisma: PrismaClient) =>
  prisma.$executeRaw`DELETE FROM rate_limit_counters WHERE window_ends_at < now() - interval '1 minute'`;
