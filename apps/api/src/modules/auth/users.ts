import { isValidIdCard, isValidPhone } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { type Reader, readRows } from '../../lib/hot-sql.ts';
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

/** Who already holds a phone, an ID number or a user name (registration refuses each with its own message). */
export const accountsHolding = (db: Db, keys: { phone: string; idCard?: string | null; userName?: string }) =>
  db.user.findMany({
    where: {
      OR: [
        { phone: keys.phone },
        ...(keys.userName ? [{ userName: { equals: keys.userName, mode: 'insensitive' as const } }] : []),
        ...(keys.idCard ? [{ idCard: keys.idCard }] : []),
      ],
    },
    select: { id: true, phone: true, idCard: true, userName: true, status: true },
  });

/** Applicants waiting for a decision, oldest first, optionally only those of some schools. */
export const pendingApplicants = async (
  db: Db,
  schoolIds: number[] | undefined,
  page: { skip: number; take: number },
) => {
  const where = { status: 'PENDING' as const, ...(schoolIds ? { schoolId: { in: schoolIds } } : {}) };
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.take }),
  ]);
  return { total, rows };
};

/** Decides a pending application, atomically: false when it was no longer pending (two administrators at once). */
export const decideApplicant = async (db: Db, userId: number, status: 'ACTIVE' | 'REJECTED') =>
  (await db.user.updateMany({ where: { id: userId, status: 'PENDING' }, data: { status } })).count > 0;

export interface PersonName {
  realName: string;
  memberId: string;
}

