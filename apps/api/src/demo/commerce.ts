import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { encryptPassword } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import type { Config } from '../config.ts';
import { SEED_DIR } from '../db/seed.ts';
import type { User } from '../generated/prisma/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { transaction } from '../lib/transaction.ts';
import { createPaymentChannel } from '../modules/commerce/alipay/setup.ts';
import { createInvoiceService } from '../modules/commerce/invoices.ts';
import { createOrderService } from '../modules/commerce/orders.ts';
import { createPayPasswords } from '../modules/commerce/pay-password.ts';
import { createPaymentService } from '../modules/commerce/payments.ts';
import { settleDueIncome } from '../modules/commerce/settlement.ts';
import { createVerificationAdmin, createVerificationService } from '../modules/commerce/verification.ts';
import { creditBalance, grantCoupon } from '../modules/commerce/wallet.ts';
import { createWithdrawalService } from '../modules/commerce/withdrawals.ts';
import { storeDocument } from '../modules/uploads/document.ts';

const DEMO_TEACHERS = ['zhangxm', 'lijg', 'wangcy', 'liujy', 'chensy'];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The demo teachers' pay password (README, demo accounts): six digits the weak-password rule accepts. */
export const DEMO_PAY_PASSWORD = '135790';

/** The sellers and what they sell: prices (fen) for the first of their published resources with files. */
const SELLERS = {
  lijg: [1200, 800, 600, 500],
  wangcy: [1000, 800, 500],
} as const;
type SellerName = keyof typeof SELLERS;

/**
 * Who bought what, when (days ago): spread over the last four weeks so the income chart has a shape. Sales older
 * than the settlement period are settled (withdrawable), the last few are still pending. lijg only sells, so a
 * signed-in lijg can still buy any other teacher's priced resource.
 */
const SALES: { daysAgo: number; seller: SellerName; item: number; buyer: string }[] = [
  { daysAgo: 26, seller: 'lijg', item: 0, buyer: 'liujy' },
  { daysAgo: 24, seller: 'wangcy', item: 0, buyer: 'chensy' },
  { daysAgo: 22, seller: 'lijg', item: 1, buyer: 'chensy' },
  { daysAgo: 19, seller: 'lijg', item: 0, buyer: 'zhangxm' },
  { daysAgo: 18, seller: 'wangcy', item: 1, buyer: 'zhangxm' },
  { daysAgo: 15, seller: 'lijg', item: 2, buyer: 'wangcy' },
  { daysAgo: 13, seller: 'wangcy', item: 0, buyer: 'liujy' },
  { daysAgo: 12, seller: 'lijg', item: 0, buyer: 'chensy' },
  { daysAgo: 10, seller: 'wangcy', item: 0, buyer: 'zhangxm' },
  { daysAgo: 9, seller: 'lijg', item: 3, buyer: 'liujy' },
  { daysAgo: 8, seller: 'wangcy', item: 2, buyer: 'chensy' },
  { daysAgo: 5, seller: 'wangcy', item: 1, buyer: 'liujy' },
  { daysAgo: 4, seller: 'lijg', item: 1, buyer: 'zhangxm' },
  { daysAgo: 2, seller: 'lijg', item: 0, buyer: 'wangcy' },
  { daysAgo: 1, seller: 'wangcy', item: 1, buyer: 'chensy' },
];

/** The buyer who asks for an invoice, for all their paid orders, and where it goes. */
const INVOICE = { buyer: 'zhangxm', email: 'zhangxm@hdsy.example.cn' };
/** The seller whose withdrawal waits for the administrator. */
const WITHDRAWING = 'lijg';

/**
 * Demo money for a first start, all through the real ledger, order, payment, settlement, verification, withdrawal
 * and invoice code: every demo teacher has a 200 yuan balance, a few coupons and a pay password; lijg and wangcy
 * have sold resources over the last weeks (part settled and withdrawable, part still pending), are verified and
 * have a sandbox Alipay account bound; lijg's withdrawal and zhangxm's invoice wait for the administrator.
 * Runs only while the ledger is empty.
 */
