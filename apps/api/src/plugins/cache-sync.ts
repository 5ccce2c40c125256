import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { INVALIDATION_CHANNEL, invalidationRelay } from '../lib/shared-invalidation.ts';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Relays cache invalidations between the processes that share this database (api instances, the worker, the admin
 * CLI): a change's topic goes out with NOTIFY on the app's pool; one dedicated connection LISTENs for the others'.
 * When that connection drops (or cannot be opened), everything cached is forgotten (what was announced meanwhile is unknown) and it
 * reconnects with a growing pause.
 */
export default fp(
  async (app: FastifyInstance, opts: { databaseUrl: string }) => {
    const pending = new Set<Promise<unknown>>();
    const stopPublishing = invalidationRelay.publishWith((payload) => {
      const sent = app.pg
        .query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload])
        .catch((error) => app.log.warn({ err: error }, 'cache invalidation not sent to other instances'))
        .finally(() => pending.delete(sent));
      pending.add(sent);
    });

    let closing = false;
    let listener: pg.Client | null = null;
    let retryTimer: NodeJS.Timeout | null = null;
    let pauseMs = RECONNECT_MIN_MS;

    const listen = async (isReconnect: boolean) => {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      const lost = (error?: Error) => {
        if (listener !== client) return;
        listener = null;
        client.removeAllListeners('notification');
        client.end().catch(() => {});
        if (closing) return;
        app.log.warn({ err: error }, 'cache invalidation listener lost; reconnecting');
        retryTimer = setTimeout(() => void listen(true), pauseMs);
        pauseMs = Math.min(pauseMs * 2, RECONNECT_MAX_MS);
      };
      listener = client;
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (message) => invalidationRelay.received(message.payload));
      try {
        await client.connect();
        await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
        pauseMs = RECONNECT_MIN_MS;
        if (isReconnect) invalidationRelay.forgetAll();
      } catch (error) {
        // Also at start: the app starts without its database (readiness says so) and listens once it is there.
        lost(error as Error);
      }
    };
    await listen(false);

    // Before the pool ends: changes made by a short-lived process (the admin CLI) still reach the others.
    app.addHook('preClose', async () => {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      await Promise.allSettled([...pending]);
    });
    app.addHook('onClose', async () => {
      stopPublishing();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    });
  },
  { name: 'cache-sync', dependencies: ['prisma'] },
);
