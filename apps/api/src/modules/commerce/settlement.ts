import { fenToYuanText } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';
import { post } from './ledger.ts';

const DAY_MS = 86_400_000;

/** When a sale paid at `paidAt` becomes withdrawable. */
export const settlesAt = (paidAt: Date, settlementDays: number) => new Date(paidAt.getTime() + settlementDays * DAY_MS);

/**
 * Moves the income of every sale older than the settlement period from pending to available, once per order
 * (the conditional update is the guard when two workers run). `asOf` lets an administrator settle ahead of time.
 */
export const settleDueIncome = async (prisma: PrismaClient, settlementDays: number, asOf = new Date()) => {
  const due = await prisma.order.findMany({
    where: { status: 'PAID', settledAt: null, paidAt: { lte: new Date(asOf.getTime() - settlementDays * DAY_MS) } },
    select: { id: true },
    orderBy: { paidAt: 'asc' },
    take: 1000,
  });
  let settled = 0;
  for (const { id } of due) {
    const done = await transaction(prisma, async (tx) => {
      const claimed = await tx.order.updateMany({
        where: { id, status: 'PAID', settledAt: null },
        data: { settledAt: new Date() },
      });
      if (!claimed.count) return false;
      const order = await tx.order.findUniqueOrThrow({ where: { id } });
      if (order.sellerIncome > 0) {
        await post(tx, {
          kind: 'SETTLEMENT',
          memo: `订单 ${order.orderNo} 收入结算`,
          orderId: order.id,
          lines: [
            { account: { kind: 'INCOME_PENDING', userId: order.sellerId }, amount: -order.sellerIncome },
            { account: { kind: 'INCOME_AVAILABLE', userId: order.sellerId }, amount: order.sellerIncome },
          ],
        });
        await sendMessage(tx, {
          userId: order.sellerId,
          type: 'sale',
          title: '收入已结算',
          content: `《${order.title}》的销售收入 ${fenToYuanText(order.sellerIncome)} 元已结算，可以申请提现了。`,
          link: '/personSpace/account/income/withdrawal',
        });
      }
      return true;
    });
    if (done) settled++;
  }
  return settled;
};
