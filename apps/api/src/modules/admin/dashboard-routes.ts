import {
  chinaDate,
  chinaDayStart,
  type DashboardData,
  type DashboardFigures,
  JOB_TASK_NAMES,
  makePageBean,
  routes,
} from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { type AdminContext, registerRoute } from '../../lib/contract.ts';
import { accountNamesOf, activeSchoolCounts, newUserCounts, type PeopleScope, userIdsInScope } from '../auth/stats.ts';
import { userIdsOfSchool } from '../auth/users.ts';
import { allAreas, createArea, moveArea, renameArea } from '../center/areas.ts';
import { salesFigures, soldResourceIdsSince } from '../commerce/console-stats.ts';
import { adminDictTree, createDictEntry, moveDictEntry, updateDictEntry } from '../dict/admin.ts';
import { dictNames, forgetDictCaches } from '../dict/service.ts';
import { storedBytes } from '../files/stats.ts';
import { libraryChanged } from '../library/page-cache.ts';
import { type ContentScope, libraryDashboard, resourceIdsOfSubject } from '../library/stats.ts';
import { schoolNames } from '../org/schools.ts';
import { describeTools } from '../preview/tools.ts';
import { closeWorkOrder, replyWorkOrder, workOrderPage } from '../workorders/service.ts';
import { audited } from './audited.ts';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;

