import { decryptPassword, isStrongPassword, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { isPhoneTaken, setPasswordHash, setPhone, unbindWechat, userById } from '../auth/users.ts';
import type { SmsSender } from './sms.ts';
import { createSmsCodes, type SmsRequester } from './sms-codes.ts';

export { SMS_DAILY_LIMIT, SMS_MAX_ATTEMPTS, SMS_RESEND_MS, SMS_TTL_MS } from './sms-codes.ts';

export const createAccountService = (
  prisma: PrismaClient,
  sms: SmsSender,
  transportKey: string,
  clock: Clock,
  smsPerAddressHourly: number,
) => {
  const smsCodes = createSmsCodes(prisma, sms, clock, smsPerAddressHourly);
  return {
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

    sendPhoneCode: async (userId: number, phone: string, requester: SmsRequester) => {
      const user = await userById(prisma, userId);
      if (user.phone === phone) throw new AppError('BAD_REQUEST', MESSAGES.account.phoneSame);
      if (await isPhoneTaken(prisma, phone)) throw new AppError('CONFLICT', MESSAGES.account.phoneTaken);
      return smsCodes.issue({ phone, purpose: 'change_phone', userId }, requester);
    },

    /** Confirms the code sent to `phone` and makes it the account's phone; a code works once, within 5 tries. */
    changePhone: async (userId: number, phone: string, code: string) => {
      try {
        await smsCodes.consume({ phone, purpose: 'change_phone', userId }, code, (tx) => setPhone(tx, userId, phone));
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
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
