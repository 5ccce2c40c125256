import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';

/** Administrator review of courses and topics (admin CLI), the same flow as resources; the author is told. */
export const createClassroomReview = (prisma: PrismaClient) => {
  const decide = async (kind: 'course' | 'topic', id: number, approve: boolean, note?: string) => {
    const item =
      kind === 'course'
        ? await prisma.course.findUnique({ where: { id } })
        : await prisma.topic.findUnique({ where: { id } });
    const label = kind === 'course' ? '课程' : '专题';
    const texts = kind === 'course' ? MESSAGES.course : MESSAGES.topic;
    if (!item || item.deletedAt) throw new AppError('NOT_FOUND', texts.reviewNotFound(id));
    if (item.status !== 'PENDING') throw new AppError('CONFLICT', texts.reviewNotPending(id));
    const data = approve
      ? { status: 'PUBLISHED' as const, reviewNote: null, publishedAt: item.publishedAt ?? new Date() }
      : { status: 'REJECTED' as const, reviewNote: note ?? '' };
    await transaction(prisma, async (tx) => {
      if (kind === 'course') await tx.course.update({ where: { id }, data });
      else await tx.topic.update({ where: { id }, data });
      await sendMessage(tx, {
        userId: item.authorId,
        type: 'review',
        title: `${label}审核${approve ? '通过' : '未通过'}：${item.title}`,
        content: approve ? `您的${label}“${item.title}”已发布。` : `您的${label}“${item.title}”未通过审核：${note}`,
        link: kind === 'course' ? `/pcourse/courseDetail?id=${id}` : `/pcourse/topicDetail?id=${id}`,
      });
    });
    return `${approve ? '已通过' : '已驳回'}${label}：${item.title}`;
  };
  return {
    pending: async () => ({
      courses: await prisma.course.findMany({
        where: { status: 'PENDING', deletedAt: null },
        orderBy: { createdAt: 'asc' },
      }),
      topics: await prisma.topic.findMany({
        where: { status: 'PENDING', deletedAt: null },
        orderBy: { createdAt: 'asc' },
      }),
    }),
    approve: (kind: 'course' | 'topic', id: number) => decide(kind, id, true),
    reject: (kind: 'course' | 'topic', id: number, note: string) => decide(kind, id, false, note),
  };
};
