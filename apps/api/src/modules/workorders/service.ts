import { MESSAGES, makePageBean } from '@zyk/shared';
import type { PrismaClient, WorkOrder } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { ownsAllFiles } from '../files/records.ts';
import { sendMessage } from '../messages/service.ts';

const toItem = (w: WorkOrder) => ({
  id: w.id,
  category: w.category,
  title: w.title,
  description: w.description,
  contact: w.contact,
  attachmentIds: w.attachmentIds,
  status: w.status,
  reply: w.reply,
  repliedAt: w.repliedAt?.toISOString() ?? null,
  createdAt: w.createdAt.toISOString(),
});

export interface NewWorkOrder {
  category: string;
  title: string;
  description: string;
  contact: string;
  attachmentIds: string[];
}

export const createWorkOrderService = (prisma: PrismaClient) => ({
  insert: async (userId: number, input: NewWorkOrder) => {
    const ids = [...new Set(input.attachmentIds)];
    if (ids.length) {
      if (!(await ownsAllFiles(prisma, userId, ids)))
        throw new AppError('BAD_REQUEST', MESSAGES.workOrder.attachmentsNotOwned);
    }
    return toItem(await prisma.workOrder.create({ data: { ...input, attachmentIds: ids, userId } }));
  },

  /** The user's own work orders only. */
  mine: async (userId: number, q: { current: number; size: number; id?: number }) => {
    const where = { userId, ...(q.id ? { id: q.id } : {}) };
    const [rows, total] = await Promise.all([
      prisma.workOrder.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (q.current - 1) * q.size,
        take: q.size,
      }),
      prisma.workOrder.count({ where }),
    ]);
    return { objList: rows.map(toItem), pageBean: makePageBean(q.current, q.size, total) };
  },
});

/** Administrator side (admin CLI): list, answer (the author gets a message), close. */
export const createWorkOrderAdmin = (prisma: PrismaClient) => ({
  open: () =>
    prisma.workOrder.findMany({ where: { status: { in: ['OPEN', 'IN_PROGRESS'] } }, orderBy: { createdAt: 'asc' } }),

  answer: async (id: number, reply: string) => {
    const order = await prisma.workOrder.findUnique({ where: { id } });
    if (!order) throw new AppError('NOT_FOUND', MESSAGES.workOrder.notFound(id));
    if (order.status === 'CLOSED') throw new AppError('CONFLICT', MESSAGES.workOrder.closed(id));
    await transaction(prisma, async (tx) => {
      await tx.workOrder.update({ where: { id }, data: { reply, repliedAt: new Date(), status: 'ANSWERED' } });
      await sendMessage(tx, {
        userId: order.userId,
        type: 'work_order',
        title: `工单已回复：${order.title}`,
        content: reply,
        link: `/personSpace/message?workOrder=${id}`,
      });
    });
    return `已回复工单 ${id}`;
  },

  close: async (id: number) => {
    const { count } = await prisma.workOrder.updateMany({
      where: { id, status: { not: 'CLOSED' } },
      data: { status: 'CLOSED' },
    });
    if (count === 0) throw new AppError('NOT_FOUND', MESSAGES.workOrder.notFoundOrClosed(id));
    return `已关闭工单 ${id}`;
  },
});
