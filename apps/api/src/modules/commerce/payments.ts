import { fenToYuanText, MESSAGES } from '@zyk/shared';
import type { Order, PayMethod, PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';
import { claimCoupon, discountOf } from './coupons.ts';
import { InsufficientFunds, post, reverse, type Tx, userBalances } from './ledger.ts';
import { endPendingOrder, findOwnOrder, toOrderView } from './orders.ts';

export interface PaymentSettings {
  commissionPercent: number;
  /** Order windows and coupon validity are judged by it, and payments are dated by it; default: system time. */
  clock?: Clock;
}

/** The platform's share of a sale, rounded to the fen; the seller gets the rest of the list price. */
export const commissionOf = (price: number, percent: number) => Math.round((price * percent) / 100);

/** Locks the order row for the rest of the transaction and reads it fresh. */
const lockOrder = async (tx: Tx, orderId: number) => {
  await tx.$queryRaw`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`;
  return tx.order.findUniqueOrThrow({ where: { id: orderId } });
};

/** A pending order that may still be paid from inside the system (balance, coupon); else the buyer's answer. */
const assertPayable = async (tx: Tx, order: Order, now: Date) => {
  if (order.status === 'PAID') throw new AppError('CONFLICT', MESSAGES.payment.alreadyPaid);
  if (order.status !== 'PENDING') throw new AppError('CONFLICT', MESSAGES.payment.orderClosed);
  if (order.expiresAt <= now) {
    await endPendingOrder(tx, order.id, 'CLOSED');
    throw new AppError('CONFLICT', MESSAGES.payment.orderExpired);
  }
};

/**
 * Marks a locked order paid and books the money: the buyer's payment (from their balance, or in through the
 * payment channel) plus the coupon's part (funded by the platform) become the platform's commission and the
 * seller's pending income. Buyer and seller are told. All in the caller's transaction.
 */
const bookPayment = async (
  tx: Tx,
  order: Order,
  payment: {
    method: PayMethod;
    source: 'BALANCE' | 'CHANNEL';
    discount: number;
    couponId: number | null;
    tradeNo?: string;
  },
  commissionPercent: number,
  paidAt: Date,
) => {
  const payAmount = order.price - payment.discount;
  const commission = commissionOf(order.price, commissionPercent);
  const sellerIncome = order.price - commission;
  const paid = await tx.order.update({
    where: { id: order.id },
    data: {
      status: 'PAID',
      payMethod: payment.method,
      discount: payment.discount,
      payAmount,
      couponId: payment.couponId,
      commission,
      sellerIncome,
      paidAt,
      closedAt: null,
      providerTradeNo: payment.tradeNo ?? null,
    },
  });
  if (payment.couponId !== null) {
    await tx.coupon.update({ where: { id: payment.couponId }, data: { orderId: order.id, usedAt: paidAt } });
  }
  // Any other coupon this order had reserved goes back to its owner.
  await tx.coupon.updateMany({
    where: { orderId: order.id, usedAt: null, ...(payment.couponId ? { id: { not: payment.couponId } } : {}) },
    data: { orderId: null },
  });
  // Messages first: the ledger's row locks are then held for as short a time as possible.
  await sendMessage(tx, {
    userId: order.buyerId,
    type: 'purchase',
    title: `购买成功：${order.title}`,
    content: `您已成功购买《${order.title}》，实付 ${fenToYuanText(payAmount)} 元，现在可以下载了。`,
    link: `/personSpace/resource?tab=purchases`,
  });
  await sendMessage(tx, {
    userId: order.sellerId,
    type: 'sale',
    title: `资源售出：${order.title}`,
    content: `您的资源《${order.title}》已售出，收入 ${fenToYuanText(sellerIncome)} 元（平台佣金 ${fenToYuanText(commission)} 元），结算期满后可提现。`,
    link: '/personSpace/account/income/income',
  });
  await post(tx, {
    kind: 'PURCHASE',
    memo: `订单 ${order.orderNo}：${order.title}`,
    orderId: order.id,
    lines: [
      payment.source === 'BALANCE'
        ? { account: { kind: 'BALANCE', userId: order.buyerId }, amount: -payAmount }
        : { account: { kind: 'PAYMENT_CLEARING' }, amount: -payAmount },
      { account: { kind: 'COUPON_FUNDING' }, amount: -payment.discount },
      { account: { kind: 'PLATFORM_COMMISSION' }, amount: commission },
      { account: { kind: 'INCOME_PENDING', userId: order.sellerId }, amount: sellerIncome },
    ],
  });
  return paid;
};

export const createPaymentService = (prisma: PrismaClient, settings: PaymentSettings) => {
  const clock = settings.clock ?? systemClock;
  /** Balance (optionally with a coupon) or coupon alone; inside the idempotent transaction of the route. */
  const payInside = async (
    tx: Tx,
    userId: number,
    input: { orderNo: string; couponId?: number; paidByBalance: boolean },
  ) => {
    const found = await findOwnOrder(tx, userId, input.orderNo);
    const order = await lockOrder(tx, found.id);
    await assertPayable(tx, order, clock.now());
    let discount = 0;
    if (input.couponId !== undefined) {
      const claim = await claimCoupon(
        tx,
        userId,
        input.couponId,
        { orderId: order.id, price: order.price, resourceType: order.resourceType },
        clock.now(),
      );
      if ('problem' in claim) throw new AppError('CONFLICT', claim.problem);
      discount = discountOf(claim.coupon, order.price);
    }
    const remainder = order.price - discount;
    if (!input.paidByBalance && remainder > 0) {
      throw new AppError('BAD_REQUEST', MESSAGES.payment.couponShort(remainder));
    }
    try {
      const paid = await bookPayment(
        tx,
        order,
        {
          method: remainder === 0 ? 'COUPON' : 'BALANCE',
          source: 'BALANCE',
          discount,
          couponId: input.couponId ?? null,
        },
        settings.commissionPercent,
        clock.now(),
      );
      return { order: toOrderView(paid), balance: (await userBalances(tx, userId)).balance };
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        throw new AppError('CONFLICT', MESSAGES.payment.balanceShort(remainder));
      }
      throw error;
    }
  };

  /**
   * Reserves the coupon for an Alipay payment and fixes the amount the channel must collect. Returns the order
   * as it will be paid.
   */
  const prepareChannelPayment = (userId: number, orderNo: string, couponId?: number) =>
    transaction(prisma, async (tx) => {
      const found = await findOwnOrder(tx, userId, orderNo);
      const order = await lockOrder(tx, found.id);
      await assertPayable(tx, order, clock.now());
      await tx.coupon.updateMany({ where: { orderId: order.id, usedAt: null }, data: { orderId: null } });
      let discount = 0;
      if (couponId !== undefined) {
        const claim = await claimCoupon(
          tx,
          userId,
          couponId,
          { orderId: order.id, price: order.price, resourceType: order.resourceType },
          clock.now(),
        );
        if ('problem' in claim) throw new AppError('CONFLICT', claim.problem);
        discount = discountOf(claim.coupon, order.price);
        if (discount >= order.price) throw new AppError('BAD_REQUEST', MESSAGES.payment.couponCoversAll);
        await tx.coupon.update({ where: { id: couponId }, data: { orderId: order.id } });
      }
      return tx.order.update({
        where: { id: order.id },
        data: { discount, payAmount: order.price - discount, couponId: couponId ?? null },
      });
    });

  /**
   * A verified channel notification that `amount` fen was paid for `orderNo`. Idempotent: the same trade again
   * changes nothing. Money that arrives for an order that can no longer take it (paid another way, or the amount
   * no longer matches) is credited to the buyer's balance, so nothing paid is ever lost.
   */
  const applyChannelPayment = (orderNo: string, amount: number, tradeNo: string) =>
    transaction(prisma, async (tx): Promise<string> => {
      const found = await tx.order.findUnique({ where: { orderNo } });
      if (!found) return 'UNKNOWN_ORDER';
      const order = await lockOrder(tx, found.id);
      if (order.providerTradeNo === tradeNo) return 'ALREADY_APPLIED';
      const credited = await tx.ledgerTransaction.findFirst({
        where: { orderId: order.id, kind: 'CHANNEL_CREDIT', memo: { contains: tradeNo } },
      });
      if (credited) return 'ALREADY_APPLIED';
      const alreadyOwned = await tx.order.count({
        where: { buyerId: order.buyerId, resourceId: order.resourceId, status: 'PAID' },
      });
      const payable = order.status === 'PENDING' || order.status === 'CLOSED' || order.status === 'CANCELLED';
      const reservedCouponOk =
        order.couponId === null ||
        (await tx.coupon.count({
          where: { id: order.couponId, usedAt: null, OR: [{ orderId: order.id }, { orderId: null }] },
        })) > 0;
      if (payable && !alreadyOwned && amount === order.payAmount && reservedCouponOk) {
        await bookPayment(
          tx,
          order,
          { method: 'ALIPAY', source: 'CHANNEL', discount: order.discount, couponId: order.couponId, tradeNo },
          settings.commissionPercent,
          clock.now(),
        );
        return order.status === 'PENDING' ? 'PAID' : 'PAID_AFTER_CLOSE';
      }
      await post(tx, {
        kind: 'CHANNEL_CREDIT',
        memo: `支付宝交易 ${tradeNo} 无法用于订单 ${order.orderNo}，金额退回余额`,
        orderId: order.id,
        lines: [
          { account: { kind: 'PAYMENT_CLEARING' }, amount: -amount },
          { account: { kind: 'BALANCE', userId: order.buyerId }, amount },
        ],
      });
      await sendMessage(tx, {
        userId: order.buyerId,
        type: 'purchase',
        title: `支付款已退回余额：${order.title}`,
        content: `订单 ${order.orderNo} 收到一笔 ${fenToYuanText(amount)} 元的支付宝付款，但该订单已无法使用这笔付款，款项已存入您的余额。`,
        link: '/personSpace/account/expenditure/expenditure',
      });
      return 'CREDITED_TO_BALANCE';
    });

  return { payInside, prepareChannelPayment, applyChannelPayment };
};

