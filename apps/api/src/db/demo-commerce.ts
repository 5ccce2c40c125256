import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { transaction } from '../lib/transaction.ts';
import { createOrderService } from '../modules/commerce/orders.ts';
import { createPaymentService } from '../modules/commerce/payments.ts';
import { settleDueIncome } from '../modules/commerce/settlement.ts';
import { creditBalance, grantCoupon } from '../modules/commerce/wallet.ts';

const DEMO_TEACHERS = ['zhangxm', 'lijg', 'wangcy', 'liujy', 'chensy'];
const DAY_MS = 86_400_000;

/**
 * Demo money for a first start: every demo teacher has a 200 yuan balance and a few coupons, and lijg has sold
 * some resources (one sale already settled), so the wallet, income and charts have something true to show.
 * Everything goes through the real ledger and payment code. Runs only while the ledger is empty.
 */
export const seedDemoCommerce = async (prisma: PrismaClient, config: Config, log: (msg: string) => void) => {
  if ((await prisma.ledgerTransaction.count()) > 0) return;
  const users = await prisma.user.findMany({ where: { userName: { in: DEMO_TEACHERS } } });
  if (users.length === 0) return;
  const now = Date.now();
  for (const user of users) {
    await creditBalance(prisma, user.id, 20_000, '演示账户初始余额');
    await grantCoupon(prisma, {
      userId: user.id,
      name: '新用户专享 满5元减3元',
      amountOff: 300,
      threshold: 500,
      resourceType: null,
      validFrom: new Date(now - DAY_MS),
      validTo: new Date(now + 30 * DAY_MS),
    });
    await grantCoupon(prisma, {
      userId: user.id,
      name: '微课专享券',
      amountOff: 200,
      threshold: 0,
      resourceType: 'MICRO_COURSE',
      validFrom: new Date(now - DAY_MS),
      validTo: new Date(now + 60 * DAY_MS),
    });
    await grantCoupon(prisma, {
      userId: user.id,
      name: '国庆优惠券',
      amountOff: 500,
      threshold: 1000,
      resourceType: null,
      validFrom: new Date(now - 60 * DAY_MS),
      validTo: new Date(now - 40 * DAY_MS),
    });
  }

  const seller = users.find((u) => u.userName === 'lijg');
  const buyers = users.filter((u) => u.userName === 'wangcy' || u.userName === 'zhangxm');
  if (!seller || buyers.length === 0) return;
  const forSale = await prisma.resource.findMany({
    where: { authorId: seller.id, status: 'PUBLISHED', deletedAt: null },
    orderBy: [{ price: 'desc' }, { id: 'asc' }],
    take: 4,
  });
  // A few of lijg's published resources carry a price, so there is something to buy and sell.
  const prices = [990, 500, 200, 500];
  for (const [i, r] of forSale.entries()) {
    if (r.price === 0) await prisma.resource.update({ where: { id: r.id }, data: { price: prices[i] ?? 500 } });
  }
  const orders = createOrderService(prisma, { orderTimeoutMinutes: config.ORDER_TIMEOUT_MINUTES });
  const payments = createPaymentService(prisma, { commissionPercent: config.COMMISSION_PERCENT });
  let sold = 0;
  for (const [i, r] of forSale.slice(0, 3).entries()) {
    const buyer = buyers[i % buyers.length]!;
    const { order } = await orders.forResource(buyer.id, r.id);
    await transaction(prisma, (tx) =>
      payments.payInside(tx, buyer.id, { orderNo: order.orderNo, paidByBalance: true }),
    );
    sold++;
  }
  // The oldest demo sale is past its settlement period, so lijg has withdrawable income.
  const first = await prisma.order.findFirst({
    where: { sellerId: seller.id, status: 'PAID' },
    orderBy: { id: 'asc' },
  });
  if (first) {
    await prisma.order.update({
      where: { id: first.id },
      data: { paidAt: new Date(now - (config.SETTLEMENT_DAYS + 1) * DAY_MS) },
    });
    await settleDueIncome(prisma, config.SETTLEMENT_DAYS);
  }
  log(`seeded demo balances and coupons for ${users.length} teachers and ${sold} demo sales`);
};
