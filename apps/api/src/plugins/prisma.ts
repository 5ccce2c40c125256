import { PrismaPg } from '@prisma/adapter-pg';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config, PoolSettings } from '../config.ts';
import { poolSettings } from '../config.ts';
import { PrismaClient } from '../generated/prisma/client.ts';
import { limitTransactions } from '../lib/transaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient;
    /** The pg pool under Prisma, for the few hot read paths that send their SQL directly. */
    pg: pg.Pool;
  }
}

/**
 * The defaults of the DB_* settings. Prisma's own transaction limits (5 s to run, 2 s to get a connection) are short
 * for a shared 2-core machine under load, where the first start's demo seeding once ran out of time.
 */
const DEFAULT_POOL: PoolSettings = { size: 10, transactions: { connections: 7, waitMs: 10_000, timeoutMs: 20_000 } };

const logPoolError = (error: Error) => console.warn(`[db] idle connection lost: ${error.message}`);

/**
 * Prisma over one pg pool; $disconnect ends the pool once Prisma has used it (`endDatabase` ends it either way).
 * Transactions may hold only part of the pool (lib/transaction.ts), and a query waiting longer than the
 * transaction wait for a connection fails instead of hanging. An idle connection's error (the server restarted, an
 * administrator ended it) goes to `onPoolError`, and the pool opens a new connection when next asked: pg-pool throws
 * such errors as uncaught exceptions when nobody listens, and Prisma listens only from its first query on, which the
 * hot paths (hot-sql.ts) may never make.
 */
export const createDatabase = (
  databaseUrl: string,
  {
    onPoolError = logPoolError,
    pool: settings = DEFAULT_POOL,
  }: { onPoolError?: (error: Error) => void; pool?: PoolSettings } = {},
) => {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.size,
    connectionTimeoutMillis: settings.transactions.waitMs,
  });
  pool.on('error', onPoolError);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  limitTransactions(prisma, settings.transactions);
  return { pool, prisma };
};

/** Disconnects Prisma and ends the pool, whether or not Prisma ever used it. */
export const endDatabase = async ({ pool, prisma }: ReturnType<typeof createDatabase>) => {
  await prisma.$disconnect();
  if (!pool.ending && !pool.ended) await pool.end();
};

export const createPrisma = (databaseUrl: string, config?: Config) =>
  createDatabase(databaseUrl, config ? { pool: poolSettings(config) } : {}).prisma;

export default fp(
  async (app: FastifyInstance, opts: { databaseUrl: string; config: Config }) => {
    const database = createDatabase(opts.databaseUrl, {
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
      pool: poolSettings(opts.config),
    });
    app.decorate('prisma', database.prisma);
    app.decorate('pg', database.pool);
    app.addHook('onClose', () => endDatabase(database));
  },
  { name: 'prisma' },
);
