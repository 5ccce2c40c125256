import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { decryptPassword, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, nowMs, systemClock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { transaction } from '../../lib/transaction.ts';
import { isPhoneTaken, setPasswordHash, setPhone, unbindWechat, userById } from '../auth/users.ts';
import type { SmsSender } from './sms.ts';

export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;
const PHONE_CHANGE = 'change_phone';

/** 8–32 characters with at least one letter and one digit. */
export const isStrongPassword = (password: string) =>
  password.length >= 8 && password.length <= 32 && /[A-Za-z]/.test(password) && /\d/.test(password);

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest();

export const createAccountService = (
  prisma: PrismaClient,
  sms: SmsSender,
  transportKey: string,
  clock: Clock = systemClock,
) => ({
  changePassword: async (userId: number, sessionId: string, oldEncrypted: string, newEncrypted: string) => {
    const oldPassword = decryptPassword(oldEncrypted, transportKey);
    const newPassword = decryptPassword(newEncrypted, transportKey);
    const user = await userById(prisma, userId);
    if (oldPassword === null || !(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError('BAD_REQUEST', MESSAGES.account.oldPasswordWrong);
    }
    if (newPassword === null || !isStrongPassword(newPassword)) {
      throw new AppError('BAD_REQUEST', MESSAGES.account.passwordWeak);
    }
    if (newPassword === oldPassword) throw new AppError('BAD_REQUEST', MESSAGES.account.passwordSameAsOld);
    const passwordHash = await hashPassword(newPassword);
    await setPasswordHash(prisma, userId, passwordHash, sessionId);
  },

  sendPhoneCode: async (userId: number, phone: string) => {
    const user = await userById(prisma, userId);
    if (user.phone === phone) throw new AppError('BAD_REQUEST', MESSAGES.account.phoneSame);
    if (await isPhoneTaken(prisma, phone)) throw new AppError('CONFLICT', MESSAGES.account.phoneTaken);
    const now = nowMs(clock);
    const since = new Date(now - 24 * 3_600_000);
    const recent = await prisma.smsCode.findMany({
      where: { userId, purpose: PHONE_CHANGE, createdAt: { gte: since } },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    const last = recent[0];
    if (recent.length >= SMS_DAILY_LIMIT || (last && now - last.createdAt.getTime() < SMS_RESEND_MS)) {
      throw new AppError('RATE_LIMITED', MESSAGES.account.smsTooFrequent);
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await prisma.smsCode.create({
      data: {
        userId,
        phone,
        purpose: PHONE_CHANGE,
        codeHash: hashCode(phone, code).toString('hex'),
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS_TTL_MS),
      },
    });
    await sms.send(phone, `【资源库】您正在更换绑定手机号，验证码 ${code}，5 分钟内有效。如非本人操作请忽略。`);
    return { expiresInSeconds: SMS_TTL_MS / 1000, resendInSeconds: SMS_RESEND_MS / 1000 };
  },

  /** Confirms the code sent to `phone` and makes it the account's phone; a code works once, within 5 tries. */
  changePhone: async (userId: number, phone: string, code: string) => {
    const pending = await prisma.smsCode.findFirst({
      where: { userId, phone, purpose: PHONE_CHANGE, consumedAt: null, expiresAt: { gt: clock.now() } },
      orderBy: { createdAt: 'desc' },
    });
    if (!pending || pending.attempts >= SMS_MAX_ATTEMPTS)
      throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
    if (!timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), hashCode(phone, code))) {
      await prisma.smsCode.update({ where: { id: pending.id }, data: { attempts: { increment: 1 } } });
      throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
    }
    try {
      await transaction(prisma, async (tx) => {
        const used = await tx.smsCode.updateMany({
          where: { id: pending.id, consumedAt: null },
          data: { consumedAt: clock.now() },
        });
        if (used.count !== 1) throw new AppError('BAD_REQUEST', MESSAGES.account.smsInvalid);
        await setPhone(tx, userId, phone);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', MESSAGES.account.phoneTaken);
      }
      throw error;
    }
    return { phone };
  },

  unbindWechat: async (userId: number) => {
    if (!(await unbindWechat(prisma, userId))) throw new AppError('BAD_REQUEST', MESSAGES.account.wechatNotBound);
  },
});

export type AccountService = ReturnType<typeof createAccountService>;
