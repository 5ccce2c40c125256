import { PrismaPg } from '@prisma/adapter-pg';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient;
    /** The pg pool under Prisma, for the few hot read paths that send their SQL directly (DESIGN.md §4). */
    pg: pg.Pool;
  }
}

const POOL_SIZE = 10;

/**
 * Interactive transactions' defaults. Prisma's own (5 s to run, 2 s to get a connection) are short for a shared
 * 2-core machine under load, where the first start's demo seeding once ran out of time and the server exited.
 */
const TRANSACTION_OPTIONS = { timeout: 20_000, maxWait: 10_000 };

const logPoolError = (error: Error) => console.warn(`[db] idle connection lost: ${error.message}`);

/**
 * Prisma over one pg pool of POOL_SIZE connections; $disconnect ends the pool once Prisma has used it (`endDatabase`
 * ends it either way). An idle connection's error (the server restarted, an administrator ended it) goes to
 * `onPoolError`, and the pool opens a new connection when next asked: pg-pool throws such errors as uncaught
 * exceptions when nobody listens, and Prisma listens only from its first query on, which the hot paths (hot-sql.ts)
 * may never make.
 */
export const createDatabase = (databaseUrl: string, onPoolError: (error: Error) => void = logPoolError) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  pool.on('error', onPoolError);
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: TRANSACTION_OPTIONS,
  });
  return { pool, prisma };
};

/** Disconnects Prisma and ends the pool, whether or not Prisma ever used it. */
export const endDatabase = async ({ pool, prisma }: ReturnType<typeof createDatabase>) => {
  await prisma.$disconnect();
  if (!pool.ending && !pool.ended) await pool.end();
};

export const createPrisma = (databaseUrl: string) => createDatabase(databaseUrl).prisma;

export default fp(
  async (app: FastifyInstance, opts: { databaseUrl: string }) => {
    const database = createDatabase(opts.databaseUrl, (error) =>
      app.log.warn({ err: error }, 'idle database connection lost'),
    );
    app.decorate('prisma', database.prisma);
    app.decorate('pg', database.pool);
    app.addHook('onClose', () => endDatabase(database));
  },
  { name: 'prisma' },
);