export const seedDemoCommerce = async (app: FastifyInstance, config: Config, log: (msg: string) => void) => {
  const { prisma } = app;
  if ((await prisma.ledgerTransaction.count()) > 0) return;
  const users = await prisma.user.findMany({ where: { userName: { in: DEMO_TEACHERS } } });
  if (users.length === 0) return;
  const byName = new Map(users.map((u) => [u.userName, u]));
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
  await setPayPasswords(app, config, users, log);

  // What each seller sells: published resources with files (priced ones first), at the prices the demo plans, so
  // the income above the withdrawal minimum does not depend on the prices the library happened to give them.
  const goods = new Map<SellerName, number[]>();
  for (const [name, prices] of Object.entries(SELLERS) as [SellerName, readonly number[]][]) {
    const seller = byName.get(name);
    if (!seller) continue;
    const forSale = await prisma.resource.findMany({
      where: { authorId: seller.id, status: 'PUBLISHED', deletedAt: null, files: { some: {} } },
      orderBy: [{ price: 'desc' }, { id: 'asc' }],
      take: prices.length,
    });
    for (const [i, r] of forSale.entries()) {
      const price = prices[i] ?? 500;
      if (r.price !== price) await prisma.resource.update({ where: { id: r.id }, data: { price } });
    }
    goods.set(
      name,
      forSale.map((r) => r.id),
    );
  }

  // Each sale is ordered and paid at its own moment in the past (the services take a clock), in time order.
  let sold = 0;
  for (const [i, sale] of SALES.entries()) {
    const buyer = byName.get(sale.buyer);
    const items = goods.get(sale.seller) ?? [];
    const resourceId = items[sale.item % Math.max(items.length, 1)];
    if (!buyer || resourceId === undefined) continue;
    const owned = await prisma.order.count({ where: { buyerId: buyer.id, resourceId, status: 'PAID' } });
    if (owned > 0) continue;
    const at = new Date(now - sale.daysAgo * DAY_MS - ((i * 97) % 9) * HOUR_MS);
    const clock: Clock = { now: () => at };
    const orders = createOrderService(prisma, { orderTimeoutMinutes: config.ORDER_TIMEOUT_MINUTES, clock });
    const payments = createPaymentService(prisma, { commissionPercent: config.COMMISSION_PERCENT, clock });
    const { order } = await orders.forResource(buyer.id, resourceId);
    await transaction(prisma, (tx) =>
      payments.payInside(tx, buyer.id, { orderNo: order.orderNo, paidByBalance: true }),
    );
    sold++;
  }
  // Sales paid before the settlement period are withdrawable now; the later ones stay pending.
  const settled = await settleDueIncome(prisma, config.SETTLEMENT_DAYS);

  // The sellers can withdraw at once: identity verified, a (sandbox) Alipay account bound.
  const sellers = Object.keys(SELLERS).flatMap((name) => byName.get(name) ?? []);
  const withdrawals = await readyToWithdraw(app, config, sellers, log);
  const withdrawer = byName.get(WITHDRAWING);
  let withdrawn = 0;
  if (withdrawals && withdrawer) {
    const available = await incomeAvailable(app, withdrawer.id);
    // Half of it, in whole tens of yuan, so what is left can be withdrawn again right away.
    const amount = Math.floor(available / 2 / 1000) * 1000;
    if (amount >= config.WITHDRAWAL_MIN_FEN && available - amount >= config.WITHDRAWAL_MIN_FEN) {
      await transaction(prisma, (tx) => withdrawals.request(tx, withdrawer.id, amount));
      withdrawn = amount;
    }
  }

  // A buyer asks for an invoice for their paid orders.
  const invoicing = byName.get(INVOICE.buyer);
  let invoiced = 0;
  if (invoicing) {
    const paid = await prisma.order.findMany({
      where: { buyerId: invoicing.id, status: 'PAID', payAmount: { gt: 0 } },
      orderBy: { paidAt: 'asc' },
      select: { id: true },
    });
    if (paid.length > 0) {
      await createInvoiceService(prisma).apply(invoicing.id, {
        orderIds: paid.map((o) => o.id),
        titleType: 'PERSONAL',
        title: invoicing.realName,
        email: INVOICE.email,
      });
      invoiced = paid.length;
    }
  }
  log(
    `seeded demo money: balances, coupons and pay passwords for ${users.length} teachers, ${sold} sales ` +
      `(${settled} settled), a pending withdrawal of ${withdrawn / 100} yuan and an invoice request for ${invoiced} orders`,
  );
};

const incomeAvailable = async (app: FastifyInstance, userId: number) => {
  const account = await app.prisma.ledgerAccount.findFirst({ where: { userId, kind: 'INCOME_AVAILABLE' } });
  return Number(account?.balance ?? 0n);
};

/** The demo roster's login passwords (prisma/seed/demo-users.csv), which setting a pay password asks for. */
const rosterPasswords = () => {
  const [header = '', ...rows] = readFileSync(path.join(SEED_DIR, 'demo-users.csv'), 'utf8').trim().split('\n');
  const columns = header.split(',');
  const name = columns.indexOf('userName');
  const password = columns.indexOf('password');
  return new Map(rows.map((row) => row.split(',')).map((cells) => [cells[name]?.trim(), cells[password]?.trim()]));
};

/** Every demo teacher's pay password, set as the account page sets it (the login password proves the holder). */
const setPayPasswords = async (app: FastifyInstance, config: Config, users: User[], log: (msg: string) => void) => {
  const key = config.PASSWORD_TRANSPORT_KEY;
  const payPasswords = createPayPasswords(app.prisma, key, systemClock);
  const passwords = rosterPasswords();
  for (const user of users) {
    const loginPassword = passwords.get(user.userName);
    if (!loginPassword) continue;
    try {
      await payPasswords.set(user.id, encryptPassword(loginPassword, key), encryptPassword(DEMO_PAY_PASSWORD, key));
    } catch (error) {
      // A demo account whose password was changed before the ledger was first written keeps none.
      log(`demo pay password not set for ${user.userName}: ${(error as Error).message}`);
    }
  }
};

