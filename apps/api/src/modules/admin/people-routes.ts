import {
  type AdminRoleRow,
  type AdminSchoolRow,
  type AdminUserRow,
  chinaDateTime,
  isStrongPassword,
  isValidIdCard,
  isValidPhone,
  MESSAGES,
  makePageBean,
  PERMISSION_CODES,
  type Permission,
  ROSTER_COLUMNS,
  type RoleScope,
  routes,
} from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { type AdminContext, registerRoute } from '../../lib/contract.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { maskIdCard } from '../../lib/mask.ts';
import { createUserAdmin } from '../account/admin.ts';
import { commitRoster, hashRosterPasswords, planRoster, type RosterActor } from '../account/roster.ts';
import { confirmPassword, requireInScope, scopeReachesSchool } from '../auth/permissions.ts';
import {
  allRoles,
  DISTRICT_ROLE_CODE,
  type RoleWithPermissions,
  rolesWithPermissions,
  setRolePermissions,
} from '../auth/roles.ts';
import {
  memberCountsBySchool,
  type ProfileFields,
  sessionCountOf,
  setUserRoles,
  type UserWithRoles,
  updateProfile,
  userPage,
  usersForRoster,
  userWithRoles,
} from '../auth/users.ts';
import { createCenterService } from '../center/service.ts';
import { dictNames, dictTree } from '../dict/service.ts';
import {
  createSchool,
  DEFAULT_SCHOOL_ID,
  listSchools,
  schoolByCode,
  schoolById,
  schoolNames,
  setSchoolRetired,
  updateSchool,
} from '../org/schools.ts';
import { audited } from './audited.ts';

const M = MESSAGES.console.people;
const bad = (msg: string) => new AppError('BAD_REQUEST', msg);

/** A school administrator imports into their school only, and gives no admin roles; the district does both. */
const rosterActorOf = (admin: AdminContext): RosterActor => {
  if (!admin.scope.all) requireInScope(admin.scope.schoolId !== null);
  return {
    schoolId: admin.scope.all ? null : admin.scope.schoolId,
    mayGrantAdminRoles: admin.scope.all && admin.permissions.has('users.roles'),
  };
};

/** One roster row as CSV (the console's 新建用户 goes through the roster's checks). */
const csvOf = (values: Record<string, string>) => {
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  return `${ROSTER_COLUMNS.join(',')}\n${ROSTER_COLUMNS.map((c) => quote(values[c] ?? '')).join(',')}`;
};

/** What the audit log keeps of a user's profile (the ID card masked; never the password hash). */
const auditProfile = (p: ProfileFields & { userName?: string }) => ({ ...p, idCard: maskIdCard(p.idCard) });

const roleOf = (r: { id: number; code: string; name: string; scope: string }) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  scope: r.scope as RoleScope,
});

