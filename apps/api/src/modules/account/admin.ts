import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { transaction } from '../../lib/transaction.ts';
import { accountKey } from '../auth/service.ts';
import { setPasswordHash, setUserStatus, userByUserName } from '../auth/users.ts';
import { createThrottle } from '../throttle/service.ts';
import { isStrongPassword } from './service.ts';

/** Administrator operations on accounts, used by the admin CLI. Each returns a Chinese sentence of what it did. */
export const createUserAdmin = (prisma: PrismaClient) => {
  const find = async (userName: string) => {
    const user = await userByUserName(prisma, userName);
    if (!user) throw new AppError('NOT_FOUND', MESSAGES.admin.userNotFound(userName));
    return user;
  };

  return {
    setStatus: async (userName: string, status: 'ACTIVE' | 'DISABLED') => {
      const user = await find(userName);
      await setUserStatus(prisma, user.id, status);
      return status === 'DISABLED' ? `已停用 ${userName}，并退出其全部会话` : `已启用 ${userName}`;
    },

    resetPassword: async (userName: string, password: string) => {
      if (!isStrongPassword(password)) throw new AppError('BAD_REQUEST', MESSAGES.account.passwordWeak);
      const user = await find(userName);
      const passwordHash = await hashPassword(password);
      await transaction(prisma, async (tx) => {
        await setPasswordHash(prisma, user.id, passwordHash);
        await createThrottle(tx).reset(accountKey(user.id));
      });
      return `已重置 ${userName} 的密码，其全部会话已退出`;
    },

    unlock: async (userName: string) => {
      const user = await find(userName);
      const unlocked = await createThrottle(prisma).reset(accountKey(user.id));
      return unlocked ? `已解除 ${userName} 的登录锁定` : `${userName} 没有登录锁定`;
    },

    /** The development SMS sender's messages, newest first. */
    recentSms: (limit: number) => prisma.smsOutbox.findMany({ orderBy: { id: 'desc' }, take: limit }),
  };
};