/** The China day `offset` days after `day` ('2026-11-22'). */
const addDays = (day: string, offset: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * What the dashboard's figures cover for this administrator. Roles' scopes are combined by reach: a district-wide
 * role shows everything; otherwise a school role shows the school (its members' uploads, the traffic and sales of
 * their resources, its new accounts and storage), and a 教研员 role the stage and subject (resources of that stage and
 * subject; new accounts and storage of teachers of it). An administrator holding both a school and a subject role
 * sees the school's figures.
 */
const dashboardScope = async (app: FastifyInstance, admin: AdminContext) => {
  const { scope } = admin;
  if (scope.all) {
    return {
      kind: 'all' as const,
      label: '全区',
      content: { kind: 'all' } as ContentScope,
      people: { kind: 'all' } as PeopleScope,
    };
  }
  if (scope.schoolId !== null) {
    const [members, names] = await Promise.all([
      userIdsOfSchool(app.prisma, scope.schoolId),
      schoolNames(app.prisma, [scope.schoolId]),
    ]);
    return {
      kind: 'school' as const,
      label: `本校：${names.get(scope.schoolId) ?? ''}`,
      content: { kind: 'authors', authorIds: members } as ContentScope,
      people: { kind: 'school', schoolId: scope.schoolId } as PeopleScope,
      members,
    };
  }
  const stageId = scope.stageId ?? 0;
  const names = await dictNames(app.prisma);
  return {
    kind: 'subject' as const,
    label: `${names.get(stageId) ?? ''}${scope.subjectId === null ? '（全部学科）' : (names.get(scope.subjectId) ?? '')}`,
    content: { kind: 'subject', stageId, subjectId: scope.subjectId } as ContentScope,
    people: { kind: 'subject', stageId, subjectId: scope.subjectId } as PeopleScope,
  };
};

/** The console's dashboard, dictionaries and areas, and work orders. */
export default async function dashboardRoutes(app: FastifyInstance, _opts: { config: Config }) {
  registerRoute(app, routes.adminDashboard, async ({ admin }): Promise<DashboardData> => {
    const today = chinaDate();
    const todayStart = chinaDayStart(today);
    const sinceDay = addDays(today, -(WINDOW_DAYS - 1));
    const since = chinaDayStart(sinceDay);
    const window = { since, sinceDay, todayStart };
    const scope = await dashboardScope(app, admin);

    const sales = async () => {
      if (scope.kind === 'all') return salesFigures(app.prisma, window);
      if (scope.kind === 'school') return salesFigures(app.prisma, window, { sellerIds: scope.members });
      const { stageId, subjectId } = scope.content as Extract<ContentScope, { kind: 'subject' }>;
      const sold = await soldResourceIdsSince(app.prisma, since);
      const resourceIds = await resourceIdsOfSubject(app.prisma, sold, stageId, subjectId);
      return salesFigures(app.prisma, window, { resourceIds });
    };
    const storage = async () => {
      if (scope.kind === 'all') return storedBytes(app.prisma);
      if (scope.kind === 'school') return storedBytes(app.prisma, scope.members);
      return storedBytes(app.prisma, await userIdsInScope(app.prisma, scope.people));
    };
    const [library, sold, newUsers, storageBytes, jobs] = await Promise.all([
      libraryDashboard(app.prisma, window, scope.content),
      sales(),
      newUserCounts(app.prisma, window, scope.people),
      storage(),
      // The queue is the district's machinery: shown to district-wide administrators only.
      scope.kind === 'all' ? app.jobs.counts() : Promise.resolve([]),
    ]);
    const active = await activeSchoolCounts(
      app.prisma,
      window,
      { today: library.uploaderIdsToday, window: library.uploaderIds },
      scope.people,
    );

    const days = Array.from({ length: WINDOW_DAYS }, (_, i) => {
      const day = addDays(sinceDay, i);
      const found = library.perDay.get(day);
      return { day, uploads: found?.uploads ?? 0, downloads: found?.downloads ?? 0, views: found?.views ?? 0 };
    });
    const sum = (key: 'uploads' | 'downloads' | 'views') => days.reduce((n, d) => n + d[key], 0);
    const todayRow = days[days.length - 1]!;
    const todayFigures: DashboardFigures = {
      uploads: todayRow.uploads,
      downloads: todayRow.downloads,
      views: todayRow.views,
      sales: sold.today.count,
      salesAmount: sold.today.amount,
      newTeachers: newUsers.today,
      activeSchools: active.today,
    };
    const windowFigures: DashboardFigures = {
      uploads: sum('uploads'),
      downloads: sum('downloads'),
      views: sum('views'),
      sales: sold.last30Days.count,
      salesAmount: sold.last30Days.amount,
      newTeachers: newUsers.last30Days,
      activeSchools: active.last30Days,
    };
    return {
      scope: { kind: scope.kind, label: scope.label },
      today: todayFigures,
      last30Days: windowFigures,
      pendingReviews: library.pendingReviews,
      storageBytes,
      days,
      jobs: jobs.map((j) => ({ ...j, name: JOB_TASK_NAMES[j.task] ?? j.task })),
      converters: scope.kind === 'all' ? describeTools(app.previews.tools) : [],
    };
  });

  // ---- Dictionaries ----

  /**
   * After a committed dictionary change: this process's dictionary caches, and the cached first pages of lists and
   * searches (which subject names search understands, and what the pickers filter by, may have changed).
   */
  const dictChanged = () => {
    forgetDictCaches();
    libraryChanged();
  };

  registerRoute(app, routes.adminDictTree, () => adminDictTree(app.prisma));

  registerRoute(app, routes.adminDictCreate, async ({ body, admin, request }) => {
    const created = await audited(app, request, admin, async (tx) => {
      const entry = await createDictEntry(tx, body);
      const what = body.stageId === undefined ? '学段' : '学科';
      return {
        data: entry,
        audit: {
          action: 'dict.create',
          targetType: 'dict',
          targetId: String(entry.id),
          summary: `新增${what}“${entry.name}”`,
          before: null,
          after: entry,
        },
      };
    });
    dictChanged();
    return created;
  });

  registerRoute(app, routes.adminDictUpdate, async ({ body, admin, request }) => {
    const updated = await audited(app, request, admin, async (tx) => {
      const { before, after, level } = await updateDictEntry(tx, body);
      const what = level === 1 ? '学段' : '学科';
      const changes = [
        before.name !== after.name ? `改名为“${after.name}”` : '',
        before.enabled !== after.enabled ? (after.enabled ? '启用' : '停用') : '',
        before.aliases.join('、') !== after.aliases.join('、') ? `别名改为“${after.aliases.join('、') || '无'}”` : '',
      ].filter(Boolean);
      return {
        data: after,
        audit: {
          action: 'dict.update',
          targetType: 'dict',
          targetId: String(after.id),
          summary: `${what}“${before.name}”：${changes.join('，') || '无变化'}`,
          before,
          after,
        },
      };
    });
    dictChanged();
    return updated;
  });

  registerRoute(app, routes.adminDictMove, async ({ body, admin, request }) => {
    const result = await audited(app, request, admin, async (tx) => {
      const moved = await moveDictEntry(tx, body.id, body.direction);
      return {
        data: { moved: moved.moved },
        audit: {
          action: 'dict.move',
          targetType: 'dict',
          targetId: String(body.id),
          summary: `“${moved.entry.name}”${body.direction === 'up' ? '上移' : '下移'}${moved.moved ? `：第 ${moved.before} 位 → 第 ${moved.after} 位` : '（已在边上，未移动）'}`,
          before: { position: moved.before },
          after: { position: moved.after },
        },
      };
    });
    dictChanged();
    return result;
  });

  // ---- Areas ----

  registerRoute(app, routes.adminAreaList, () => allAreas(app.prisma));

  registerRoute(app, routes.adminAreaCreate, ({ body, admin, request }) =>
    audited(app, request, admin, async (tx) => {
      const area = await createArea(tx, body);
      return {
        data: area,
        audit: {
          action: 'area.create',
          targetType: 'area',
          targetId: area.code,
          summary: `新增地区“${area.name}”（${area.code}）`,
          before: null,
          after: area,
        },
      };
    }),
  );

  registerRoute(app, routes.adminAreaUpdate, ({ body, admin, request }) =>
    audited(app, request, admin, async (tx) => {
      const { before, after } = await renameArea(tx, body.code, body.name);
      return {
        data: after,
        audit: {
          action: 'area.update',
          targetType: 'area',
          targetId: after.code,
          summary: `地区“${before.name}”改名为“${after.name}”`,
          before,
          after,
        },
      };
    }),
  );

  registerRoute(app, routes.adminAreaMove, ({ body, admin, request }) =>
    audited(app, request, admin, async (tx) => {
      const moved = await moveArea(tx, body.code, body.direction);
      return {
        data: { moved: moved.moved },
        audit: {
          action: 'area.move',
          targetType: 'area',
          targetId: body.code,
          summary: `地区“${moved.area.name}”${body.direction === 'up' ? '上移' : '下移'}${moved.moved ? `：第 ${moved.before} 位 → 第 ${moved.after} 位` : '（已在边上，未移动）'}`,
          before: { position: moved.before },
          after: { position: moved.after },
        },
      };
    }),
  );

  // ---- Work orders ----

  const withNames = async <T extends { userId: number }>(rows: T[]) => {
    const names = await accountNamesOf(
      app.prisma,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      ...r,
      userName: names.get(r.userId)?.userName ?? '',
      realName: names.get(r.userId)?.realName ?? '',
    }));
  };

  registerRoute(app, routes.adminWorkOrderList, async ({ query }) => {
    const { rows, total } = await workOrderPage(app.prisma, query);
    return { objList: await withNames(rows), pageBean: makePageBean(query.current, query.size, total) };
  });

  registerRoute(app, routes.adminWorkOrderReply, async ({ body, admin, request }) => {
    const after = await audited(app, request, admin, async (tx) => {
      const change = await replyWorkOrder(tx, body.id, body.reply);
      return {
        data: change.after,
        audit: {
          action: 'workorder.reply',
          targetType: 'work_order',
          targetId: String(body.id),
          summary: `回复工单“${change.before.title}”`,
          before: change.before,
          after: change.after,
        },
      };
    });
    return (await withNames([after]))[0]!;
  });

  registerRoute(app, routes.adminWorkOrderClose, async ({ body, admin, request }) => {
    const after = await audited(app, request, admin, async (tx) => {
      const change = await closeWorkOrder(tx, body.id);
      return {
        data: change.after,
        audit: {
          action: 'workorder.close',
          targetType: 'work_order',
          targetId: String(body.id),
          summary: `关闭工单“${change.before.title}”`,
          before: change.before,
          after: change.after,
        },
      };
    });
    return (await withNames([after]))[0]!;
  });
}
