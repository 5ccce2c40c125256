import { fenToYuanText, type InvoiceItem, MESSAGES, makePageBean } from '@zyk/shared';
import { type Invoice, Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';

export interface NewInvoice {
  orderIds: number[];
  titleType: 'PERSONAL' | 'COMPANY';
  title: string;
  taxNumber?: string;
  email: string;
}

interface OrderRow {
  id: number;
  order_no: string;
  title: string;
  pay_amount: number;
  paid_at: Date | null;
}

type InvoiceOrder = InvoiceItem['orders'][number];

const toOrder = (o: OrderRow): InvoiceOrder => ({
  id: o.id,
  orderNo: o.order_no,
  title: o.title,
  payAmount: o.pay_amount,
  paidAt: o.paid_at?.toISOString() ?? null,
});

const toItem = (invoice: Invoice, orders: InvoiceOrder[]): InvoiceItem => ({
  id: invoice.id,
  titleType: invoice.titleType as InvoiceItem['titleType'],
  title: invoice.title,
  taxNumber: invoice.taxNumber,
  email: invoice.email,
  amount: invoice.amount,
  status: invoice.status,
  invoiceNo: invoice.invoiceNo,
  reviewNote: invoice.reviewNote,
  reviewedAt: invoice.reviewedAt?.toISOString() ?? null,
  createdAt: invoice.createdAt.toISOString(),
  orders,
});

/** Paid orders with money paid that no live invoice holds yet. */
const invoiceable = (userId: number) => Prisma.sql`
  o.buyer_id = ${userId} AND o.status = 'PAID' AND o.pay_amount > 0
  AND NOT EXISTS (SELECT 1 FROM invoice_items i WHERE i.order_id = o.id)`;

/**
 * Invoices for paid orders (issue #6, item 5). An order is on at most one live invoice: invoice_items is keyed by
 * the order id, so of two concurrent requests for the same order exactly one commits. A rejected invoice lets go of
 * its orders (its items are deleted) so they can be invoiced again.
 */
export const createInvoiceService = (prisma: PrismaClient) => ({
  apply: async (userId: number, input: NewInvoice): Promise<InvoiceItem> => {
    // Sorted, so two requests sharing orders insert their items in the same order (no deadlock, just a conflict).
    const orderIds = [...new Set(input.orderIds)].sort((a, b) => a - b);
    try {
      return await transaction(prisma, async (tx) => {
        // FOR SHARE: an order cannot be refunded while it is being put on an invoice.
        const orders = await tx.$queryRaw<OrderRow[]>`
          SELECT o.id, o.order_no, o.title, o.pay_amount, o.paid_at FROM orders o
          WHERE o.id IN (${Prisma.join(orderIds)}) AND o.buyer_id = ${userId} AND o.status = 'PAID'
          ORDER BY o.paid_at DESC, o.id DESC
          FOR SHARE`;
        if (orders.length !== orderIds.length) throw new AppError('BAD_REQUEST', MESSAGES.invoice.notOwnPaid);
        if (orders.some((o) => o.pay_amount <= 0)) throw new AppError('BAD_REQUEST', MESSAGES.invoice.zeroAmount);
        const taken = await tx.invoiceItem.count({ where: { orderId: { in: orderIds } } });
        if (taken > 0) throw new AppError('CONFLICT', MESSAGES.invoice.alreadyInvoiced);
        const invoice = await tx.invoice.create({
          data: {
            userId,
            titleType: input.titleType,
            title: input.title,
            taxNumber: input.taxNumber ?? null,
            email: input.email,
            amount: orders.reduce((sum, o) => sum + o.pay_amount, 0),
          },
        });
        // A concurrent request for one of these orders makes this insert fail (primary key) once it commits.
        await tx.invoiceItem.createMany({ data: orderIds.map((orderId) => ({ orderId, invoiceId: invoice.id })) });
        return toItem(invoice, orders.map(toOrder));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.invoice.alreadyInvoiced);
      throw error;
    }
  },

  /** The user's own invoices, newest first, each with its orders. */
  record: async (userId: number, q: { current: number; size: number }) => {
    const [invoices, total] = await Promise.all([
      prisma.invoice.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (q.current - 1) * q.size,
        take: q.size,
        include: { items: true },
      }),
      prisma.invoice.count({ where: { userId } }),
    ]);
    const orderIds = invoices.flatMap((i) => i.items.map((item) => item.orderId));
    const orders = orderIds.length
      ? await prisma.$queryRaw<OrderRow[]>`
          SELECT o.id, o.order_no, o.title, o.pay_amount, o.paid_at FROM orders o
          WHERE o.id IN (${Prisma.join(orderIds)}) AND o.buyer_id = ${userId}
          ORDER BY o.paid_at DESC, o.id DESC`
      : [];
    const byId = new Map(orders.map((o) => [o.id, toOrder(o)]));
    return {
      objList: invoices.map((invoice) =>
        toItem(
          invoice,
          invoice.items.flatMap((item) => byId.get(item.orderId) ?? []),
        ),
      ),
      pageBean: makePageBean(q.current, q.size, total),
    };
  },

  /** The user's paid orders that can still be invoiced, most recently paid first. */
  orders: async (userId: number, q: { current: number; size: number }) => {
    const [rows, count] = await Promise.all([
      prisma.$queryRaw<OrderRow[]>`
        SELECT o.id, o.order_no, o.title, o.pay_amount, o.paid_at FROM orders o
        WHERE ${invoiceable(userId)}
        ORDER BY o.paid_at DESC NULLS LAST, o.id DESC
        LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
      prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM orders o WHERE ${invoiceable(userId)}`,
    ]);
    return { objList: rows.map(toOrder), pageBean: makePageBean(q.current, q.size, Number(count[0]?.n ?? 0)) };
  },
});

