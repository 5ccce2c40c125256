import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../apps/api/src/lib/errors.ts';
import { batch, inTransaction, transaction } from '../../apps/api/src/lib/transaction.ts';
import { createDatabase, endDatabase } from '../../apps/api/src/plugins/prisma.ts';
import { createTestDatabase } from '../support/db.ts';

/**
 * The pool cannot be exhausted by the code's own shape: nested transactions join the one already open, and
 * transactions hold only part of the pool. A pool of 3 with 1 connection for transactions makes any violation a
 * deadlock or a 503 here, where the default 10/7 would need dozens of concurrent requests to show it.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let database: ReturnType<typeof createDatabase>;
beforeAll(async () => {
  db = await createTestDatabase();
  database = createDatabase(db.url, {
    pool: { size: 3, transactions: { connections: 1, waitMs: 1500, timeoutMs: 10_000 } },
  });
});
afterAll(async () => {
  if (database) await endDatabase(database);
  await db?.drop();
});

const backendPid = async (client: { $queryRaw: typeof database.prisma.$queryRaw }) =>
  (await client.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]?.pid;

describe('transaction()', () => {
  it('a transaction called inside another joins it: one connection, one commit', async () => {
    const { prisma } = database;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        transaction(prisma, async (outer) => {
          const outerPid = await backendPid(outer);
          const innerPid = await transaction(prisma, async (inner) => {
            expect(inner).toBe(outer);
            return backendPid(inner);
          });
          return { outerPid, innerPid, inside: inTransaction() };
        }),
      ),
    );
    for (const r of results) {
      expect(r.innerPid).toBe(r.outerPid);
      expect(r.inside).toBe(true);
    }
    expect(inTransaction()).toBe(false);
  });

  it("an inner transaction's writes commit or roll back with the outer one", async () => {
    const { prisma } = database;
    await prisma.$executeRaw`CREATE TABLE IF NOT EXISTS tx_probe (name text)`;
    await expect(
      transaction(prisma, async (tx) => {
        await tx.$executeRaw`INSERT INTO tx_probe VALUES ('outer')`;
        await transaction(prisma, (inner) => inner.$executeRaw`INSERT INTO tx_probe VALUES ('inner')`);
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await prisma.$queryRaw`SELECT name FROM tx_probe`).toEqual([]);
  });

  it('plain queries are served while every transaction connection is busy', async () => {
    const { prisma } = database;
    const order: string[] = [];
    const slow = transaction(prisma, async (tx) => {
      await tx.$executeRaw`SELECT pg_sleep(0.8)`;
      order.push('transaction');
    });
    // Five plain queries at once: more than the pool's spare connections, fewer than would wait out the sleep.
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        await prisma.$queryRaw`SELECT 1`;
        order.push('query');
      }),
    );
    await slow;
    expect(order.slice(0, 5)).toEqual(['query', 'query', 'query', 'query', 'query']);
  });

  it('a transaction that waits longer than the limit for its turn is refused with 503, not left hanging', async () => {
    const { prisma } = database;
    const holder = transaction(prisma, async (tx) => {
      await tx.$executeRaw`SELECT pg_sleep(2.5)`;
    });
    const waiting = transaction(prisma, async () => 'ran');
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe(MESSAGES.request.busy);
    await holder;
    // The queue moves on: the next one runs.
    expect(await transaction(prisma, async () => 'ran')).toBe('ran');
  });

  it('batch() refuses to run inside a transaction, whose connection its queries could not use', async () => {
    const { prisma } = database;
    await expect(transaction(prisma, async () => batch(prisma, [prisma.$queryRaw`SELECT 1`]))).rejects.toThrow(
      /inside transaction/,
    );
    expect(await batch(prisma, [prisma.$queryRaw`SELECT 1`])).toHaveLength(1);
  });
});

describe('the code base', () => {
  it('opens transactions only through lib/transaction.ts', () => {
    const root = path.resolve(import.meta.dirname, '../../apps/api/src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'generated') walk(full);
        } else if (/\.(ts|mjs)$/.test(entry.name) && !full.endsWith(path.join('lib', 'transaction.ts'))) {
          if (readFileSync(full, 'utf8').includes('$transaction(')) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
