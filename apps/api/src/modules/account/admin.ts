import { isStrongPassword, isValidIdCard, isValidPhone, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { transaction } from '../../lib/transaction.ts';
import { accountKey } from '../auth/service.ts';
import {
  type ProfileFields,
  setPasswordHash,
  switchUserStatus,
  type UserWithRoles,
  userByUserName,
  usersForRoster,
} from '../auth/users.ts';
import { dictTree } from '../dict/service.ts';
import { schoolById } from '../org/schools.ts';
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

/** A profile as an administrator edits it; phone and ID card may be empty (none). */
export interface ProfileInput {
  realName: string;
  phone: string;
  idCard: string;
  stageId: number | null;
  subjectId: number | null;
  /** Absent or null: stays in their school. */
  schoolId?: number | null | undefined;
}

/**
 * The console's edit of a user's profile, checked as the roster checks a row: a valid phone and ID card that no one
 * else holds, a stage and a subject of that stage, and a school that exists and is open, which only the district may
 * change (`mayMoveSchool`). Answers the profile before and after; writes nothing.
 */
export const checkedProfileChange = async (
  prisma: PrismaClient,
  user: UserWithRoles,
  input: ProfileInput,
  mayMoveSchool: boolean,
) => {
  const M = MESSAGES.console.people;
  const phone = input.phone.trim();
  const idCard = input.idCard.trim().toUpperCase();
  if (phone && !isValidPhone(phone)) throw badRequest(M.phoneInvalid);
  if (idCard && !isValidIdCard(idCard)) throw badRequest(M.idCardInvalid);
  const tree = await dictTree(prisma);
  if (input.stageId !== null && !tree.stages.some((s) => s.id === input.stageId)) throw badRequest(M.stageNotFound);
  if (input.subjectId !== null) {
    if (input.stageId === null) throw badRequest(M.subjectNeedsStage);
    if (!tree.subjects.some((s) => s.id === input.subjectId && s.stageId === input.stageId))
      throw badRequest(M.subjectNotOfStage);
  }
  const schoolId = input.schoolId ?? user.schoolId;
  if (schoolId !== user.schoolId) {
    if (!mayMoveSchool) throw new AppError('FORBIDDEN', M.schoolOnlyDistrict);
    const school = await schoolById(prisma, schoolId);
    if (!school) throw badRequest(M.schoolNotFound);
    if (school.retiredAt) throw badRequest(M.schoolRetired(school.name));
  }
  const holders = await usersForRoster(prisma, {
    userNames: [],
    phones: phone ? [phone] : [],
    idCards: idCard ? [idCard] : [],
  });
  const phoneHolder = phone ? holders.find((h) => h.phone === phone && h.id !== user.id) : undefined;
  if (phoneHolder) throw badRequest(M.phoneTaken(phoneHolder.userName));
  const idHolder = idCard ? holders.find((h) => h.idCard === idCard && h.id !== user.id) : undefined;
  if (idHolder) throw badRequest(M.idCardTaken(idHolder.userName));

  const before: ProfileFields = {
    realName: user.realName,
    phone: user.phone,
    idCard: user.idCard,
    stageId: user.stageId,
    subjectId: user.subjectId,
    schoolId: user.schoolId,
  };
  const after: ProfileFields = {
    realName: input.realName,
    phone: phone || null,
    idCard: idCard || null,
    stageId: input.stageId,
    subjectId: input.subjectId,
    schoolId,
  };
  return { before, after };
};
