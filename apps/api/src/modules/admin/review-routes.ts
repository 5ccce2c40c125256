import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AdminContext } from '../../lib/contract.ts';
import { registerRoute } from '../../lib/contract.ts';
import { classroomQueuePage, decideClassroom } from '../courses/review.ts';
import { libraryChanged } from '../library/page-cache.ts';
import { dismissReports, openReportGroups } from '../library/reports.ts';
import {
  approveResources,
  type Reviewer,
  registerReviewerFileRule,
  rejectResource,
  resourceForReview,
  reviewQueuePage,
  takeDownResource,
} from '../library/review-queue.ts';
import { type AuditOf, audited } from './audited.ts';

const reviewerOf = (admin: AdminContext): Reviewer => ({ userId: admin.userId, scope: admin.scope });

/**
 * The console's review api: the resource queue (one or two levels, REVIEW_LEVELS), courses and topics, and
 * reports. The decisions are the library's and the courses module's; every one is audited. Changes to what the
 * public lists show call libraryChanged() after their transaction has committed, so no page cached meanwhile
 * keeps the old state.
 */
export default async function reviewRoutes(app: FastifyInstance, opts: { config: Config }) {
  const levels = opts.config.REVIEW_LEVELS;
  // Reviewers open the files of pending resources in their scope (the preview in the review drawer).
  registerReviewerFileRule(app);

  registerRoute(app, routes.adminReviewQueue, async ({ admin, query }) => ({
    ...(await reviewQueuePage(app.prisma, reviewerOf(admin), levels, query)),
    reviewLevels: levels,
  }));

  registerRoute(app, routes.adminReviewResource, ({ admin, query }) =>
    resourceForReview(app.prisma, reviewerOf(admin), levels, query.id),
  );

  registerRoute(app, routes.adminReviewApprove, async ({ request, admin, body }) => {
    const data = await audited(app, request, admin, async (tx) => {
      const { approved, skipped } = await approveResources(tx, reviewerOf(admin), levels, body.ids);
      const audit: AuditOf[] = approved.map((a) => ({
        action: a.outcome === 'published' ? 'resource.approve' : 'resource.school_approve',
        targetType: 'resource',
        targetId: String(a.id),
        summary: `${a.outcome === 'published' ? '审核通过并发布' : '学校初审通过'}资源《${a.title}》`,
        before: a.before,
        after: a.after,
      }));
      return {
        data: {
          approved: approved.map(({ id, title, outcome }) => ({ id, title, outcome })),
          skipped,
        },
        audit,
      };
    });
    if (data.approved.some((a) => a.outcome === 'published')) libraryChanged();
    return data;
  });

  registerRoute(app, routes.adminReviewReject, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const done = await rejectResource(tx, reviewerOf(admin), levels, body.id, body.reason);
      return {
        data: { id: done.id, title: done.title },
        audit: {
          action: 'resource.reject',
          targetType: 'resource',
          targetId: String(done.id),
          summary: `驳回资源《${done.title}》：${body.reason}`,
          before: done.before,
          after: done.after,
        },
      };
    }),
  );

  /** A takedown from the queue or from the reports page: the same service, audited under its own action. */
  const takeDown = async (
    request: Parameters<typeof audited>[1],
    admin: AdminContext,
    id: number,
    reason: string,
    action: 'resource.takedown' | 'report.takedown',
  ) => {
    const done = await audited(app, request, admin, async (tx) => {
      const taken = await takeDownResource(tx, reviewerOf(admin), id, reason, {
        onReports: action === 'report.takedown',
      });
      return {
        data: taken,
        audit: {
          action,
          targetType: 'resource',
          targetId: String(id),
          summary: `下架资源《${taken.title}》：${reason}${taken.closedReports ? `（关闭举报 ${taken.closedReports} 条）` : ''}`,
          before: taken.before,
          after: taken.after,
        },
      };
    });
    libraryChanged();
    return done;
  };

  registerRoute(app, routes.adminReviewTakedown, async ({ request, admin, body }) => {
    const done = await takeDown(request, admin, body.id, body.reason, 'resource.takedown');
    return { id: done.id, title: done.title };
  });

  registerRoute(app, routes.adminClassroomQueue, ({ admin, query }) =>
    classroomQueuePage(app.prisma, admin.scope, query),
  );

  const classroomLabel = { course: '课程', topic: '专题' } as const;

  registerRoute(app, routes.adminClassroomApprove, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const done = await decideClassroom(tx, admin.scope, body.kind, body.id, { approve: true });
      return {
        data: { id: done.id, title: done.title },
        audit: {
          action: `${body.kind}.approve`,
          targetType: body.kind,
          targetId: String(done.id),
          summary: `审核通过${classroomLabel[body.kind]}《${done.title}》`,
          before: done.before,
          after: done.after,
        },
      };
    }),
  );

  registerRoute(app, routes.adminClassroomReject, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const done = await decideClassroom(tx, admin.scope, body.kind, body.id, {
        approve: false,
        reason: body.reason,
      });
      return {
        data: { id: done.id, title: done.title },
        audit: {
          action: `${body.kind}.reject`,
          targetType: body.kind,
          targetId: String(done.id),
          summary: `驳回${classroomLabel[body.kind]}《${done.title}》：${body.reason}`,
          before: done.before,
          after: done.after,
        },
      };
    }),
  );

  registerRoute(app, routes.adminReportGroups, ({ admin, query }) => openReportGroups(app.prisma, admin.scope, query));

  registerRoute(app, routes.adminReportDismiss, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const done = await dismissReports(tx, admin.scope, body.resourceId, body.note);
      return {
        data: { resourceId: done.resourceId, closed: done.closed },
        audit: {
          action: 'report.dismiss',
          targetType: 'resource',
          targetId: String(done.resourceId),
          summary: `驳回对资源《${done.title}》的 ${done.closed} 条举报：${body.note}`,
          before: { openReports: done.closed },
          after: { openReports: 0, resolution: body.note },
        },
      };
    }),
  );

  registerRoute(app, routes.adminReportTakedown, async ({ request, admin, body }) => {
    const done = await takeDown(request, admin, body.resourceId, body.reason, 'report.takedown');
    return { resourceId: done.id, closed: done.closedReports };
  });
}