/** The console's people api: users, the roster import, schools and the permissions of roles. */
export default async function peopleRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const userAdmin = createUserAdmin(app.prisma);
  const center = createCenterService(app.prisma);

  const rowsOf = async (users: UserWithRoles[], maskId: boolean): Promise<AdminUserRow[]> => {
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
  const reachableUser = async (admin: AdminContext, id: number) => {
    const user = await userWithRoles(app.prisma, id);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    requireInScope(scopeReachesSchool(admin.scope, user.schoolId));
    return user;
  };

  registerPeopleUserRoutes();
  registerRosterRoutes();
  registerSchoolRoutes();
  registerRoleRoutes();

  function registerPeopleUserRoutes() {
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
      return { objList: await rowsOf(rows, true), pageBean: makePageBean(query.current, query.size, total) };
    });

    registerRoute(app, routes.adminUserDetail, async ({ admin, query }) => {
      const user = await reachableUser(admin, query.id);
      const [[row], lockedUntil, sessionCount] = await Promise.all([
        rowsOf([user], false),
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
      if (!row) throw bad(M.rosterEmpty);
      if (row.outcome === 'rejected') throw bad(row.reason ?? M.rosterEmpty);
      if (row.outcome !== 'create') throw bad(M.userNameTaken(body.userName.trim()));
      const hashes = await hashRosterPasswords(plan);
      return audited(app, request, admin, async (tx) => {
        const { result, changes } = await commitRoster(app.prisma, tx, csv, actor, hashes);
        const change = changes[0];
        // Someone created the same user name meanwhile: the commit planned an update, which this call must not make.
        if (change?.kind !== 'create') throw bad(result.rows[0]?.reason ?? M.userNameTaken(body.userName));
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
      const user = await reachableUser(admin, body.id);
      const phone = body.phone.trim();
      const idCard = body.idCard.trim().toUpperCase();
      if (phone && !isValidPhone(phone)) throw bad(M.phoneInvalid);
      if (idCard && !isValidIdCard(idCard)) throw bad(M.idCardInvalid);
      const tree = await dictTree(app.prisma);
      if (body.stageId !== null && !tree.stages.some((s) => s.id === body.stageId)) throw bad(M.stageNotFound);
      if (body.subjectId !== null) {
        if (body.stageId === null) throw bad(M.subjectNeedsStage);
        if (!tree.subjects.some((s) => s.id === body.subjectId && s.stageId === body.stageId))
          throw bad(M.subjectNotOfStage);
      }
      const schoolId = body.schoolId ?? user.schoolId;
      if (schoolId !== user.schoolId) {
        if (!admin.scope.all) throw new AppError('FORBIDDEN', M.schoolOnlyDistrict);
        const school = await schoolById(app.prisma, schoolId);
        if (!school) throw bad(M.schoolNotFound);
        if (school.retiredAt) throw bad(M.schoolRetired(school.name));
      }
      const holders = await usersForRoster(app.prisma, {
        userNames: [],
        phones: phone ? [phone] : [],
        idCards: idCard ? [idCard] : [],
      });
      const phoneHolder = phone ? holders.find((h) => h.phone === phone && h.id !== user.id) : undefined;
      if (phoneHolder) throw bad(M.phoneTaken(phoneHolder.userName));
      const idHolder = idCard ? holders.find((h) => h.idCard === idCard && h.id !== user.id) : undefined;
      if (idHolder) throw bad(M.idCardTaken(idHolder.userName));

      const before: ProfileFields = {
        realName: user.realName,
        phone: user.phone,
        idCard: user.idCard,
        stageId: user.stageId,
        subjectId: user.subjectId,
        schoolId: user.schoolId,
      };
      const after: ProfileFields = {
        realName: body.realName,
        phone: phone || null,
        idCard: idCard || null,
        stageId: body.stageId,
        subjectId: body.subjectId,
        schoolId,
      };
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
      const user = await reachableUser(admin, body.id);
      if (body.status === 'DISABLED' && user.id === admin.userId) throw bad(M.cannotDisableSelf);
      return audited(app, request, admin, async () => {
        if (!(await userAdmin.setStatusOf(user.id, body.status)))
          throw bad(M.alreadyInStatus(body.status === 'DISABLED'));
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
      const user = await reachableUser(admin, body.id);
      if (!isStrongPassword(body.password)) throw bad(MESSAGES.account.passwordWeak);
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
      const user = await reachableUser(admin, body.id);
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
      const user = await reachableUser(admin, body.id);
      const roles = await allRoles(app.prisma);
      const wanted = [...new Set(body.roleIds)];
      const picked = wanted.map((id) => roles.find((r) => r.id === id));
      if (picked.some((r) => !r)) throw bad(M.roleNotFound);
      const held = user.roles.map((r) => r.role);
      const changed = [
        ...picked.filter((r) => !held.some((h) => h.id === r!.id)),
        ...held.filter((h) => !wanted.includes(h.id)),
      ];
      if (!admin.scope.all && changed.some((r) => r!.scope === 'all' || r!.scope === 'subject'))
        throw new AppError('FORBIDDEN', M.rolesOutOfScope);
      if (user.id === admin.userId && held.some((r) => r.scope === 'all') && !picked.some((r) => r!.scope === 'all'))
        throw bad(M.cannotDropOwnDistrictRole);
      await confirmPassword(app.prisma, admin.userId, body.confirmPassword);
      return audited(app, request, admin, async (tx) => {
        const isAdmin = await setUserRoles(tx, user.id, wanted);
        const after = picked.map((r) => roleOf(r!));
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

  function registerRosterRoutes() {
    registerRoute(app, routes.adminRosterPreview, async ({ admin, body, request }) => {
      const actor = rosterActorOf(admin);
      const { result } = await planRoster(app.prisma, body.csv, actor);
      // Looking at a roster reads every row's people: who looked is kept like any other console action.
      return audited(app, request, admin, async () => ({
        data: result,
        audit: {
          action: 'roster.preview',
          targetType: 'roster',
          summary: `预览名册（${result.rows.length} 行：新建 ${result.counts.create}，更新 ${result.counts.update}，不变 ${result.counts.unchanged}，拒绝 ${result.counts.rejected}）`,
          after: result.counts,
        },
      }));
    });

    registerRoute(app, routes.adminRosterCommit, async ({ admin, body, request }) => {
      const actor = rosterActorOf(admin);
      const hashes = await hashRosterPasswords(await planRoster(app.prisma, body.csv, actor));
      return audited(app, request, admin, async (tx) => {
        const { result, changes } = await commitRoster(app.prisma, tx, body.csv, actor, hashes);
        return {
          data: result,
          audit: [
            {
              action: 'roster.import',
              targetType: 'roster',
              summary: `导入名册（${result.rows.length} 行：新建 ${result.counts.create}，更新 ${result.counts.update}，不变 ${result.counts.unchanged}，拒绝 ${result.counts.rejected}）`,
              after: {
                ...result.counts,
                rejected: result.rows
                  .filter((r) => r.outcome === 'rejected')
                  .map((r) => ({ line: r.line, userName: r.values.userName, reason: r.reason })),
              },
            },
            ...changes.map((c) => ({
              action: c.kind === 'create' ? 'roster.user.create' : 'roster.user.update',
              targetType: 'user',
              targetId: c.userId,
              summary: `名册导入${c.kind === 'create' ? '新建' : '更新'}用户 ${c.after.realName}（${c.userName}）`,
              before: c.before ? auditProfile(c.before) : null,
              after: auditProfile(c.after),
            })),
          ],
        };
      });
    });
  }

  function registerSchoolRoutes() {
    /** 省 / 市 / 区县 of each code, through the area tree the public 地区 api serves (lists memoised per call). */
    const areaPaths = async (codes: Iterable<string>) => {
      const lists = new Map<string, Promise<{ code: string; name: string }[]>>();
      const childrenOf = (parent: string | undefined) => {
        const key = parent ?? '';
        if (!lists.has(key)) lists.set(key, center.areas(parent));
        return lists.get(key)!;
      };
      const paths = new Map<string, { code: string; name: string }[]>();
      for (const code of new Set(codes)) {
        const chain = [...new Set([`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code])];
        const path: { code: string; name: string }[] = [];
        for (const step of chain) {
          const found = (await childrenOf(path.at(-1)?.code)).find((a) => a.code === step);
          if (!found) break;
          path.push({ code: found.code, name: found.name });
        }
        paths.set(code, path);
      }
      return paths;
    };

    const checkArea = async (areaCode: string | null) => {
      if (areaCode === null) return;
      const path = (await areaPaths([areaCode])).get(areaCode) ?? [];
      if (path.at(-1)?.code !== areaCode) throw bad(M.areaNotFound);
    };

    const checkCodeFree = async (code: string, exceptId?: number) => {
      const holder = await schoolByCode(app.prisma, code);
      if (holder && holder.id !== exceptId) throw bad(M.schoolCodeTaken(code));
    };

    const fieldsOf = (body: { code: string; name: string; areaCode: string | null; sort: number }) => ({
      code: body.code,
      name: body.name,
      areaCode: body.areaCode,
      sort: body.sort,
    });

    /** A unique violation means another administrator took the code meanwhile. */
    const codeRace = (code: string) => (error: unknown) => {
      if (isUniqueViolation(error)) throw bad(M.schoolCodeTaken(code));
      throw error;
    };

    registerRoute(app, routes.adminSchoolList, async ({ query }): Promise<AdminSchoolRow[]> => {
      const [schools, counts] = await Promise.all([
        listSchools(app.prisma, query.keyword),
        memberCountsBySchool(app.prisma),
      ]);
      const paths = await areaPaths(schools.flatMap((s) => (s.areaCode ? [s.areaCode] : [])));
      return schools.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        areaCode: s.areaCode,
        areaPath: s.areaCode ? (paths.get(s.areaCode) ?? []) : [],
        sort: s.sort,
        retired: s.retiredAt !== null,
        memberCount: counts.get(s.id) ?? 0,
        isDefault: s.id === DEFAULT_SCHOOL_ID,
      }));
    });

    registerRoute(app, routes.adminSchoolCreate, async ({ admin, body, request }) => {
      await checkArea(body.areaCode);
      await checkCodeFree(body.code);
      return audited(app, request, admin, async (tx) => {
        const school = await createSchool(tx, fieldsOf(body)).catch(codeRace(body.code));
        return {
          data: { id: school.id },
          audit: {
            action: 'school.create',
            targetType: 'school',
            targetId: school.id,
            summary: `新建学校 ${school.name}（${school.code}）`,
            before: null,
            after: fieldsOf(school),
          },
        };
      });
    });

    registerRoute(app, routes.adminSchoolUpdate, async ({ admin, body, request }) => {
      const school = await schoolById(app.prisma, body.id);
      if (!school) throw new AppError('NOT_FOUND', M.schoolNotFound);
      await checkArea(body.areaCode);
      await checkCodeFree(body.code, school.id);
      return audited(app, request, admin, async (tx) => {
        const after = await updateSchool(tx, school.id, fieldsOf(body)).catch(codeRace(body.code));
        return {
          data: { id: school.id },
          audit: {
            action: 'school.update',
            targetType: 'school',
            targetId: school.id,
            summary: `编辑学校 ${after.name}（${after.code}）`,
            before: fieldsOf(school),
            after: fieldsOf(after),
          },
        };
      });
    });

    registerRoute(app, routes.adminSchoolRetire, async ({ admin, body, request }) => {
      const school = await schoolById(app.prisma, body.id);
      if (!school) throw new AppError('NOT_FOUND', M.schoolNotFound);
      if (body.retired && school.id === DEFAULT_SCHOOL_ID) throw bad(M.defaultSchoolStays);
      return audited(app, request, admin, async (tx) => {
        if (!(await setSchoolRetired(tx, school.id, body.retired)))
          throw bad(body.retired ? M.schoolAlreadyRetired : M.schoolNotRetired);
        return {
          data: { id: school.id, retired: body.retired },
          audit: {
            action: body.retired ? 'school.retire' : 'school.restore',
            targetType: 'school',
            targetId: school.id,
            summary: `${body.retired ? '停用' : '恢复'}学校 ${school.name}（${school.code}）`,
            before: { retired: school.retiredAt !== null },
            after: { retired: body.retired },
          },
        };
      });
    });
  }

  function registerRoleRoutes() {
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
      if (!admin.scope.all) throw new AppError('FORBIDDEN', M.rolePermissionsDistrictOnly);
      const role = (await rolesWithPermissions(app.prisma)).find((r) => r.id === body.roleId);
      if (!role) throw new AppError('NOT_FOUND', M.roleNotFound);
      const wanted = PERMISSION_CODES.filter((p) => body.permissions.includes(p));
      if (role.code === DISTRICT_ROLE_CODE && wanted.length !== PERMISSION_CODES.length)
        throw bad(M.districtRoleKeepsAll);
      if (role.scope === 'none' && wanted.length > 0) throw bad(M.noneScopeNoPermissions);
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
}
