import { chinaDateTime, makePageBean, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { checkedProfileChange, createUserAdmin } from '../account/admin.ts';
import { commitRoster, hashRosterPasswords, planRoster } from '../account/roster.ts';
import { confirmPassword, requireInScope, scopeReachesSchool } from '../auth/permissions.ts';
import { allRoles, checkedRoleChange } from '../auth/roles.ts';
import { sessionCountOf, setUserRoles, updateProfile, userPage } from '../auth/users.ts';
import { dictTree } from '../dict/service.ts';
import { listSchools } from '../org/schools.ts';
import { audited } from './audited.ts';
import {
  auditProfile,
  csvOf,
  PEOPLE_MESSAGES as M,
  reachableUser,
  roleOf,
  rosterActorOf,
  userRowsOf,
} from './people.ts';

/** The console's users: list, detail, create (through the roster's checks), edit, status, password, lock, roles. */
export default async function userRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const userAdmin = createUserAdmin(app.prisma);

  registerRoute(app, routes.adminUserList, async ({ admin, query }) => {
    if (!admin.scope.all) requireInScope(admin.scope.schoolId !== null);
    const { total, rows } = await userPage(
      app.prisma,
      {
        keyword: query.keyword,
        schoolIds: admin.scope.all ? undefined : [admin.scope.schoolId!],
        schoolId: query.schoolId,
        roleId: query.roleId,
        status: query.status,
        stageId: query.stageId,
        subjectId: query.subjectId,
      },
      { sort: query.sort, direction: query.order },
      { skip: (query.current - 1) * query.size, take: query.size },
    );
    return { objList: await userRowsOf(app, rows, true), pageBean: makePageBean(query.current, query.size, total) };
  });

  registerRoute(app, routes.adminUserDetail, async ({ admin, query }) => {
    const user = await reachableUser(app, admin, query.id);
    const [[row], lockedUntil, sessionCount] = await Promise.all([
      userRowsOf(app, [user], false),
      userAdmin.lockedUntilOf(user.id),
      sessionCountOf(app.prisma, user.id),
    ]);
    return {
      ...row!,
      memberId: user.memberId,
      lockedUntil: lockedUntil ? chinaDateTime(lockedUntil) : null,
      sessionCount,
      passwordChangedAt: user.passwordChangedAt ? chinaDateTime(user.passwordChangedAt) : null,
      updatedAt: chinaDateTime(user.updatedAt),
    };
  });

  registerRoute(app, routes.adminUserOptions, async ({ admin }) => {
    const [schools, roles, tree] = await Promise.all([
      listSchools(app.prisma),
      allRoles(app.prisma),
      dictTree(app.prisma),
    ]);
    return {
      schools: schools
        .filter((s) => scopeReachesSchool(admin.scope, s.id))
        .map((s) => ({ id: s.id, code: s.code, name: s.name, retired: s.retiredAt !== null })),
      roles: roles.map(roleOf),
      stages: tree.stages.map((s) => ({
        id: s.id,
        name: s.name,
        subjects: tree.subjects.filter((x) => x.stageId === s.id).map((x) => ({ id: x.id, name: x.name })),
      })),
    };
  });

  registerRoute(app, routes.adminUserCreate, async ({ admin, body, request }) => {
    const actor = rosterActorOf(admin);
    const csv = csvOf(body);
    const plan = await planRoster(app.prisma, csv, actor);
    const [row] = plan.result.rows;
    if (!row) throw badRequest(M.rosterEmpty);
    if (row.outcome === 'rejected') throw badRequest(row.reason ?? M.rosterEmpty);
    if (row.outcome !== 'create') throw badRequest(M.userNameTaken(body.userName.trim()));
    const hashes = await hashRosterPasswords(plan);
    return audited(app, request, admin, async (tx) => {
      const { result, changes } = await commitRoster(app.prisma, tx, csv, actor, hashes);
      const change = changes[0];
      // Someone created the same user name meanwhile: the commit planned an update, which this call must not make.
      if (change?.kind !== 'create') throw badRequest(result.rows[0]?.reason ?? M.userNameTaken(body.userName));
      return {
        data: { id: change.userId },
        audit: {
          action: 'user.create',
          targetType: 'user',
          targetId: change.userId,
          summary: `新建用户 ${change.after.realName}（${change.userName}）`,
          before: null,
          after: auditProfile(change.after),
        },
      };
    });
  });

  registerRoute(app, routes.adminUserUpdate, async ({ admin, body, request }) => {
    const user = await reachableUser(app, admin, body.id);
    const { before, after } = await checkedProfileChange(app.prisma, user, body, admin.scope.all);
    return audited(app, request, admin, async (tx) => {
      try {
        await updateProfile(tx, user.id, after);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT');
        throw error;
      }
      return {
        data: { id: user.id },
        audit: {
          action: 'user.update',
          targetType: 'user',
          targetId: user.id,
          summary: `编辑用户 ${after.realName}（${user.userName}）`,
          before: auditProfile(before),
          after: auditProfile(after),
        },
      };
    });
  });

  registerRoute(app, routes.adminUserSetStatus, async ({ admin, body, request }) => {
    const user = await reachableUser(app, admin, body.id);
    if (body.status === 'DISABLED' && user.id === admin.userId) throw badRequest(M.cannotDisableSelf);
    return audited(app, request, admin, async () => {
      if (!(await userAdmin.setStatusOf(user.id, body.status)))
        throw badRequest(M.alreadyInStatus(body.status === 'DISABLED'));
      const disabling = body.status === 'DISABLED';
      return {
        data: { id: user.id, status: body.status },
        audit: {
          action: disabling ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: user.id,
          summary: disabling
            ? `停用用户 ${user.realName}（${user.userName}），并退出其全部会话`
            : `启用用户 ${user.realName}（${user.userName}）`,
          before: { status: user.status },
          after: { status: body.status },
        },
      };
    });
  });

  registerRoute(app, routes.adminUserResetPassword, async ({ admin, body, request }) => {
    const user = await reachableUser(app, admin, body.id);
    return audited(app, request, admin, async () => {
      await userAdmin.resetPasswordOf(user.id, body.password);
      return {
        data: { id: user.id },
        audit: {
          action: 'user.password.reset',
          targetType: 'user',
          targetId: user.id,
          summary: `重置 ${user.realName}（${user.userName}）的登录密码，其全部会话已退出，登录锁定已解除`,
          before: { passwordChangedAt: user.passwordChangedAt },
          after: { passwordReset: true, sessionsEnded: true, unlocked: true },
        },
      };
    });
  });

  registerRoute(app, routes.adminUserUnlock, async ({ admin, body, request }) => {
    const user = await reachableUser(app, admin, body.id);
    return audited(app, request, admin, async () => {
      const wasLocked = await userAdmin.unlockOf(user.id);
      return {
        data: { id: user.id, wasLocked },
        audit: {
          action: 'user.unlock',
          targetType: 'user',
          targetId: user.id,
          summary: wasLocked
            ? `解除 ${user.realName}（${user.userName}）的登录锁定`
            : `解除 ${user.realName}（${user.userName}）的登录锁定（原本未锁定）`,
          before: { locked: wasLocked },
          after: { locked: false },
        },
      };
    });
  });

  registerRoute(app, routes.adminUserSetRoles, async ({ admin, body, request }) => {
    const user = await reachableUser(app, admin, body.id);
    const held = user.roles.map((r) => r.role);
    const { wanted, picked } = await checkedRoleChange(app.prisma, {
      held,
      roleIds: body.roleIds,
      byDistrict: admin.scope.all,
      ownAccount: user.id === admin.userId,
    });
    await confirmPassword(app.prisma, admin.userId, body.confirmPassword);
    return audited(app, request, admin, async (tx) => {
      const isAdmin = await setUserRoles(tx, user.id, wanted);
      const after = picked.map(roleOf);
      return {
        data: { id: user.id, roles: after },
        audit: {
          action: 'user.roles',
          targetType: 'user',
          targetId: user.id,
          summary: `将 ${user.realName}（${user.userName}）的角色设为：${after.map((r) => r.name).join('、')}`,
          before: { roles: held.map((r) => r.code), isAdmin: user.isAdmin },
          after: { roles: after.map((r) => r.code), isAdmin },
        },
      };
    });
  });
}