/** Name and public member id of each of `ids` that exists, for cards, comments and reports. */
export const peopleOf = async (db: Reader, ids: Iterable<number>): Promise<Map<number, PersonName>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await readRows<{ id: number; real_name: string; member_id: string }>(
    db,
    Prisma.sql`SELECT id, real_name, member_id FROM users WHERE id = ANY(${unique}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, { realName: r.real_name, memberId: r.member_id }]));
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

/** A user with their roles (first role first), as the console and the roster import see them. */
export const userWithRoles = (db: Db, id: number) =>
  db.user.findUnique({
    where: { id },
    include: { roles: { orderBy: [{ sort: 'asc' }, { id: 'asc' }], include: { role: true } } },
  });
export type UserWithRoles = NonNullable<Awaited<ReturnType<typeof userWithRoles>>>;

export interface UserFilter {
  /** Part of the real name, user name or phone. */
  keyword?: string;
  /** Only members of these schools (a school administrator's list); undefined: every school. */
  schoolIds?: number[];
  schoolId?: number;
  roleId?: number;
  status?: 'ACTIVE' | 'DISABLED';
  stageId?: number;
  subjectId?: number;
}

/** One page of users for the console, with their roles. */
export const userPage = async (
  db: Db,
  filter: UserFilter,
  order: { sort: 'createdAt' | 'userName' | 'realName'; direction: 'asc' | 'desc' },
  page: { skip: number; take: number },
) => {
  const keyword = filter.keyword?.trim();
  const where = {
    AND: [
      filter.schoolIds ? { schoolId: { in: filter.schoolIds } } : {},
      filter.schoolId ? { schoolId: filter.schoolId } : {},
      filter.roleId ? { roles: { some: { roleId: filter.roleId } } } : {},
      // Applicants (pending or refused registrations) are not users yet: the console lists them under 注册审核.
      filter.status ? { status: filter.status } : { status: { in: ['ACTIVE' as const, 'DISABLED' as const] } },
      filter.stageId ? { stageId: filter.stageId } : {},
      filter.subjectId ? { subjectId: filter.subjectId } : {},
      keyword
        ? {
            OR: [
              { realName: { contains: keyword, mode: 'insensitive' as const } },
              { userName: { contains: keyword, mode: 'insensitive' as const } },
              { phone: { contains: keyword } },
            ],
          }
        : {},
    ],
  };
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: [{ [order.sort]: order.direction }, { id: order.direction }],
      skip: page.skip,
      take: page.take,
      include: { roles: { orderBy: [{ sort: 'asc' }, { id: 'asc' }], include: { role: true } } },
    }),
  ]);
  return { total, rows };
};

/** Open sessions of a user (the console's detail shows whether they are logged in anywhere). */
export const sessionCountOf = (db: Db, userId: number) => db.session.count({ where: { userId } });

/** Members per school (school id → count), for the schools table. */
export const memberCountsBySchool = async (db: Db): Promise<Map<number, number>> => {
  const rows = await db.user.groupBy({ by: ['schoolId'], _count: { _all: true } });
  return new Map(rows.map((r) => [r.schoolId, r._count._all]));
};

/** The users a roster names (by user name) or whose phone or ID card it mentions, with their role ids. */
export const usersForRoster = (db: Db, keys: { userNames: string[]; phones: string[]; idCards: string[] }) =>
  db.user.findMany({
    where: {
      OR: [
        { userName: { in: keys.userNames } },
        ...(keys.phones.length ? [{ phone: { in: keys.phones } }] : []),
        ...(keys.idCards.length ? [{ idCard: { in: keys.idCards } }] : []),
      ],
    },
    select: {
      id: true,
      userName: true,
      realName: true,
      phone: true,
      idCard: true,
      stageId: true,
      subjectId: true,
      schoolId: true,
      roles: { select: { roleId: true } },
    },
  });

/** The profile fields an administrator or a roster sets. */
export interface ProfileFields {
  realName: string;
  phone: string | null;
  idCard: string | null;
  stageId: number | null;
  subjectId: number | null;
  schoolId: number;
}

/** Whether any of `roleIds` reaches the whole district: such holders are administrators (users.is_admin). */
const holdsDistrictRole = async (db: Db, roleIds: number[]) =>
  roleIds.length > 0 && (await db.role.count({ where: { id: { in: roleIds }, scope: 'all' } })) > 0;

/** Creates an account with its first role; `users.is_admin` follows the role's scope. */
export const createUser = async (
  db: Db,
  data: ProfileFields & {
    userName: string;
    memberId: string;
    passwordHash: string;
    roleId: number;
    /** A self-registered applicant may start PENDING (approval policy). */
    status?: 'ACTIVE' | 'PENDING';
  },
) => {
  const { roleId, ...fields } = data;
  return db.user.create({
    data: {
      ...fields,
      isAdmin: await holdsDistrictRole(db, [roleId]),
      roles: { create: { roleId, sort: 0 } },
    },
    select: { id: true },
  });
};

/** Updates the profile fields given; with `addRoleId`, the user also gets that role (after their others). */
export const updateProfile = async (db: Db, userId: number, fields: Partial<ProfileFields>, addRoleId?: number) => {
  await db.user.update({ where: { id: userId }, data: fields });
  if (addRoleId !== undefined) {
    const held = await db.userRole.findMany({ where: { userId }, select: { roleId: true } });
    if (!held.some((r) => r.roleId === addRoleId)) {
      await db.userRole.create({ data: { userId, roleId: addRoleId, sort: held.length } });
      await syncAdminFlag(db, userId);
    }
  }
};

/** Keeps `users.is_admin` in step with the roles: true exactly when the user holds a district-wide role. */
export const syncAdminFlag = async (db: Db, userId: number) => {
  const held = await db.userRole.findMany({ where: { userId }, select: { roleId: true } });
  const isAdmin = await holdsDistrictRole(
    db,
    held.map((r) => r.roleId),
  );
  await db.user.update({ where: { id: userId }, data: { isAdmin } });
  return isAdmin;
};

/**
 * Makes `roleIds` the user's roles, in that order (kept roles keep their row), and brings `users.is_admin` in step.
 * Run it in the caller's transaction.
 */
export const setUserRoles = async (db: Db, userId: number, roleIds: number[]) => {
  await db.userRole.deleteMany({ where: { userId, roleId: { notIn: roleIds } } });
  for (const [sort, roleId] of roleIds.entries()) {
    await db.userRole.upsert({
      where: { userId_roleId: { userId, roleId } },
      create: { userId, roleId, sort },
      update: { sort },
    });
  }
  return syncAdminFlag(db, userId);
};

/**
 * Moves the account from one status to the other, atomically: false when it was not in the expected status (two
 * administrators at once: one wins). Disabling ends every session of the user.
 */
export const switchUserStatus = async (db: Db, userId: number, status: 'ACTIVE' | 'DISABLED') => {
  const { count } = await db.user.updateMany({ where: { id: userId, status: { not: status } }, data: { status } });
  if (count > 0 && status === 'DISABLED') await db.session.deleteMany({ where: { userId } });
  return count > 0;
};

/** What the personal centre lets a user change about themselves (real name and school stay with the roster). */
export interface SelfProfileFields {
  bio: string;
  avatarFileId: string | null;
  stageId: number | null;
  subjectId: number | null;
}

export const setSelfProfile = (db: Db, userId: number, fields: SelfProfileFields) =>
  db.user.update({ where: { id: userId }, data: fields });

/** Whether a stored file is some user's avatar (avatars are shown to everyone). */
export const isAvatarFile = async (db: Db, fileId: string) =>
  (await db.user.count({ where: { avatarFileId: fileId } })) > 0;

/** The public face of each of `ids` that exists: name, member id, school, stage/subject and avatar. */
export const publicProfilesOf = async (db: Db, ids: Iterable<number>) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, PublicProfile>();
  const rows = await db.user.findMany({
    where: { id: { in: unique } },
    select: {
      id: true,
      memberId: true,
      realName: true,
      schoolId: true,
      stageId: true,
      subjectId: true,
      avatarFileId: true,
      status: true,
    },
  });
  return new Map(rows.map((r) => [r.id, r]));
};
export interface PublicProfile {
  id: number;
  memberId: string;
  realName: string;
  schoolId: number;
  stageId: number | null;
  subjectId: number | null;
  avatarFileId: string | null;
  status: string;
}

/** The account bound to a WeChat openid, if any. */
export const userByWechatOpenId = (db: Db, openId: string) =>
  db.user.findUnique({ where: { wechatOpenId: openId }, select: { id: true } });

/**
 * Binds a WeChat openid to an account that has none (or refreshes the nickname of the same binding); false when the
 * account holds another binding. An openid another account holds fails with a unique violation.
 */
export const bindWechat = async (db: Db, userId: number, openId: string, nickname: string) => {
  const { count } = await db.user.updateMany({
    where: { id: userId, OR: [{ wechatOpenId: null }, { wechatOpenId: openId }] },
    data: { wechatOpenId: openId, wechatNickname: nickname || null, wechatBoundAt: new Date() },
  });
  return count > 0;
};
