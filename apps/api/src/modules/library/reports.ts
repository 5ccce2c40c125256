import { MESSAGES, makePageBean, REPORT_CATEGORIES, type ReportGroup } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';
import { PUBLISHED } from '../../lib/visibility.ts';
import { requireInScope, scopeReachesContent } from '../auth/permissions.ts';
import { peopleOf, schoolsOfUsers } from '../auth/users.ts';
import { sendMessage } from '../messages/service.ts';
import { DEFAULT_SCHOOL_ID } from '../org/schools.ts';
import { scopeCondition } from './review-queue.ts';

export const createReportService = (prisma: PrismaClient) => ({
  /** One open report per user and resource; reporting again while it is open is a conflict. */
  report: async (userId: number, resourceId: number, category: string, content: string) => {
    const resource = await prisma.resource.findFirst({
      where: { id: resourceId, ...PUBLISHED },
    });
    if (!resource) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrUnpublished);
    const open = await prisma.report.findFirst({ where: { userId, resourceId, status: 'OPEN' } });
    if (open) throw new AppError('CONFLICT', MESSAGES.report.alreadyReported);
    const created = await prisma.report.create({ data: { userId, resourceId, category, content } });
    return { id: created.id };
  },
});

const LATEST_SHOWN = 5;

/**
 * Open reports grouped by resource for the console: how many, of which categories, by whom, the latest texts. Only
 * resources the scope reaches and not deleted; most reported first. With `category`, only resources reported for it.
 */
export const openReportGroups = async (
  prisma: PrismaClient,
  scope: AdminScope,
  input: { current: number; size: number; category?: string | undefined },
) => {
  const where = [Prisma.sql`rp.status = 'OPEN'`, Prisma.sql`r.deleted_at IS NULL`, await scopeCondition(prisma, scope)];
  const having = input.category ? Prisma.sql`HAVING bool_or(rp.category = ${input.category})` : Prisma.empty;
  const grouped = Prisma.sql`
    SELECT rp.resource_id, count(*)::int AS n, min(rp.created_at) AS first_at, max(rp.created_at) AS last_at
    FROM reports rp JOIN resources r ON r.id = rp.resource_id
    WHERE ${Prisma.join(where, ' AND ')}
    GROUP BY rp.resource_id ${having}`;
  const [groups, total] = await Promise.all([
    prisma.$queryRaw<{ resource_id: number; n: number; first_at: Date; last_at: Date }[]>`
      SELECT * FROM (${grouped}) g ORDER BY g.n DESC, g.last_at DESC, g.resource_id
      LIMIT ${input.size} OFFSET ${(input.current - 1) * input.size}`,
    prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${grouped}) g`,
  ]);
  const ids = groups.map((g) => g.resource_id);
  const [resources, reports] = await Promise.all([
    prisma.resource.findMany({
      where: { id: { in: ids } },
      select: { id: true, title: true, type: true, status: true, authorId: true },
    }),
    prisma.report.findMany({ where: { resourceId: { in: ids }, status: 'OPEN' }, orderBy: { createdAt: 'desc' } }),
  ]);
  const people = await peopleOf(prisma, [...resources.map((r) => r.authorId), ...reports.map((r) => r.userId)]);
  const nameOf = (id: number) => people.get(id)?.realName ?? '';
  const byId = new Map(resources.map((r) => [r.id, r]));
  const labelOf = (category: string) => REPORT_CATEGORIES[category as keyof typeof REPORT_CATEGORIES] ?? category;
  const objList: ReportGroup[] = groups.map((g) => {
    const resource = byId.get(g.resource_id)!;
    const own = reports.filter((r) => r.resourceId === g.resource_id);
    const counts = new Map<string, number>();
    for (const r of own) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
    return {
      resourceId: g.resource_id,
      title: resource.title,
      type: resource.type,
      status: resource.status,
      authorName: nameOf(resource.authorId),
      count: g.n,
      categories: [...counts].map(([category, count]) => ({ category, label: labelOf(category), count })),
      reporters: [...new Set(own.map((r) => nameOf(r.userId)))],
      latest: own.slice(0, LATEST_SHOWN).map((r) => ({
        id: r.id,
        reporterName: nameOf(r.userId),
        category: r.category,
        label: labelOf(r.category),
        content: r.content,
        createdAt: r.createdAt.toISOString(),
      })),
      firstAt: g.first_at.toISOString(),
      lastAt: g.last_at.toISOString(),
    };
  });
  return { objList, pageBean: makePageBean(input.current, input.size, Number(total[0]?.n ?? 0)) };
};

/**
 * Dismisses every open report of a resource (the resource stays as it is); each reporter is told. Closes exactly
 * the reports it read, atomically: of two dismissals at once one closes them, the other finds none open.
 */
export const dismissReports = async (tx: Tx, scope: AdminScope, resourceId: number, note: string) => {
  const resource = await tx.resource.findUnique({ where: { id: resourceId } });
  if (!resource || resource.deletedAt) {
    throw new AppError('NOT_FOUND', MESSAGES.console.review.resourceNotFound(resourceId));
  }
  const schools = await schoolsOfUsers(tx, [resource.authorId]);
  requireInScope(
    scopeReachesContent(scope, {
      authorSchoolId: schools.get(resource.authorId) ?? DEFAULT_SCHOOL_ID,
      stageId: resource.stageId,
      subjectId: resource.subjectId,
    }),
  );
  const open = await tx.report.findMany({ where: { resourceId, status: 'OPEN' }, select: { id: true, userId: true } });
  if (open.length === 0) throw new AppError('CONFLICT', MESSAGES.console.review.noOpenReports(resourceId));
  const { count } = await tx.report.updateMany({
    where: { id: { in: open.map((r) => r.id) }, status: 'OPEN' },
    data: { status: 'DISMISSED', resolution: note, resolvedAt: new Date() },
  });
  if (count !== open.length) throw new AppError('CONFLICT', MESSAGES.console.review.alreadyHandled(resource.title));
  for (const userId of new Set(open.map((r) => r.userId))) {
    await sendMessage(tx, {
      userId,
      type: 'report',
      title: `举报已处理：${resource.title}`,
      content: `经核查，该资源暂未发现问题（${note}）。感谢您的反馈。`,
    });
  }
  return { resourceId, title: resource.title, closed: open.length };
};
