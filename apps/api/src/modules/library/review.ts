import { MESSAGES, RESOURCE_TYPE_LABELS } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { batch } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';
import { resourceDetailLink } from './links.ts';
import { libraryChanged } from './page-cache.ts';

/**
 * Administrator decisions on resources and reports (used by the admin CLI). Each returns a Chinese sentence;
 * authors and reporters are told through messages, in the same transaction as the decision.
 */
export const createReviewAdmin = (prisma: PrismaClient) => {
  const find = async (id: number) => {
    const r = await prisma.resource.findUnique({ where: { id } });
    if (!r || r.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.resource.reviewNotFound(id));
    return r;
  };

  return {
    pending: () =>
      prisma.resource.findMany({
        where: { status: 'PENDING', deletedAt: null },
        orderBy: { createdAt: 'asc' },
        include: { author: { select: { realName: true, userName: true } } },
      }),

    approve: async (id: number) => {
      const r = await find(id);
      if (r.status !== 'PENDING') throw new AppError('CONFLICT', MESSAGES.resource.reviewNotPending(id));
      await batch(prisma, [
        prisma.resource.update({
          where: { id },
          data: { status: 'PUBLISHED', reviewNote: null, publishedAt: r.publishedAt ?? new Date() },
        }),
        sendMessage(prisma, {
          userId: r.authorId,
          type: 'review',
          title: `审核通过：${r.title}`,
          content: `您上传的${RESOURCE_TYPE_LABELS[r.type]}“${r.title}”已通过审核并发布。`,
          link: resourceDetailLink(r),
        }),
      ]);
      libraryChanged();
      return `已通过：${r.title}`;
    },

    reject: async (id: number, reason: string) => {
      const r = await find(id);
      if (r.status !== 'PENDING') throw new AppError('CONFLICT', MESSAGES.resource.reviewNotPending(id));
      await batch(prisma, [
        prisma.resource.update({ where: { id }, data: { status: 'REJECTED', reviewNote: reason } }),
        sendMessage(prisma, {
          userId: r.authorId,
          type: 'review',
          title: `审核未通过：${r.title}`,
          content: `您上传的${RESOURCE_TYPE_LABELS[r.type]}“${r.title}”未通过审核：${reason}。修改后可重新提交。`,
          link: '/personSpace/resource',
        }),
      ]);
      return `已驳回：${r.title}（${reason}）`;
    },

    /** Takes a published resource down and closes its open reports as acted upon. */
    takeDown: async (id: number, reason: string) => {
      const r = await find(id);
      const reporters = await prisma.report.findMany({
        where: { resourceId: id, status: 'OPEN' },
        select: { userId: true },
      });
      await batch(prisma, [
        prisma.resource.update({ where: { id }, data: { status: 'TAKEN_DOWN', reviewNote: reason } }),
        prisma.report.updateMany({
          where: { resourceId: id, status: 'OPEN' },
          data: { status: 'ACTIONED', resolution: reason, resolvedAt: new Date() },
        }),
        sendMessage(prisma, {
          userId: r.authorId,
          type: 'review',
          title: `资源已下架：${r.title}`,
          content: `您上传的“${r.title}”已被下架：${reason}。`,
          link: '/personSpace/resource',
        }),
        ...[...new Set(reporters.map((x) => x.userId))].map((userId) =>
          sendMessage(prisma, {
            userId,
            type: 'report',
            title: `举报已处理：${r.title}`,
            content: `感谢您的举报，该资源已下架（${reason}）。`,
          }),
        ),
      ]);
      libraryChanged();
      return `已下架：${r.title}（${reason}）`;
    },

    openReports: () =>
      prisma.report.findMany({
        where: { status: 'OPEN' },
        orderBy: { createdAt: 'asc' },
        include: { resource: { select: { title: true } } },
      }),

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
  };
};