/** A request that could not be decided: handled already (a conflict) or missing. */
const refuseUndecidable = async (tx: Prisma.TransactionClient, id: number): Promise<never> => {
  const exists = await tx.invoice.count({ where: { id } });
  throw new AppError(exists ? 'CONFLICT' : 'NOT_FOUND', MESSAGES.invoice.requestNotFoundOrHandled(id));
};

type Db = PrismaClient | Prisma.TransactionClient;

/** The console's list, with each invoice's orders: requested first, oldest first; decided ones latest first. */
export const invoicePage = async (
  db: Db,
  q: { status?: 'REQUESTED' | 'ISSUED' | 'REJECTED'; userId?: number; current: number; size: number },
) => {
  const where = { ...(q.status ? { status: q.status } : {}), ...(q.userId ? { userId: q.userId } : {}) };
  const orderBy: Prisma.InvoiceOrderByWithRelationInput[] =
    q.status && q.status !== 'REQUESTED'
      ? [{ reviewedAt: 'desc' }, { id: 'desc' }]
      : [{ status: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];
  const [invoices, total] = await Promise.all([
    db.invoice.findMany({ where, orderBy, skip: (q.current - 1) * q.size, take: q.size, include: { items: true } }),
    db.invoice.count({ where }),
  ]);
  return { rows: await withOrders(db, invoices), total };
};

/** One invoice with its orders (null: none with this id). */
export const invoiceById = async (db: Db, id: number) => {
  const invoice = await db.invoice.findUnique({ where: { id }, include: { items: true } });
  return invoice ? ((await withOrders(db, [invoice]))[0] ?? null) : null;
};

const withOrders = async (db: Db, invoices: (Invoice & { items: { orderId: number }[] })[]) => {
  const orderIds = invoices.flatMap((i) => i.items.map((item) => item.orderId));
  const orders = orderIds.length
    ? await db.$queryRaw<OrderRow[]>`
        SELECT o.id, o.order_no, o.title, o.pay_amount, o.paid_at FROM orders o
        WHERE o.id IN (${Prisma.join(orderIds)}) ORDER BY o.paid_at DESC, o.id DESC`
    : [];
  const byId = new Map(orders.map((o) => [o.id, toOrder(o)]));
  return invoices.map((invoice) => ({
    ...toItem(
      invoice,
      invoice.items.flatMap((item) => byId.get(item.orderId) ?? []),
    ),
    userId: invoice.userId,
  }));
};

/** Administrator side (admin CLI and console): requested invoices, issue with the invoice number, reject with a reason. */
export const createInvoiceAdmin = (prisma: PrismaClient) => ({
  requested: () =>
    prisma.invoice.findMany({
      where: { status: 'REQUESTED' },
      orderBy: [{ createdAt: 'asc' }],
      include: { items: true },
    }),

  issue: async (id: number, invoiceNo: string) => {
    const number = invoiceNo.trim();
    if (!/^[0-9A-Za-z-]{6,32}$/.test(number)) throw new AppError('BAD_REQUEST', MESSAGES.invoice.invoiceNoFormat);
    return transaction(prisma, async (tx) => {
      const { count } = await tx.invoice.updateMany({
        where: { id, status: 'REQUESTED' },
        data: { status: 'ISSUED', invoiceNo: number, reviewedAt: new Date() },
      });
      if (count === 0) await refuseUndecidable(tx, id);
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id } });
      await sendMessage(tx, {
        userId: invoice.userId,
        type: 'review',
        title: '发票申请结果：已开具',
        content: `您申请的发票（抬头：${invoice.title}，金额 ¥${fenToYuanText(invoice.amount)}）已开具，发票号码 ${number}，将发送至 ${invoice.email}。`,
        link: '/invoicing',
      });
      return `已开具发票 ${number}（申请 ${id}）`;
    });
  },

  /** Rejects a request and lets go of its orders, so they can be invoiced again. */
  reject: async (id: number, reason: string) => {
    const note = reason.trim();
    if (!note) throw new AppError('BAD_REQUEST', MESSAGES.admin.rejectReasonRequired);
    return transaction(prisma, async (tx) => {
      const { count } = await tx.invoice.updateMany({
        where: { id, status: 'REQUESTED' },
        data: { status: 'REJECTED', reviewNote: note, reviewedAt: new Date() },
      });
      if (count === 0) await refuseUndecidable(tx, id);
      const freed = await tx.invoiceItem.deleteMany({ where: { invoiceId: id } });
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id } });
      await sendMessage(tx, {
        userId: invoice.userId,
        type: 'review',
        title: '发票申请结果：已驳回',
        content: `您申请的发票（抬头：${invoice.title}，金额 ¥${fenToYuanText(invoice.amount)}）未能开具，原因：${note}。相关订单可重新申请开票。`,
        link: '/invoicing',
      });
      return `已驳回开票申请 ${id}，释放订单 ${freed.count} 个`;
    });
  },
});
