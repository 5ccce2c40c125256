import { MESSAGES, PERMISSION_CODES, type Permission, type RoleScope } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { AdminContext, AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Tx } from '../../lib/transaction.ts';
import { createThrottle } from '../throttle/service.ts';

type Db = PrismaClient | Tx;

const KNOWN = new Set<string>(PERMISSION_CODES);

/**
 * What the user may do in the administration console and how far it reaches: the union of their roles'
 * permissions, and the union of their scopes (a district-wide role reaches everything; a school role the user's
 * school; a subject role the user's stage and subject). Null when the user holds no admin permission.
 */
export const adminContextOf = async (db: Db, userId: number): Promise<AdminContext | null> => {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      userName: true,
      realName: true,
      schoolId: true,
      stageId: true,
      subjectId: true,
      status: true,
      roles: { select: { role: { select: { code: true, name: true, scope: true, permissions: true } } } },
    },
  });
  if (user?.status !== 'ACTIVE') return null;
  const permissions = new Set<Permission>();
  const scopes = new Set<string>();
  for (const { role } of user.roles) {
    const own = role.permissions.map((p) => p.permission).filter((p): p is Permission => KNOWN.has(p));
    if (own.length === 0) continue;
    for (const p of own) permissions.add(p);
    scopes.add(role.scope);
  }
  if (permissions.size === 0) return null;
  const scope: AdminScope = {
    all: scopes.has('all'),
    schoolId: scopes.has('school') ? user.schoolId : null,
    stageId: scopes.has('subject') ? user.stageId : null,
    subjectId: scopes.has('subject') ? user.subjectId : null,
  };
  return {
    userId: user.id,
    userName: user.userName,
    realName: user.realName,
    permissions,
    scope,
    roles: user.roles
      .filter(({ role }) => role.permissions.length > 0)
      .map(({ role }) => ({ code: role.code, name: role.name, scope: role.scope as RoleScope })),
  };
};

/** Refuses (403) unless the context holds the permission. */
export const requirePermission = (admin: AdminContext, permission: Permission) => {
  if (!admin.permissions.has(permission)) throw new AppError('FORBIDDEN', MESSAGES.console.common.permissionDenied);
};

/** Whether the scope reaches a member of `schoolId` (school administrators manage their own school's people). */
export const scopeReachesSchool = (scope: AdminScope, schoolId: number) => scope.all || scope.schoolId === schoolId;

/**
 * Whether the scope reaches a piece of content: written by a member of `authorSchoolId`, for `stageId`/`subjectId`.
 * A 教研员 with a stage and no subject reaches the whole stage.
 */
export const scopeReachesContent = (
  scope: AdminScope,
  content: { authorSchoolId: number; stageId: number | null; subjectId: number | null },
) =>
  scope.all ||
  (scope.schoolId !== null && scope.schoolId === content.authorSchoolId) ||
  (scope.stageId !== null &&
    scope.stageId === content.stageId &&
    (scope.subjectId === null || scope.subjectId === content.subjectId));

/** Refuses (403) what lies outside the administrator's scope. */
export const requireInScope = (inScope: boolean) => {
  if (!inScope) throw new AppError('FORBIDDEN', MESSAGES.console.common.outOfScope);
};

const REAUTH_RULE = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Sensitive console actions (payouts, role changes) ask for the administrator's login password again. Misses are
 * counted like login failures (5 in 15 minutes lock the confirmation for 15 minutes).
 */
export const confirmPassword = async (prisma: PrismaClient, userId: number, password: string | undefined) => {
  if (!password) throw new AppError('FORBIDDEN', MESSAGES.console.common.passwordRequired);
  const throttle = createThrottle(prisma);
  const key = `reauth:${userId}`;
  if (await throttle.lockedUntil(key)) throw new AppError('RATE_LIMITED', MESSAGES.login.locked);
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.fail(key, REAUTH_RULE);
    throw new AppError('FORBIDDEN', MESSAGES.console.common.passwordWrong);
  }
  await throttle.reset(key);
};