/**
 * Identity verification (ID photos uploaded like any image, approved by the administrator's function) and an
 * Alipay account bound through the sandbox's authorization, for each seller. Answers the withdrawal service, or
 * null when payments go to the real Alipay (whose authorization needs the person).
 */
const readyToWithdraw = async (app: FastifyInstance, config: Config, sellers: User[], log: (msg: string) => void) => {
  const { prisma } = app;
  const verifications = createVerificationService(prisma);
  const verificationAdmin = createVerificationAdmin(prisma);
  for (const seller of sellers) {
    if (!seller.idCard) continue;
    const owner = {
      id: seller.id,
      memberId: seller.memberId,
      userName: seller.userName,
      isAdmin: false,
      sessionId: '',
    };
    const [front, back] = await Promise.all(
      (['front', 'back'] as const).map((side) =>
        storeDocument(
          app,
          config,
          owner,
          {
            filename: side === 'front' ? '身份证人像面.png' : '身份证国徽面.png',
            file: Readable.from(idCardPicture(side)),
          },
          { background: true },
        ),
      ),
    );
    await verifications.upload(seller.id, {
      realName: seller.realName,
      idCard: seller.idCard,
      frontFileId: String(front!.id),
      backFileId: String(back!.id),
    });
    const request = await prisma.identityVerification.findFirstOrThrow({
      where: { userId: seller.id, status: 'PENDING' },
    });
    await verificationAdmin.approve(request.id);
  }

  if (config.PAYMENT_PROVIDER !== 'sandbox') {
    log('demo Alipay accounts not bound: PAYMENT_PROVIDER is not the sandbox');
    return null;
  }
  const channel = await createPaymentChannel(app, config);
  // The state only has to match between the two steps of this binding.
  const withdrawals = createWithdrawalService(prisma, channel.alipay, {
    minWithdrawal: config.WITHDRAWAL_MIN_FEN,
    stateSecret: randomBytes(32),
  });
  const redirectUri = '/personSpace/account/income/withdrawal';
  for (const seller of sellers) {
    const { authorizeUrl } = await withdrawals.bind(seller.id, { redirectUri }, 'bind');
    const state = new URL(authorizeUrl!, 'http://localhost').searchParams.get('state') ?? '';
    // The sandbox's consent page, as the seller would submit it.
    const consent = await app.inject({
      method: 'POST',
      url: '/sandbox/alipay/oauth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        redirect_uri: redirectUri,
        state,
        account: `${seller.realName}的支付宝`,
      }).toString(),
    });
    const back = new URL(String(consent.headers.location ?? ''), 'http://localhost');
    const authCode = back.searchParams.get('auth_code');
    if (consent.statusCode !== 302 || !authCode) throw new Error(`sandbox authorization failed: ${consent.body}`);
    await withdrawals.bind(seller.id, { authCode, state: back.searchParams.get('state') ?? '', redirectUri }, 'bind');
  }
  return withdrawals;
};

/**
 * A drawn stand-in for an ID-card photo (card outline, portrait frame or emblem, text lines), so the console's
 * verification record shows two real images of the right shape.
 */
const idCardPicture = (side: 'front' | 'back') => {
  const width = 428;
  const height = 270;
  const image = new PNG({ width, height });
  const paint = (x: number, y: number, [r, g, b]: readonly number[]) => {
    const i = (y * width + x) * 4;
    image.data[i] = r!;
    image.data[i + 1] = g!;
    image.data[i + 2] = b!;
    image.data[i + 3] = 255;
  };
  const line = (x0: number, x1: number, y: number) => {
    for (let x = x0; x < x1; x++) for (let dy = 0; dy < 6; dy++) paint(x, y + dy, [150, 160, 175]);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const shade = Math.round(238 - (y / height) * 18);
      paint(x, y, edge ? [120, 150, 190] : [shade, shade + 6, 248]);
    }
  }
  if (side === 'front') {
    for (let y = 40; y < 200; y++) {
      for (let x = 290; x < 400; x++) {
        const head = (x - 345) ** 2 + (y - 95) ** 2 <= 30 ** 2;
        const shoulders = y > 135 && (x - 345) ** 2 / 52 ** 2 + (y - 200) ** 2 / 60 ** 2 <= 1;
        paint(x, y, head || shoulders ? [130, 140, 155] : [222, 226, 232]);
      }
    }
    for (const [y, to] of [
      [48, 200],
      [80, 160],
      [112, 250],
      [144, 250],
      [176, 220],
      [226, 380],
    ] as const)
      line(32, to, y);
  } else {
    for (let y = 24; y < 104; y++) {
      for (let x = 24; x < 104; x++) {
        const d = (x - 64) ** 2 + (y - 64) ** 2;
        if (d <= 38 ** 2) paint(x, y, d <= 26 ** 2 ? [235, 190, 60] : [200, 40, 40]);
      }
    }
    line(130, 390, 56);
    line(130, 330, 80);
    line(130, 300, 196);
    line(130, 360, 224);
  }
  return PNG.sync.write(image);
};
