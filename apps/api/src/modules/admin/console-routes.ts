import { AUDIT_ACTIONS, type ConsoleIdentity, chinaDateTime, chinaDayStart, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { auditPage } from '../audit/service.ts';
import { dictNames } from '../dict/service.ts';
import { schoolNames } from '../org/schools.ts';

/** Who the administrator is, and the audit log. */
export default async function consoleRoutes(app: FastifyInstance, opts: { config: Config }) {
  registerRoute(app, routes.adminMe, async ({ admin }): Promise<ConsoleIdentity> => {
    const { scope } = admin;
    const [names, schools] = await Promise.all([
      dictNames(app.prisma),
      schoolNames(app.prisma, scope.schoolId === null ? [] : [scope.schoolId]),
    ]);
    return {
      userId: admin.userId,
      userName: admin.userName,
      realName: admin.realName,
      roles: admin.roles,
      permissions: [...admin.permissions],
      scope: {
        ...scope,
        schoolName: scope.schoolId === null ? null : (schools.get(scope.schoolId) ?? null),
        stageName: scope.stageId === null ? null : (names.get(scope.stageId) ?? null),
        subjectName: scope.subjectId === null ? null : (names.get(scope.subjectId) ?? null),
      },
      reviewLevels: opts.config.REVIEW_LEVELS,
    };
  });

  registerRoute(app, routes.adminAuditList, async ({ query }) => {
    const nextDay = (day: string) => new Date(chinaDayStart(day).getTime() + 86_400_000);
    const { total, rows } = await auditPage(app.prisma, {
      ...query,
      from: query.from ? chinaDayStart(query.from) : undefined,
      to: query.to ? nextDay(query.to) : undefined,
    });
    return {
      objList: rows.map((r) => ({
        id: r.id.toString(),
        actorId: r.actorId,
        actorName: r.actorName,
        action: r.action,
        actionLabel:
          AUDIT_ACTIONS[r.action] ?? (r.action.startsWith('cli.') ? `命令行 ${r.action.slice(4)}` : r.action),
        targetType: r.targetType,
        targetId: r.targetId,
        summary: r.summary,
        before: r.before,
        after: r.after,
        ip: r.ip,
        userAgent: r.userAgent,
        createdAt: chinaDateTime(r.createdAt),
      })),
      pageBean: {
        current: query.current,
        size: query.size,
        totalCount: total,
        totalPage: Math.ceil(total / query.size),
      },
      actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    };
  });
}
