import type { PrismaClient } from '../../generated/prisma/client.ts';
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
    if (!item || item.deletedAt) throw new Error(`${label} ${id} 不存在或已删除`);
    if (item.status !== 'PENDING') throw new Error(`${label} ${id} 当前不在待审核状态`);
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
