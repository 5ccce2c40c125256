import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { batch, transaction } from '../../lib/transaction.ts';
import { peopleOf } from '../auth/users.ts';
import { sendMessage } from '../messages/service.ts';
import { libraryChanged } from './page-cache.ts';
import { approveResource, DISTRICT_REVIEWER, rejectResource, takeDownResource } from './review-queue.ts';

/**
 * Administrator decisions on resources and reports as the admin CLI makes them: as the district (it reaches
 * everything and publishes directly, whatever the review levels), through the same services as the console.
 * Each returns a Chinese sentence; authors and reporters are told through messages, in the same transaction.
 */
export const createReviewAdmin = (prisma: PrismaClient) => ({
  pending: async () => {
    const rows = await prisma.resource.findMany({
      where: { status: 'PENDING', deletedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    const people = await peopleOf(
      prisma,
      rows.map((r) => r.authorId),
    );
    return rows.map((r) => ({ ...r, authorName: people.get(r.authorId)?.realName ?? '' }));
  },

  approve: async (id: number) => {
    const done = await transaction(prisma, (tx) => approveResource(tx, DISTRICT_REVIEWER, 1, id));
    libraryChanged();
    return `已通过：${done.title}`;
  },

  reject: async (id: number, reason: string) => {
    const done = await transaction(prisma, (tx) => rejectResource(tx, DISTRICT_REVIEWER, 1, id, reason));
    return `已驳回：${done.title}（${reason}）`;
  },

  /** Takes a published resource down and closes its open reports as acted upon. */
  takeDown: async (id: number, reason: string) => {
    const done = await transaction(prisma, (tx) => takeDownResource(tx, DISTRICT_REVIEWER, id, reason));
    libraryChanged();
    return `已下架：${done.title}（${reason}）`;
  },

  openReports: () =>
    prisma.report.findMany({
      where: { status: 'OPEN' },
      orderBy: { createdAt: 'asc' },
      include: { resource: { select: { title: true } } },
    }),

  /** One report (the console dismisses all of a resource's open reports at once: reports.ts dismissReports). */
  dismissReport: async (id: number, reason: string) => {
    const report = await prisma.report.findUnique({
      where: { id },
      include: { resource: { select: { title: true } } },
    });
    if (report?.status !== 'OPEN') throw new AppError('NOT_FOUND', MESSAGES.report.notFoundOrHandled(id));
    await batch(prisma, [
      prisma.report.update({
        where: { id },
        data: { status: 'DISMISSED', resolution: reason, resolvedAt: new Date() },
      }),
      sendMessage(prisma, {
        userId: report.userId,
        type: 'report',
        title: `举报已处理：${report.resource.title}`,
        content: `经核查，该资源暂未发现问题（${reason}）。感谢您的反馈。`,
      }),
    ]);
    return `已驳回举报 ${id}`;
  },
});
