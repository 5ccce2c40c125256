import { createHash } from 'node:crypto';
import { MESSAGES } from '@zyk/shared';
import type { FastifyRequest } from 'fastify';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,64}$/;

/** The `Idempotency-Key` header of a money-moving request, if the client sent one. */
export const idempotencyKeyOf = (request: FastifyRequest) => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_FORMAT.test(key)) {
    throw new AppError('BAD_REQUEST', MESSAGES.idempotency.keyInvalid);
  }
  return key;
};

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Runs a money-moving operation in one transaction, at most once per (user, key): the key row is inserted first
 * in the same transaction, so a concurrent repeat waits for the first to finish and then reads its answer; a
 * failed first attempt leaves no key behind. The same key with other parameters is refused.
 */
export const runIdempotent = async <T>(
  prisma: PrismaClient,
  scope: { userId: number; key: string | null; route: string; params: unknown },
  operation: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const { key } = scope;
  if (key === null) return transaction(prisma, operation);
  const requestHash = createHash('sha256')
    .update(`${scope.route}\n${canonical(scope.params)}`)
    .digest('hex');
  return transaction(prisma, async (tx) => {
    const inserted = await tx.$executeRaw`INSERT INTO idempotency_keys (user_id, key, route, request_hash)
        VALUES (${scope.userId}, ${key}, ${scope.route}, ${requestHash}) ON CONFLICT DO NOTHING`;
    if (inserted === 0) {
      const first = await tx.idempotencyKey.findUniqueOrThrow({
        where: { userId_key: { userId: scope.userId, key } },
      });
      if (first.requestHash !== requestHash) {
        throw new AppError('CONFLICT', MESSAGES.idempotency.keyReused);
      }
      return first.response as T;
    }
    const result = await operation(tx);
    await tx.idempotencyKey.update({
      where: { userId_key: { userId: scope.userId, key } },
      data: { response: result as Prisma.InputJsonValue },
    });
    return result;
  });
};

/** Keys older than this are forgotten (a client retries within minutes, not days). */
export const purgeIdempotencyKeys = (prisma: PrismaClient, olderThanHours = 72) =>
  prisma.$executeRaw`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${olderThanHours})`;
