import { isStrongPassword, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { transaction } from '../../lib/transaction.ts';
import { accountKey } from '../auth/service.ts';
import { setPasswordHash, switchUserStatus, userByUserName } from '../auth/users.ts';
import { createThrottle } from '../throttle/service.ts';

/**
 * Administrator operations on accounts, used by the admin CLI (by user name, answering a Chinese sentence) and the
 * console (by id, inside the console's audited transaction: `transaction()` joins it).
 */
export const createUserAdmin = (prisma: PrismaClient) => {
  const find = async (userName: string) => {
    const user = await userByUserName(prisma, userName);
    if (!user) throw new AppError('NOT_FOUND', MESSAGES.admin.userNotFound(userName));
    return user;
  };

  /** Enables or disables; disabling ends every session. False when the account already was in that status. */
  const setStatusOf = (userId: number, status: 'ACTIVE' | 'DISABLED') =>
    transaction(prisma, (tx) => switchUserStatus(tx, userId, status));

  /**
   * A new login password (8-32 characters with letters and digits, as the user's own change asks): every session
   * ends and the login lock is lifted.
   */
  const resetPasswordOf = async (userId: number, password: string) => {
    if (!isStrongPassword(password)) throw new AppError('BAD_REQUEST', MESSAGES.account.passwordWeak);
    const passwordHash = await hashPassword(password);
    await transaction(prisma, async (tx) => {
      await setPasswordHash(prisma, userId, passwordHash);
      await createThrottle(tx).reset(accountKey(userId));
    });
  };

  /** Lifts the lock too many wrong passwords put on the login; false when there was none. */
  const unlockOf = (userId: number) => transaction(prisma, (tx) => createThrottle(tx).reset(accountKey(userId)));

  return {
    setStatusOf,
    resetPasswordOf,
    unlockOf,

    /** Until when the login is locked, or null. */
    lockedUntilOf: (userId: number) => createThrottle(prisma).lockedUntil(accountKey(userId)),

    setStatus: async (userName: string, status: 'ACTIVE' | 'DISABLED') => {
      const user = await find(userName);
      await setStatusOf(user.id, status);
      return status === 'DISABLED' ? `已停用 ${userName}，并退出其全部会话` : `已启用 ${userName}`;
    },

    resetPassword: async (userName: string, password: string) => {
      if (!isStrongPassword(password)) throw new AppError('BAD_REQUEST', MESSAGES.account.passwordWeak);
      const user = await find(userName);
      await resetPasswordOf(user.id, password);
      return `已重置 ${userName} 的密码，其全部会话已退出`;
    },

    unlock: async (userName: string) => {
      const user = await find(userName);
      return (await unlockOf(user.id)) ? `已解除 ${userName} 的登录锁定` : `${userName} 没有登录锁定`;
    },

    /** The development SMS sender's messages, newest first. */
    recentSms: (limit: number) => prisma.smsOutbox.findMany({ orderBy: { id: 'desc' }, take: limit }),
  };
};
