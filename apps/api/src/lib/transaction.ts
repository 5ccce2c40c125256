import { AsyncLocalStorage } from 'node:async_hooks';
import { MESSAGES } from '@zyk/shared';
import { Semaphore, type SemaphoreInterface, withTimeout } from 'async-mutex';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { AppError } from './errors.ts';

/** The client a transaction's work runs its queries through. */
export type Tx = Prisma.TransactionClient;

/** How a database's interactive transactions share its connection pool. */
export interface TransactionLimits {
  /** Transactions open at once; the rest of the pool stays free for plain queries. */
  connections: number;
  /** How long a transaction may wait for its turn before the request is answered 503. */
  waitMs: number;
  /** A transaction still running after this long is rolled back. */
  timeoutMs: number;
}

interface Limiter {
  gate: SemaphoreInterface;
  limits: TransactionLimits;
  /** Transactions queued for the gate right now (the semaphore does not tell). */
  waiting: number;
}

const limiters = new WeakMap<PrismaClient, Limiter>();

/** The transaction the current async call chain runs in, if any; `open` turns false once it has ended. */
const ambient = new AsyncLocalStorage<{ client: PrismaClient; tx: Tx; open: boolean }>();

/** Sets how `prisma`'s transactions share its pool (createDatabase does this for every client it makes). */
export const limitTransactions = (prisma: PrismaClient, limits: TransactionLimits) => {
  const busy = new AppError('UNAVAILABLE', MESSAGES.request.busy);
  limiters.set(prisma, {
    gate: withTimeout(new Semaphore(limits.connections), limits.waitMs, busy),
    limits,
    waiting: 0,
  });
};

/** Runs `run` once the gate admits it, counting it as waiting until then (or until its wait times out). */
const throughGate = <T>(limiter: Limiter, run: () => Promise<T>): Promise<T> => {
  limiter.waiting++;
  let admitted = false;
  const admit = () => {
    admitted = true;
    limiter.waiting--;
    return run();
  };
  return limiter.gate.runExclusive(admit).finally(() => {
    if (!admitted) limiter.waiting--;
  });
};

/** How `prisma`'s transaction gate stands now (metrics): its limit, transactions holding a connection, and queued. */
export const transactionGateOf = (prisma: PrismaClient) => {
  const limiter = limiters.get(prisma);
  if (!limiter) return null;
  const limit = limiter.limits.connections;
  return { limit, active: limit - limiter.gate.getValue(), waiting: limiter.waiting };
};

/**
 * Runs `work` in one interactive transaction: the only way this code base opens one (a unit test forbids
 * `$transaction` elsewhere). Two rules make pool exhaustion impossible by construction:
 * - Called while a transaction of the same client is open in this async call chain, it joins that transaction
 *   instead of taking a second connection (a service need not know whether its caller already holds one).
 * - At most `connections` transactions hold a pooled connection at once; later ones queue (in this process) for at
 *   most `waitMs`, then answer 503. A plain query made inside a transaction, and every request that makes no
 *   transaction, always finds a free connection, so a burst of slow money requests never stalls the site.
 */
export const transaction = <T>(prisma: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> => {
  const current = ambient.getStore();
  if (current?.open && current.client === prisma) return work(current.tx);
  const limiter = limiters.get(prisma);
  const run = () =>
    prisma.$transaction(
      async (tx) => {
        const store = { client: prisma, tx, open: true };
        try {
          return await ambient.run(store, () => work(tx));
        } finally {
          // Work the transaction started but did not await (a deferred write) must not join it later.
          store.open = false;
        }
      },
      limiter ? { maxWait: limiter.limits.waitMs, timeout: limiter.limits.timeoutMs } : undefined,
    );
  return limiter ? throughGate(limiter, run) : run();
};

/** True inside `transaction`'s work (tests and assertions). */
export const inTransaction = () => ambient.getStore()?.open === true;

/**
 * Prisma's batch transaction (a list of queries sent together), through the same gate as `transaction`. Its
 * queries are built on the client, not on a transaction, so it cannot join one: inside `transaction` it is a bug.
 */
export const batch = (prisma: PrismaClient, queries: Prisma.PrismaPromise<unknown>[]): Promise<unknown[]> => {
  if (inTransaction()) throw new Error('batch() inside transaction(): run the queries on the transaction client');
  const limiter = limiters.get(prisma);
  const run = () => prisma.$transaction(queries);
  return limiter ? throughGate(limiter, run) : run();
};

/**
 * Serialises, until `tx` ends, every transaction that locks the same `key` (a Postgres advisory lock, so across api
 * instances too): for checks that count rows before inserting one, which row locks cannot guard.
 */
export const lockKey = async (tx: Tx, key: string) => {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${key}))`;
};
