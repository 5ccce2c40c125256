import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, nowMs } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';
import { type SmsCodePurpose, SmsDeliveryError, type SmsSender } from './sms.ts';

export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;

/** What a code proves: a user's new phone, a phone to register with, the bound phone of an account to recover. */
export type SmsPurpose = SmsCodePurpose;

/** Whose code: the phone it goes to, and the account it is for (none while registering). */
export interface SmsSubject {
  phone: string;
  purpose: SmsPurpose;
  userId: number | null;
}

/** Who asked: the client's address (the request's, which honours TRUST_PROXY) and how many clients it stands for. */
export interface SmsRequester {
  address: string;
  clients: number;
}

/** The requester of a request. */
export const smsRequester = (app: FastifyInstance, request: FastifyRequest): SmsRequester => ({
  address: request.ip,
  clients: app.addressAllowance(request.ip),
});

/** A refused text message as the client sees it. */
export const deliveryError = (error: unknown) => {
  if (!(error instanceof SmsDeliveryError)) return error;
  if (error.failure === 'rate_limited') return new AppError('RATE_LIMITED', MESSAGES.account.smsTooFrequent);
  if (error.failure === 'bad_phone') return new AppError('BAD_REQUEST', MESSAGES.account.smsPhoneRefused);
  return new AppError('UNAVAILABLE', MESSAGES.account.smsUnavailable);
};

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest();

/**
 * The one place text-message codes are issued and checked: 6 digits, valid 5 minutes, one per 60 seconds and at most
 * 10 a day for a phone (and for an account, per purpose), `perAddressHourly` an hour from one client address, 5 wrong
 * tries burn a code, a code works once.
 */
export const createSmsCodes = (prisma: PrismaClient, sms: SmsSender, clock: Clock, perAddressHourly: number) => ({
  /**
   * Issues a code and sends it to the phone. `deliver: false` records the code without sending anything: password
   * recovery does that for accounts that do not exist, so their answers and limits match real ones. A message the
   * provider does not take leaves no code behind (the phone may ask again at once) and answers why in Chinese.
   */
  issue: async (subject: SmsSubject, requester: SmsRequester, deliver = true) => {
    const { phone, purpose, userId } = subject;
    const now = nowMs(clock);
    const fromAddress = await prisma.smsCode.count({
      where: { requestedFrom: requester.address, createdAt: { gte: new Date(now - 3_600_000) } },
    });
    if (fromAddress >= perAddressHourly * requester.clients)
      throw new AppError('RATE_LIMITED', MESSAGES.account.smsTooFrequent);
    const since = new Date(now - 24 * 3_600_000);
    const recent = await prisma.smsCode.findMany({
      where: { createdAt: { gte: since }, OR: [{ phone }, ...(userId === null ? [] : [{ userId, purpose }])] },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    const last = recent[0];
    if (recent.length >= SMS_DAILY_LIMIT || (last && now - last.createdAt.getTime() < SMS_RESEND_MS)) {
      throw new AppError('RATE_LIMITED', MESSAGES.account.smsTooFrequent);
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const row = await prisma.smsCode.create({
      data: {
        userId,
        phone,
        purpose,
        codeHash: hashCode(phone, code).toString('hex'),
        requestedFrom: requester.address,
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS_TTL_MS),
      },
    });
    if (deliver) {
      try {
        await sms.send(phone, { kind: 'code', purpose, code });
      } catch (error) {
        await prisma.smsCode.delete({ where: { id: row.id } });
        throw deliveryError(error);
      }
    }
    return { expiresInSeconds: SMS_TTL_MS / 1000, resendInSeconds: SMS_RESEND_MS / 1000 };
  },

  /**
   * Checks `code` against the newest live code of the subject and, when it matches, uses it up and runs `work` in
   * the same transaction: if `work` fails, the code stays usable and nothing is written. A wrong code counts a try.
   */
  consume: async <T>(subject: SmsSubject, code: string, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const { phone, purpose, userId } = subject;
    const pending = await prisma.smsCode.findFirst({
      where: { userId, phone, purpose, consumedAt: null, expiresAt: { gt: clock.now() } },
      orderBy: { createdAt: 'desc' },
    });
    if (!pending || pending.attempts >= SMS_MAX_ATTEMPTS) {
      throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
    }
    if (!timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), hashCode(phone, code))) {
      await prisma.smsCode.update({ where: { id: pending.id }, data: { attempts: { increment: 1 } } });
      throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
    }
    return transaction(prisma, async (tx) => {
      const used = await tx.smsCode.updateMany({
        where: { id: pending.id, consumedAt: null },
        data: { consumedAt: clock.now() },
      });
      if (used.count !== 1) throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
      return work(tx);
    });
  },
});

export type SmsCodes = ReturnType<typeof createSmsCodes>;
