import { MESSAGES, PERMISSION_CODES, type Permission } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/**
 * Roles and what they may do in the console. Permissions are data (role_permissions); the district
 * administrator's role is kept holding every one (checkedRolePermissions).
 */

/** The role every district keeps holding every permission, so nobody can lock the district out. */
export const DISTRICT_ROLE_CODE = 'district_admin';

/** Roles in their type order, each with its permissions and how many users hold it. */
export const rolesWithPermissions = (db: Db) =>
  db.role.findMany({
    orderBy: [{ roleTypeId: 'asc' }, { id: 'asc' }],
    include: { permissions: { select: { permission: true } }, _count: { select: { users: true } } },
  });
export type RoleWithPermissions = Awaited<ReturnType<typeof rolesWithPermissions>>[number];

/** Every role (id, code, name, scope), in their type order. */
export const allRoles = (db: Db) =>
  db.role.findMany({
    orderBy: [{ roleTypeId: 'asc' }, { id: 'asc' }],
    select: { id: true, code: true, name: true, scope: true },
  });

/** Replaces a role's permissions (run it in the caller's transaction: the role never holds half a set). */
export const setRolePermissions = async (db: Db, roleId: number, permissions: string[]) => {
  await db.rolePermission.deleteMany({ where: { roleId, permission: { notIn: permissions } } });
  await db.rolePermission.createMany({
    data: permissions.map((permission) => ({ roleId, permission })),
    skipDuplicates: true,
  });
};

interface RoleRef {
  id: number;
  scope: string;
}

/**
 * A new set of roles for a user, checked: every role exists; an administrator below the district changes no district-
 * or subject-wide role; nobody drops their own district role. Answers the roles asked for (in order, without repeats)
 * and the ones held; writes nothing.
 */
export const checkedRoleChange = async (
  db: Db,
  change: { held: RoleRef[]; roleIds: number[]; byDistrict: boolean; ownAccount: boolean },
) => {
  const M = MESSAGES.console.people;
  const roles = await allRoles(db);
  const wanted = [...new Set(change.roleIds)];
  const picked = wanted.map((id) => roles.find((r) => r.id === id));
  if (picked.some((r) => !r)) throw new AppError('BAD_REQUEST', M.roleNotFound);
  const chosen = picked as NonNullable<(typeof picked)[number]>[];
  const changed = [
    ...chosen.filter((r) => !change.held.some((h) => h.id === r.id)),
    ...change.held.filter((h) => !wanted.includes(h.id)),
  ];
  if (!change.byDistrict && changed.some((r) => r.scope === 'all' || r.scope === 'subject'))
    throw new AppError('FORBIDDEN', M.rolesOutOfScope);
  if (change.ownAccount && change.held.some((r) => r.scope === 'all') && !chosen.some((r) => r.scope === 'all'))
    throw new AppError('BAD_REQUEST', M.cannotDropOwnDistrictRole);
  return { wanted, picked: chosen };
};

/**
 * A role's new permissions, checked: only the district sets them, the district role keeps every one, a role that
 * reaches no one has none. Answers the role and the permissions in their listed order; writes nothing.
 */
export const checkedRolePermissions = async (
  db: Db,
  change: { roleId: number; permissions: string[]; byDistrict: boolean },
) => {
  const M = MESSAGES.console.people;
  if (!change.byDistrict) throw new AppError('FORBIDDEN', M.rolePermissionsDistrictOnly);
  const role = (await rolesWithPermissions(db)).find((r) => r.id === change.roleId);
  if (!role) throw new AppError('NOT_FOUND', M.roleNotFound);
  const wanted: Permission[] = PERMISSION_CODES.filter((p) => change.permissions.includes(p));
  if (role.code === DISTRICT_ROLE_CODE && wanted.length !== PERMISSION_CODES.length)
    throw new AppError('BAD_REQUEST', M.districtRoleKeepsAll);
  if (role.scope === 'none' && wanted.length > 0) throw new AppError('BAD_REQUEST', M.noneScopeNoPermissions);
  return { role, wanted };
};
