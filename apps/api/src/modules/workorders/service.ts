import { MESSAGES, makePageBean } from '@zyk/shared';
import type { PrismaClient, WorkOrder } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';
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

type Db = PrismaClient | Tx;

/** A work order as the console lists it: the item plus whose it is. */
export const workOrderRecord = (w: WorkOrder) => ({ ...toItem(w), userId: w.userId });

/** Work orders for the console, newest first, optionally of one status. */
export const workOrderPage = async (
  db: Db,
  q: { current: number; size: number; status?: 'OPEN' | 'IN_PROGRESS' | 'ANSWERED' | 'CLOSED' },
) => {
  const where = q.status ? { status: q.status } : {};
  const [rows, total] = await Promise.all([
    db.workOrder.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.current - 1) * q.size,
      take: q.size,
    }),
    db.workOrder.count({ where }),
  ]);
  return { rows: rows.map(workOrderRecord), total };
};

/**
 * Answers a work order and tells its author by message, in the caller's transaction. The status changes only
 * from a state that is not closed (checked in the same UPDATE), so a reply racing a close cannot reopen it.
 */
export const replyWorkOrder = async (db: Tx, id: number, reply: string) => {
  const before = await db.workOrder.findUnique({ where: { id } });
  if (!before) throw new AppError('NOT_FOUND', MESSAGES.workOrder.notFound(id));
  const { count } = await db.workOrder.updateMany({
    where: { id, status: { not: 'CLOSED' } },
    data: { reply, repliedAt: new Date(), status: 'ANSWERED' },
  });
  if (count === 0) throw new AppError('CONFLICT', MESSAGES.workOrder.closed(id));
  await sendMessage(db, {
    userId: before.userId,
    type: 'work_order',
    title: `工单已回复：${before.title}`,
    content: reply,
    link: `/personSpace/message?workOrder=${id}`,
  });
  const after = await db.workOrder.findUniqueOrThrow({ where: { id } });
  return { before: workOrderRecord(before), after: workOrderRecord(after) };
};

/** Closes a work order that is not closed yet (checked in the UPDATE). */
export const closeWorkOrder = async (db: Db, id: number) => {
  const before = await db.workOrder.findUnique({ where: { id } });
  const { count } = await db.workOrder.updateMany({
    where: { id, status: { not: 'CLOSED' } },
    data: { status: 'CLOSED' },
  });
  if (!before || count === 0) throw new AppError('CONFLICT', MESSAGES.workOrder.notFoundOrClosed(id));
  const after = await db.workOrder.findUniqueOrThrow({ where: { id } });
  return { before: workOrderRecord(before), after: workOrderRecord(after) };
};

/** Administrator side (admin CLI): list, answer (the author gets a message), close. */
export const createWorkOrderAdmin = (prisma: PrismaClient) => ({
  open: () =>
    prisma.workOrder.findMany({ where: { status: { in: ['OPEN', 'IN_PROGRESS'] } }, orderBy: { createdAt: 'asc' } }),

  answer: async (id: number, reply: string) => {
    await transaction(prisma, (tx) => replyWorkOrder(tx, id, reply));
    return `已回复工单 ${id}`;
  },

  close: async (id: number) => {
    await closeWorkOrder(prisma, id);
    return `已关闭工单 ${id}`;
  },
});