/** Refunds a paid order before its income settled (administrator): the payment is reversed, the coupon returned. */
export const refundOrder = (prisma: PrismaClient, orderNo: string) =>
  transaction(prisma, async (tx) => {
    const found = await tx.order.findUnique({ where: { orderNo } });
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.order.refundNotFound(orderNo));
    const order = await lockOrder(tx, found.id);
    if (order.status !== 'PAID') throw new AppError('CONFLICT', MESSAGES.order.refundNotPaid(orderNo));
    if (order.settledAt) throw new AppError('CONFLICT', MESSAGES.order.refundSettled(orderNo));
    const payment = await tx.ledgerTransaction.findFirstOrThrow({ where: { orderId: order.id, kind: 'PURCHASE' } });
    // Channel payments come back to the buyer's balance (the sandbox cannot send money back to a card).
    await reverse(tx, payment.id, 'REFUND', `订单 ${order.orderNo} 退款`, (account) =>
      account.kind === 'PAYMENT_CLEARING' ? { kind: 'BALANCE', userId: order.buyerId } : account,
    );
    await tx.order.update({ where: { id: order.id }, data: { status: 'REFUNDED', refundedAt: new Date() } });
    if (order.couponId)
      await tx.coupon.update({ where: { id: order.couponId }, data: { usedAt: null, orderId: null } });
    await sendMessage(tx, {
      userId: order.buyerId,
      type: 'purchase',
      title: `订单已退款：${order.title}`,
      content: `订单 ${order.orderNo}《${order.title}》已退款 ${fenToYuanText(order.payAmount)} 元至您的余额${order.couponId ? '，优惠券已退回' : ''}。`,
      link: '/personSpace/account/expenditure/expenditure',
    });
    return order;
  });
