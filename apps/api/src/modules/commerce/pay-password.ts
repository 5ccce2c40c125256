import {
  decryptPassword,
  MESSAGES,
  PAY_PASSWORD_LOCK_MINUTES,
  PAY_PASSWORD_MAX_FAILURES,
  PAY_PASSWORD_PATTERN,
} from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { userById } from '../auth/users.ts';

/** Six identical digits, or six digits rising or falling by one (012345…456789, 987654…543210). */
export const isWeakPayPassword = (digits: string) => {
  if (/^(\d)\1{5}$/.test(digits)) return true;
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i++) steps.add(Number(digits[i]) - Number(digits[i - 1]));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
};

interface AttemptRow {
  failed_attempts: number;
  pay_password_hash: string;
}

/**
 * The wallet's pay password (pay_accounts): argon2id like the login password, sent AES-encrypted the same way.
 *
 * Guessing is bounded even under concurrency: every check first reserves one of the five attempts with an atomic
 * UPDATE … RETURNING (the reservation that uses up the fifth also sets the lock), and only then verifies the hash.
 * Requests beyond the fifth are refused without verifying anything; a correct password clears the counter.
 */
export const createPayPasswords = (prisma: PrismaClient, transportKey: string, clock: Clock = systemClock) => {
  const lockInterval = `${PAY_PASSWORD_LOCK_MINUTES} minutes`;

  /** Why no attempt could be reserved: no pay password, or the lock. */
  const refusal = async (userId: number) => {
    const account = await prisma.payAccount.findUnique({ where: { userId } });
    if (!account?.payPasswordHash) return new AppError('BAD_REQUEST', MESSAGES.payPassword.notSet);
    return new AppError('RATE_LIMITED', MESSAGES.payPassword.locked);
  };

  return {
    /** Throws unless `encrypted` is the user's pay password (the gate of balance payments and withdrawals). */
    check: async (userId: number, encrypted: string): Promise<void> => {
      // An expired lock starts a fresh count; a live one (or no password) reserves nothing.
      const now = clock.now();
      const [attempt] = await prisma.$queryRaw<AttemptRow[]>`
        UPDATE pay_accounts SET
          failed_attempts = CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END,
          locked_until = CASE
            WHEN (CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END) >= ${PAY_PASSWORD_MAX_FAILURES}
            THEN ${now}::timestamptz + ${lockInterval}::interval
            ELSE NULL END,
          updated_at = now()
        WHERE user_id = ${userId} AND pay_password_hash IS NOT NULL
          AND (locked_until IS NULL OR locked_until <= ${now})
        RETURNING failed_attempts, pay_password_hash`;
      if (!attempt) throw await refusal(userId);

      const plain = decryptPassword(encrypted, transportKey);
      if (plain !== null && (await verifyPassword(attempt.pay_password_hash, plain))) {
        await prisma.payAccount.updateMany({
          where: { userId, payPasswordHash: attempt.pay_password_hash },
          data: { failedAttempts: 0, lockedUntil: null, updatedAt: new Date() },
        });
        return;
      }
      const left = PAY_PASSWORD_MAX_FAILURES - attempt.failed_attempts;
      if (left <= 0) throw new AppError('RATE_LIMITED', MESSAGES.payPassword.locked);
      throw new AppError('BAD_REQUEST', MESSAGES.payPassword.wrong(left));
    },

    /** Sets or replaces the pay password; the login password proves it is the account holder. Clears the lock. */
    set: async (userId: number, loginPasswordEncrypted: string, newPayPasswordEncrypted: string) => {
      const user = await userById(prisma, userId);
      const loginPassword = decryptPassword(loginPasswordEncrypted, transportKey);
      if (loginPassword === null || !(await verifyPassword(user.passwordHash, loginPassword))) {
        throw new AppError('BAD_REQUEST', MESSAGES.payPassword.loginPasswordWrong);
      }
      const payPassword = decryptPassword(newPayPasswordEncrypted, transportKey);
      if (payPassword === null || !PAY_PASSWORD_PATTERN.test(payPassword)) {
        throw new AppError('BAD_REQUEST', MESSAGES.payPassword.format);
      }
      if (isWeakPayPassword(payPassword)) throw new AppError('BAD_REQUEST', MESSAGES.payPassword.weak);
      const payPasswordHash = await hashPassword(payPassword);
      const reset = { payPasswordHash, failedAttempts: 0, lockedUntil: null, updatedAt: new Date() };
      await prisma.payAccount.upsert({ where: { userId }, create: { userId, ...reset }, update: reset });
      return { payPasswordSet: true, locked: false };
    },

    status: async (userId: number) => {
      const account = await prisma.payAccount.findUnique({ where: { userId } });
      return {
        payPasswordSet: !!account?.payPasswordHash,
        locked: !!account?.lockedUntil && account.lockedUntil > clock.now(),
      };
    },
  };
};

export type PayPasswords = ReturnType<typeof createPayPasswords>;

/** Administrator: lifts the lock and clears the counter. False when the user has no pay password. */
export const unlockPayPassword = async (prisma: PrismaClient, userId: number) => {
  const { count } = await prisma.payAccount.updateMany({
    where: { userId, payPasswordHash: { not: null } },
    data: { failedAttempts: 0, lockedUntil: null, updatedAt: new Date() },
  });
  return count > 0;
};
