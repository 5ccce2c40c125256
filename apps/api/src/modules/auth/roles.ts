import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/**
 * Roles and what they may do in the console. Permissions are data (role_permissions); the district
 * administrator's role is kept holding every one by the console's rules (admin/people-routes.ts).
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
