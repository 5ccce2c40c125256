import { type AdminUserRow, chinaDateTime, MESSAGES, ROSTER_COLUMNS, type RoleScope } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { AdminContext } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { maskIdCard } from '../../lib/mask.ts';
import type { RosterActor } from '../account/roster.ts';
import { requireInScope, scopeReachesSchool } from '../auth/permissions.ts';
import { type ProfileFields, type UserWithRoles, userWithRoles } from '../auth/users.ts';
import { dictNames } from '../dict/service.ts';
import { schoolNames } from '../org/schools.ts';

/** What the console's people pages share: users, the roster, schools and roles (user-, roster-, school-, role-routes). */

export const PEOPLE_MESSAGES = MESSAGES.console.people;

/** A school administrator imports into their school only, and gives no admin roles; the district does both. */
export const rosterActorOf = (admin: AdminContext): RosterActor => {
  if (!admin.scope.all) requireInScope(admin.scope.schoolId !== null);
  return {
    schoolId: admin.scope.all ? null : admin.scope.schoolId,
    mayGrantAdminRoles: admin.scope.all && admin.permissions.has('users.roles'),
  };
};

/** One roster row as CSV (the console's 新建用户 goes through the roster's checks). */
export const csvOf = (values: Record<string, string>) => {
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  return `${ROSTER_COLUMNS.join(',')}\n${ROSTER_COLUMNS.map((c) => quote(values[c] ?? '')).join(',')}`;
};

/** What the audit log keeps of a user's profile (the ID card masked; never the password hash). */
export const auditProfile = (p: ProfileFields & { userName?: string }) => ({ ...p, idCard: maskIdCard(p.idCard) });

export const roleOf = (r: { id: number; code: string; name: string; scope: string }) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  scope: r.scope as RoleScope,
});

/** Users as the console's table shows them, with school and stage/subject names (ID cards masked in lists). */
export const userRowsOf = async (
  app: FastifyInstance,
  users: UserWithRoles[],
  maskId: boolean,
): Promise<AdminUserRow[]> => {
  const [schools, names] = await Promise.all([
    schoolNames(
      app.prisma,
      users.map((u) => u.schoolId),
    ),
    dictNames(app.prisma),
  ]);
  return users.map((u) => ({
    id: u.id,
    userName: u.userName,
    realName: u.realName,
    phone: u.phone,
    idCard: maskId ? maskIdCard(u.idCard) : u.idCard,
    schoolId: u.schoolId,
    schoolName: schools.get(u.schoolId) ?? '',
    stageId: u.stageId,
    stageName: u.stageId === null ? null : (names.get(u.stageId) ?? null),
    subjectId: u.subjectId,
    subjectName: u.subjectId === null ? null : (names.get(u.subjectId) ?? null),
    roles: u.roles.map((r) => roleOf(r.role)),
    status: u.status,
    createdAt: chinaDateTime(u.createdAt),
  }));
};

/** The user, when the administrator's scope reaches them (404 / 403 otherwise). */
export const reachableUser = async (app: FastifyInstance, admin: AdminContext, id: number) => {
  const user = await userWithRoles(app.prisma, id);
  if (!user) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.userNotFound);
  requireInScope(scopeReachesSchool(admin.scope, user.schoolId));
  return user;
};
