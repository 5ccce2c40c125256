import { randomInt } from 'node:crypto';
import { chinaTimestampDigits, MESSAGES, makePageBean, type OrderView } from '@zyk/shared';
import type { Order, OrderStatus, PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, nowMs, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { isPublished } from '../../lib/visibility.ts';
import { resourceForSale } from '../library/catalog.ts';
import { listCoupons } from './coupons.ts';
import { type Tx, userBalances } from './ledger.ts';

export const toOrderView = (o: Order): OrderView => ({
  orderNo: o.orderNo,
  resourceId: o.resourceId,
  title: o.title,
  resourceType: o.resourceType,
  price: o.price,
  discount: o.discount,
  payAmount: o.payAmount,
  couponId: o.couponId,
  status: o.status,
  payMethod: o.payMethod,
  createdAt: o.createdAt.toISOString(),
  expiresAt: o.expiresAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
  closedAt: o.closedAt?.toISOString() ?? null,
});

/** 20 digits: China time to the second, then 6 random digits (the unique index catches the rare clash). */
const newOrderNo = (now = new Date()) =>
  `${chinaTimestampDigits(now)}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

/** Whether the user has paid for the resource (and not been refunded): the download rule's commerce input. */
export const hasPurchased = async (db: PrismaClient | Tx, userId: number, resourceId: number) =>
  (await db.order.count({ where: { buyerId: userId, resourceId, status: 'PAID' } })) > 0;

/** An own order or 404: another user's order number answers exactly like a missing one. */
export const findOwnOrder = async (db: PrismaClient | Tx, userId: number, orderNo: string) => {
  const order = await db.order.findUnique({ where: { orderNo } });
  if (!order || order.buyerId !== userId) throw new AppError('NOT_FOUND', MESSAGES.order.notFound);
  return order;
};

/** Ends a pending order (buyer cancels, or its payment window passed) and frees its reserved coupon. */
export const endPendingOrder = async (
  tx: Tx,
  orderId: number,
  status: Extract<OrderStatus, 'CANCELLED' | 'CLOSED'>,
) => {
  const ended = await tx.order.updateMany({
    where: { id: orderId, status: 'PENDING' },
    data: { status, closedAt: new Date() },
  });
  if (ended.count) await tx.coupon.updateMany({ where: { orderId, usedAt: null }, data: { orderId: null } });
  return ended.count > 0;
};

export interface OrderSettings {
  orderTimeoutMinutes: number;
  /** Payment windows open and close by it; default: system time. */
  clock?: Clock;
}

export const createOrderService = (prisma: PrismaClient, settings: OrderSettings) => {
  const clock = settings.clock ?? systemClock;
  const payInfo = async (userId: number, order: Order) => {
    const [balances, coupons, payAccount] = await Promise.all([
      userBalances(prisma, userId),
      listCoupons(
        prisma,
        userId,
        { orderId: order.id, price: order.price, resourceType: order.resourceType },
        clock.now(),
      ),
      prisma.payAccount.findUnique({ where: { userId } }),
    ]);
    return {
      order: toOrderView(order),
      balance: balances.balance,
      payPasswordSet: Boolean(payAccount?.payPasswordHash),
      usableCoupons: order.status === 'PENDING' ? coupons.usable.length : 0,
    };
  };

  /** A pending order past its window is closed on sight, so nobody pays a stale order. */
  const closeIfExpired = async (order: Order) => {
    if (order.status !== 'PENDING' || order.expiresAt > clock.now()) return order;
    await transaction(prisma, (tx) => endPendingOrder(tx, order.id, 'CLOSED'));
    return prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  };

  const openOrder = async (userId: number, resourceId: number): Promise<Order> => {
    const resource = await resourceForSale(prisma, resourceId);
    if (!resource || !isPublished(resource)) {
      throw new AppError('NOT_FOUND', MESSAGES.order.resourceUnavailable);
    }
    if (resource.price <= 0) throw new AppError('BAD_REQUEST', MESSAGES.order.freeResource);
    if (resource.authorId === userId) throw new AppError('BAD_REQUEST', MESSAGES.order.ownResource);
    if (await hasPurchased(prisma, userId, resourceId)) throw new AppError('CONFLICT', MESSAGES.order.alreadyPurchased);
    const pending = await prisma.order.findFirst({ where: { buyerId: userId, resourceId, status: 'PENDING' } });
    if (pending) {
      const current = await closeIfExpired(pending);
      if (current.status === 'PENDING') return current;
    }
    // ON CONFLICT DO NOTHING: when another request of the same buyer opened the pending order first (the partial
    // unique index allows one), this insert is skipped rather than failed, which under a burst of clicks costs far
    // less than a failed insert. Nothing inserted and no pending order means the order number clashed: try another.
    for (let attempt = 0; attempt < 4; attempt++) {
      const [created] = await prisma.order.createManyAndReturn({
        data: [
          {
            orderNo: newOrderNo(clock.now()),
            buyerId: userId,
            sellerId: resource.authorId,
            resourceId,
            title: resource.title,
            resourceType: resource.type,
            price: resource.price,
            payAmount: resource.price,
            // The service's clock, like the order number and expiry (a test clock or a replayed sale stays coherent).
            createdAt: clock.now(),
            expiresAt: new Date(nowMs(clock) + settings.orderTimeoutMinutes * 60_000),
          },
        ],
        skipDuplicates: true,
      });
      if (created) return created;
      const raced = await prisma.order.findFirst({ where: { buyerId: userId, resourceId, status: 'PENDING' } });
      if (raced) return raced;
    }
    throw new AppError('CONFLICT', MESSAGES.order.createFailed);
  };

  return {
    forResource: async (userId: number, resourceId: number) => payInfo(userId, await openOrder(userId, resourceId)),

    info: async (userId: number, orderNo: string) =>
      payInfo(userId, await closeIfExpired(await findOwnOrder(prisma, userId, orderNo))),

    status: async (userId: number, orderNo: string) => {
      const order = await closeIfExpired(await findOwnOrder(prisma, userId, orderNo));
      return { paid: order.status === 'PAID', order: toOrderView(order) };
    },

    cancel: async (userId: number, orderNo: string) => {
      const order = await findOwnOrder(prisma, userId, orderNo);
      if (order.status !== 'PENDING') {
        throw new AppError(
          'CONFLICT',
          order.status === 'PAID' ? MESSAGES.order.paidNoCancel : MESSAGES.order.endedNoCancel,
        );
      }
      const cancelled = await transaction(prisma, (tx) => endPendingOrder(tx, order.id, 'CANCELLED'));
      if (!cancelled) throw new AppError('CONFLICT', MESSAGES.order.statusChanged);
      return toOrderView(await prisma.order.findUniqueOrThrow({ where: { id: order.id } }));
    },

    hide: async (userId: number, orderNo: string) => {
      const order = await findOwnOrder(prisma, userId, orderNo);
      if (order.status === 'PENDING') throw new AppError('CONFLICT', MESSAGES.order.cancelBeforeHide);
      await prisma.order.update({ where: { id: order.id }, data: { hiddenByBuyer: true } });
      return { orderNo, hidden: true };
    },

    buyRecord: async (userId: number, q: { current: number; size: number; status?: OrderStatus }) => {
      const where = { buyerId: userId, hiddenByBuyer: false, ...(q.status ? { status: q.status } : {}) };
      const [rows, total] = await Promise.all([
        prisma.order.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (q.current - 1) * q.size,
          take: q.size,
        }),
        prisma.order.count({ where }),
      ]);
      return { objList: rows.map(toOrderView), pageBean: makePageBean(q.current, q.size, total) };
    },
  };
};

/** Closes every pending order past its payment window (the background timer and `pnpm admin close-orders`). */
export const closeExpiredOrders = async (prisma: PrismaClient, now = new Date()) => {
  const due = await prisma.order.findMany({
    where: { status: 'PENDING', expiresAt: { lte: now } },
    select: { id: true },
    take: 500,
  });
  let closed = 0;
  for (const { id } of due) {
    if (await transaction(prisma, (tx) => endPendingOrder(tx, id, 'CLOSED'))) closed++;
  }
  return closed;
};

/** Whether an administrator may still refund the order (refundOrder's rule: paid, income not settled yet). */
export const isRefundable = (o: Order) => o.status === 'PAID' && o.settledAt === null;

/** The console's refund page: paid (and refunded) orders, most recently paid first, by number, state and buyer. */
export const adminOrderPage = async (
  db: PrismaClient | Tx,
  q: { orderNo?: string; status?: 'PAID' | 'REFUNDED'; buyerId?: number; current: number; size: number },
) => {
  const where = {
    status: q.status ?? { in: ['PAID' as const, 'REFUNDED' as const] },
    ...(q.orderNo ? { orderNo: q.orderNo } : {}),
    ...(q.buyerId ? { buyerId: q.buyerId } : {}),
  };
  const [rows, total] = await Promise.all([
    db.order.findMany({
      where,
      orderBy: [{ paidAt: 'desc' }, { id: 'desc' }],
      skip: (q.current - 1) * q.size,
      take: q.size,
    }),
    db.order.count({ where }),
  ]);
  return { rows, total };
};

export const orderByNo = (db: PrismaClient | Tx, orderNo: string) => db.order.findUnique({ where: { orderNo } });
