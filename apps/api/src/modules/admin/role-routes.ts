import { type AdminRoleRow, PERMISSION_CODES, type Permission, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { confirmPassword } from '../auth/permissions.ts';
import {
  checkedRolePermissions,
  DISTRICT_ROLE_CODE,
  type RoleWithPermissions,
  rolesWithPermissions,
  setRolePermissions,
} from '../auth/roles.ts';
import { audited } from './audited.ts';
import { roleOf } from './people.ts';

/** The console's roles: each role with its permissions and holders, and setting a role's permissions. */
export default async function roleRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const known = new Set<string>(PERMISSION_CODES);
  const roleRowOf = (r: RoleWithPermissions): AdminRoleRow => ({
    ...roleOf(r),
    // In the order of PERMISSIONS, so the console lists them alike everywhere.
    permissions: PERMISSION_CODES.filter((p) => r.permissions.some((x) => x.permission === p)),
    userCount: r._count.users,
    fixed: r.code === DISTRICT_ROLE_CODE,
  });

  registerRoute(app, routes.adminRoleList, async () => (await rolesWithPermissions(app.prisma)).map(roleRowOf));

  registerRoute(app, routes.adminRoleSetPermissions, async ({ admin, body, request }) => {
    const { role, wanted } = await checkedRolePermissions(app.prisma, {
      roleId: body.roleId,
      permissions: body.permissions,
      byDistrict: admin.scope.all,
    });
    await confirmPassword(app.prisma, admin.userId, body.confirmPassword);
    return audited(app, request, admin, async (tx) => {
      await setRolePermissions(tx, role.id, wanted);
      const after = (await rolesWithPermissions(tx)).find((r) => r.id === role.id)!;
      const before = role.permissions.map((p) => p.permission).filter((p): p is Permission => known.has(p));
      return {
        data: roleRowOf(after),
        audit: {
          action: 'role.permissions',
          targetType: 'role',
          targetId: role.id,
          summary: `设置角色“${role.name}”的权限（${wanted.length} 项）`,
          before: { permissions: PERMISSION_CODES.filter((p) => before.includes(p)) },
          after: { permissions: wanted },
        },
      };
    });
  });
}
