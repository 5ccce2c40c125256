import { isValidIdCard, isValidPhone } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';

/**
 * What other modules may ask of accounts. The auth module owns users, their roles and their sessions; the
 * library (authors on cards), courses, commerce, the personal centre and account settings go through these.
 */

type Db = PrismaClient | Tx;

/** Username, mainland mobile number, or 18-character ID-card number (check character validated). */
export const findUserByIdentifier = (db: Db, identifier: string) => {
  if (isValidPhone(identifier)) return db.user.findUnique({ where: { phone: identifier } });
  const upper = identifier.toUpperCase();
  if (/^\d{17}[\dX]$/.test(upper)) {
    return isValidIdCard(upper) ? db.user.findUnique({ where: { idCard: upper } }) : Promise.resolve(null);
  }
  return db.user.findUnique({ where: { userName: identifier } });
};

/** The user behind a session (the row exists while the session does). */
export const userById = (db: Db, id: number) => db.user.findUniqueOrThrow({ where: { id } });

export const userByUserName = (db: Db, userName: string) => db.user.findUnique({ where: { userName } });

export const userByMemberId = (db: Db, memberId: string) => db.user.findUnique({ where: { memberId } });

export const isPhoneTaken = async (db: Db, phone: string) => (await db.user.count({ where: { phone } })) > 0;

export interface PersonName {
  realName: string;
  memberId: string;
}

/** Name and public member id of each of `ids` that exists, for cards, comments and reports. */
export const peopleOf = async (db: Db, ids: Iterable<number>): Promise<Map<number, PersonName>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.user.findMany({
    where: { id: { in: unique } },
    select: { id: true, realName: true, memberId: true },
  });
  return new Map(rows.map((r) => [r.id, { realName: r.realName, memberId: r.memberId }]));
};

/** The user's roles, first role first (lowest sort, then oldest). */
export const rolesOf = (db: Db, userId: number) =>
  db.userRole.findMany({ where: { userId }, orderBy: [{ sort: 'asc' }, { id: 'asc' }], include: { role: true } });

/**
 * Replaces the password hash and ends the user's sessions (all of them, or all but the one that asked), in one
 * transaction: an old session never outlives the password it was opened with.
 */
export const setPasswordHash = (db: PrismaClient, userId: number, passwordHash: string, keepSessionId?: string) =>
  transaction(db, async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } });
    await tx.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  });

/** Enables or disables an account; a disabled account is logged out everywhere at once. */
export const setUserStatus = (db: PrismaClient, userId: number, status: 'ACTIVE' | 'DISABLED') =>
  transaction(db, async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status } });
    if (status === 'DISABLED') await tx.session.deleteMany({ where: { userId } });
  });

/** Makes `phone` the account's phone; a phone another account holds fails with a unique violation. */
export const setPhone = (db: Db, userId: number, phone: string) =>
  db.user.update({ where: { id: userId }, data: { phone } });

/** Forgets the account's WeChat binding; answers false when there was none. */
export const unbindWechat = async (db: Db, userId: number) => {
  const { count } = await db.user.updateMany({
    where: { id: userId, wechatOpenId: { not: null } },
    data: { wechatOpenId: null, wechatNickname: null, wechatBoundAt: null },
  });
  return count > 0;
};

/** The school of each of `ids` that exists (id → school id), for scope checks on content they wrote. */
export const schoolsOfUsers = async (db: Db, ids: Iterable<number>): Promise<Map<number, number>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.user.findMany({ where: { id: { in: unique } }, select: { id: true, schoolId: true } });
  return new Map(rows.map((r) => [r.id, r.schoolId]));
};

/** Ids of the members of a school (a school has hundreds of teachers at most), for lists scoped to it. */
export const userIdsOfSchool = async (db: Db, schoolId: number) =>
  (await db.user.findMany({ where: { schoolId }, select: { id: true } })).map((r) => r.id);
