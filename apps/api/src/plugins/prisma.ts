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

/** Prisma over one pg pool of POOL_SIZE connections; $disconnect ends the pool. */
export const createDatabase = (databaseUrl: string) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: TRANSACTION_OPTIONS,
  });
  return { pool, prisma };
};

export const createPrisma = (databaseUrl: string) => createDatabase(databaseUrl).prisma;

export default fp(
  async (app: FastifyInstance, opts: { databaseUrl: string }) => {
    const { pool, prisma } = createDatabase(opts.databaseUrl);
    app.decorate('prisma', prisma);
    app.decorate('pg', pool);
    app.addHook('onClose', async () => {
      await prisma.$disconnect();
    });
  },
  { name: 'prisma' },
);
