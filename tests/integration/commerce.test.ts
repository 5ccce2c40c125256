import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encryptPassword, fenToYuanText, routes } from '@zyk/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSandboxKeys, SANDBOX_SELLER_ID } from '../../apps/api/src/modules/commerce/alipay/sandbox.ts';
import {
  alipayTimestamp,
  loadPrivateKey,
  rsa2Sign,
  signingContent,
} from '../../apps/api/src/modules/commerce/alipay/sign.ts';
import { checkLedger, userBalances } from '../../apps/api/src/modules/commerce/ledger.ts';
import { closeExpiredOrders } from '../../apps/api/src/modules/commerce/orders.ts';
import { refundOrder } from '../../apps/api/src/modules/commerce/payments.ts';
import { settleDueIncome } from '../../apps/api/src/modules/commerce/settlement.ts';
import { creditBalance, grantCoupon } from '../../apps/api/src/modules/commerce/wallet.ts';
import { createWithdrawalAdmin } from '../../apps/api/src/modules/commerce/withdrawals.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs, payTokenOf, setPayPassword, TRANSPORT_KEY } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { publishDoc } from '../support/library.ts';

type Client = Awaited<ReturnType<typeof loginAs>>;

let t: TestApp;
let dataDir: string;
let proxy: Server;
/** Notifications the proxy in front of the notify URL refuses before letting one through (Alipay must retry). */
let refuseNext = 0;
let seller: Client;
let buyer: Client;
let other: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-commerce-'));
  // A stand-in for the internet between Alipay and us: it can refuse notifications, and forwards the rest.
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (refuseNext > 0) {
      refuseNext--;
      res.end('fail');
      return;
    }
    const forwarded = await fetch(`${t.url}${req.url}`, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
    });
    res.statusCode = forwarded.status;
    res.end(await forwarded.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  t = await startTestApp({
    env: {
      RATE_LIMITS: 'false',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: proxyUrl,
      SANDBOX_NOTIFY_RETRY_SECONDS: '0.1',
      COMMISSION_PERCENT: '10',
      SETTLEMENT_DAYS: '7',
      WITHDRAWAL_MIN_FEN: '1000',
    },
  });
  seller = await loginAs(t, 'lijg');
  buyer = await loginAs(t, 'wangcy');
  other = await loginAs(t, 'zhangxm');
  for (const name of ['lijg', 'wangcy', 'zhangxm', 'liujy']) {
    ids[name] = (await t.prisma.user.findUniqueOrThrow({ where: { userName: name } })).id;
  }
  for (const client of [buyer, other, seller]) await setPayPassword(client, '258013');
});

afterEach(async () => {
  expect(await checkLedger(t.prisma)).toEqual([]);
});

afterAll(async () => {
  await t?.close();
  proxy?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const payToken = (client: Client) => payTokenOf(client, '258013');

let titleSeq = 0;
const paidResource = (price: number, type: 'DOCUMENT' | 'ACHIEVEMENT' = 'DOCUMENT') =>
  publishDoc(t, seller.call, 'lijg', { title: `付费测试资源 ${++titleSeq}`, price, type });

const openOrder = async (client: Client, resourceId: number) => {
  const res = await client.call(routes.payInfoResource, { query: { resourceId } });
  expect(res.code, res.msg).toBe(0);
  return res.data.order;
};

const balanceOf = async (userName: string) => userBalances(t.prisma, ids[userName]!);

const waitFor = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000) => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('ledger', () => {
  it('refuses to change or delete entries, and refuses an unbalanced transaction at commit', async () => {
    await creditBalance(t.prisma, ids.liujy!, 100, '账本测试');
    await expect(t.prisma.$executeRaw`UPDATE ledger_lines SET amount = amount + 1`).rejects.toThrow(/append-only/);
    await expect(t.prisma.$executeRaw`DELETE FROM ledger_transactions`).rejects.toThrow(/append-only/);
    await expect(
      t.prisma.$transaction(async (tx) => {
        const txn = await tx.ledgerTransaction.create({ data: { kind: 'BROKEN', memo: '' } });
        const account = await tx.ledgerAccount.findFirstOrThrow();
        await tx.ledgerLine.create({ data: { transactionId: txn.id, accountId: account.id, amount: 5n } });
      }),
    ).rejects.toThrow(/does not balance/);
  });
});

describe('buying with the balance', () => {
  it('orders at the current price, pays with a pay token, splits commission and income, and unlocks the download', async () => {
    const resourceId = await paidResource(990);
    await creditBalance(t.prisma, ids.wangcy!, 5000, '测试充值');
    const before = await balanceOf('wangcy');
    const order = await openOrder(buyer, resourceId);
    expect(order).toMatchObject({ status: 'PENDING', price: 990, payAmount: 990, resourceId });
    // Asking again reuses the pending order.
    expect((await openOrder(buyer, resourceId)).orderNo).toBe(order.orderNo);
    // Nobody downloads before paying.
    expect((await buyer.call(routes.download, { query: { id: resourceId } })).code).toBe(40300);

    const paid = await buyer.call(routes.balancePay, {
      query: { orderNo: order.orderNo, payToken: await payToken(buyer) },
    });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.order).toMatchObject({ status: 'PAID', payMethod: 'BALANCE', payAmount: 990 });
    expect(paid.data.balance).toBe(before.balance - 990);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { orderNo: order.orderNo } });
    expect([stored.commission, stored.sellerIncome]).toEqual([99, 891]);
    expect((await balanceOf('lijg')).pendingIncome).toBeGreaterThanOrEqual(891);

    expect((await buyer.call(routes.download, { query: { id: resourceId } })).code).toBe(0);
    expect((await other.call(routes.download, { query: { id: resourceId } })).code).toBe(40300);
    expect((await seller.call(routes.download, { query: { id: resourceId } })).code).toBe(0);
    const detail = await buyer.call(routes.resourceInfo, { query: { id: resourceId } });
    expect(detail.data).toMatchObject({ canDownload: true, purchased: true });

    // Buying twice, or paying the order again, is refused.
    expect((await buyer.call(routes.payInfoResource, { query: { resourceId } })).msg).toBe(
      '您已购买过该资源，可直接下载',
    );
    const again = await buyer.call(routes.balancePay, {
      query: { orderNo: order.orderNo, payToken: await payToken(buyer) },
    });
    expect(again.msg).toBe('订单已支付，请勿重复支付');

    const buyerMessages = await buyer.call(routes.messageList, { query: { current: 1, size: 10, type: 'purchase' } });
    // Titles name what was bought or sold, so a list of messages tells them apart.
    const { title } = (await buyer.call(routes.resourceInfo, { query: { id: resourceId } })).data;
    expect(buyerMessages.data.objList.map((m) => m.title)).toContain(`购买成功：${title}`);
    const sellerMessages = await seller.call(routes.messageList, { query: { current: 1, size: 10, type: 'sale' } });
    expect(sellerMessages.data.objList[0]?.title).toBe(`资源售出：${title}`);
    expect(sellerMessages.data.objList[0]?.content).toContain('收入 8.91 元');
  });

  it('refuses free, own and unpublished resources, and a forged or foreign pay token', async () => {
    const free = await publishDoc(t, seller.call, 'lijg', { title: '免费资源', price: 0 });
    expect((await buyer.call(routes.payInfoResource, { query: { resourceId: free } })).msg).toBe(
      '免费资源无需购买，可直接下载',
    );
    const own = await paidResource(500);
    expect((await seller.call(routes.payInfoResource, { query: { resourceId: own } })).msg).toBe(
      '不能购买自己上传的资源',
    );
    const pending = await publishDoc(t, seller.call, 'lijg', { title: '待审核付费', price: 500, approve: false });
    expect((await buyer.call(routes.payInfoResource, { query: { resourceId: pending } })).code).toBe(40400);

    const order = await openOrder(buyer, own);
    const foreignToken = await payToken(other);
    const foreign = await buyer.call(routes.balancePay, { query: { orderNo: order.orderNo, payToken: foreignToken } });
    expect([foreign.code, foreign.msg]).toEqual([40300, '支付凭证无效，请重新验证支付密码']);
    const token = await payToken(buyer);
    const forged = await buyer.call(routes.balancePay, {
      query: { orderNo: order.orderNo, payToken: `${token.slice(0, -3)}abc` },
    });
    expect(forged.code).toBe(40300);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { orderNo: order.orderNo } })).status).toBe('PENDING');
  });

  it('100 parallel purchases against a balance that covers 3 end with exactly 3 paid orders', async () => {
    const price = 700;
    const resources = await Promise.all(Array.from({ length: 100 }, () => paidResource(price)));
    const liujy = await loginAs(t, 'liujy');
    await liujy.call(routes.verifyAccountChangePassword, {
      body: {
        loginPassword: encryptPassword(DEMO_PASSWORD, TRANSPORT_KEY),
        payPassword: encryptPassword('258013', TRANSPORT_KEY),
      },
    });
    const start = (await balanceOf('liujy')).balance;
    await creditBalance(t.prisma, ids.liujy!, 3 * price + 350 - start, '并发测试');
    const orders = [];
    for (const id of resources) orders.push(await openOrder(liujy, id));
    const token = await payToken(liujy);
    const results = await Promise.all(
      orders.map((o) => liujy.call(routes.balancePay, { query: { orderNo: o.orderNo, payToken: token } })),
    );
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(3);
    expect(new Set(results.filter((r) => r.code !== 0).map((r) => r.msg))).toEqual(
      new Set(['余额不足，还需支付 7.00 元，请换用其他支付方式']),
    );
    expect(await t.prisma.order.count({ where: { buyerId: ids.liujy, status: 'PAID' } })).toBe(3);
    expect((await balanceOf('liujy')).balance).toBe(350);
  });

  it('an idempotency key makes a repeat return the first answer; reused with other parameters it is refused', async () => {
    const [a, b] = [await paidResource(300), await paidResource(300)];
    await creditBalance(t.prisma, ids.wangcy!, 1000, '幂等测试');
    const orderA = await openOrder(buyer, a);
    const orderB = await openOrder(buyer, b);
    const token = await payToken(buyer);
    const key = 'pay-key-0001';
    const headers = { 'idempotency-key': key };
    const repeats = await Promise.all(
      Array.from({ length: 10 }, () =>
        buyer.call(routes.balancePay, { query: { orderNo: orderA.orderNo, payToken: token }, headers }),
      ),
    );
    expect(repeats.every((r) => r.code === 0)).toBe(true);
    expect(new Set(repeats.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(
      await t.prisma.ledgerTransaction.count({
        where: {
          kind: 'PURCHASE',
          order: undefined,
          orderId: (await t.prisma.order.findUniqueOrThrow({ where: { orderNo: orderA.orderNo } })).id,
        },
      }),
    ).toBe(1);
    const reused = await buyer.call(routes.balancePay, {
      query: { orderNo: orderB.orderNo, payToken: token },
      headers,
    });
    expect([reused.code, reused.msg]).toEqual([40900, '该幂等键已用于另一笔不同的请求，请换一个']);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { orderNo: orderB.orderNo } })).status).toBe('PENDING');
    const badKey = await buyer.call(routes.balancePay, {
      query: { orderNo: orderB.orderNo, payToken: token },
      headers: { 'idempotency-key': 'short' },
    });
    expect(badKey.code).toBe(40000);
  });
});

describe('coupons', () => {
  it('a coupon that covers the price pays alone; a smaller one needs the balance; a coupon pays once', async () => {
    const now = Date.now();
    const big = await grantCoupon(t.prisma, {
      userId: ids.wangcy!,
      name: '满 5 元减 10 元',
      amountOff: 1000,
      threshold: 500,
      resourceType: null,
      validFrom: new Date(now - 1000),
      validTo: new Date(now + 86_400_000),
    });
    const small = await grantCoupon(t.prisma, {
      userId: ids.wangcy!,
      name: '文档 2 元券',
      amountOff: 200,
      threshold: 0,
      resourceType: 'DOCUMENT',
      validFrom: new Date(now - 1000),
      validTo: new Date(now + 86_400_000),
    });
    const expired = await grantCoupon(t.prisma, {
      userId: ids.wangcy!,
      name: '过期券',
      amountOff: 100,
      threshold: 0,
      resourceType: null,
      validFrom: new Date(now - 10 * 86_400_000),
      validTo: new Date(now - 86_400_000),
    });
    const first = await openOrder(buyer, await paidResource(800));
    const usable = await buyer.call(routes.myCouponsUsable, { query: { orderNo: first.orderNo } });
    expect(usable.data.objList.map((c) => c.id)).toEqual([big.id, small.id]);
    const unusable = await buyer.call(routes.myCouponsUnusable, { query: {} });
    expect(unusable.data.objList.find((c) => c.id === expired.id)?.reason).toBe('已过期');

    const covered = await buyer.call(routes.couponPay, { body: { orderNo: first.orderNo, couponId: big.id } });
    expect(covered.code, covered.msg).toBe(0);
    expect(covered.data.order).toMatchObject({ status: 'PAID', payMethod: 'COUPON', discount: 800, payAmount: 0 });

    const second = await openOrder(buyer, await paidResource(800));
    const reuse = await buyer.call(routes.couponPay, { body: { orderNo: second.orderNo, couponId: big.id } });
    expect(reuse.msg).toBe('优惠券已使用');
    const short = await buyer.call(routes.couponPay, { body: { orderNo: second.orderNo, couponId: small.id } });
    expect(short.msg).toBe('优惠券不足以抵扣，还需支付 6.00 元，请验证支付密码后用余额补足');
    await creditBalance(t.prisma, ids.wangcy!, 600, '券测试');
    const mixed = await buyer.call(routes.couponPay, {
      body: { orderNo: second.orderNo, couponId: small.id, payToken: await payToken(buyer) },
    });
    expect(mixed.data.order).toMatchObject({ status: 'PAID', payMethod: 'BALANCE', discount: 200, payAmount: 600 });
    // The seller's income does not shrink with the coupon: the platform pays for it.
    const row = await t.prisma.order.findUniqueOrThrow({ where: { orderNo: second.orderNo } });
    expect(row.sellerIncome).toBe(720);
    // Another user cannot spend wangcy's coupon.
    const theirs = await openOrder(other, await paidResource(800));
    const stolen = await other.call(routes.couponPay, { body: { orderNo: theirs.orderNo, couponId: small.id } });
    expect(stolen.msg).toBe('优惠券不存在');
  });

  it('a cancelled or timed-out order gives its reserved coupon back and cannot be paid', async () => {
    const coupon = await grantCoupon(t.prisma, {
      userId: ids.wangcy!,
      name: '超时测试券',
      amountOff: 100,
      threshold: 0,
      resourceType: null,
      validFrom: new Date(Date.now() - 1000),
      validTo: new Date(Date.now() + 86_400_000),
    });
    const order = await openOrder(buyer, await paidResource(900));
    const started = await buyer.call(routes.alipayPay, { body: { orderNo: order.orderNo, couponId: coupon.id } });
    expect(started.data.order.payAmount).toBe(800);
    expect((await t.prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).orderId).not.toBeNull();
    await t.prisma.order.update({
      where: { orderNo: order.orderNo },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await closeExpiredOrders(t.prisma)).toBeGreaterThanOrEqual(1);
    expect((await t.prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).orderId).toBeNull();
    const late = await buyer.call(routes.balancePay, {
      query: { orderNo: order.orderNo, payToken: await payToken(buyer) },
    });
    expect(late.msg).toBe('订单已取消或已关闭，请重新下单');

    const next = await openOrder(buyer, order.resourceId);
    expect(next.orderNo).not.toBe(order.orderNo);
    const cancelled = await buyer.call(routes.orderCancel, { query: { orderNo: next.orderNo } });
    expect(cancelled.data.status).toBe('CANCELLED');
    const hidden = await buyer.call(routes.orderDelete, { query: { orderNo: next.orderNo } });
    expect(hidden.data.hidden).toBe(true);
    const list = await buyer.call(routes.buyRecord, { body: { current: 1, size: 50 } });
    expect(list.data.objList.some((o) => o.orderNo === next.orderNo)).toBe(false);
    expect(await t.prisma.order.count({ where: { orderNo: next.orderNo } })).toBe(1);
  });
});

/** A notification exactly as the sandbox (Alipay) would send it, signed with its key. */
const signedNotification = async (fields: Record<string, string>) => {
  const keys = await loadSandboxKeys(dataDir);
  const params: Record<string, string> = {
    notify_time: alipayTimestamp(),
    notify_type: 'trade_status_sync',
    notify_id: `n${Math.random()}`,
    app_id: keys.appId,
    seller_id: SANDBOX_SELLER_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_status: 'TRADE_SUCCESS',
    ...fields,
  };
  params.sign = rsa2Sign(signingContent(params, ['sign', 'sign_type']), loadPrivateKey(keys.gatewayPrivateKey));
  return params;
};

const notify = async (params: Record<string, string>) => {
  const res = await fetch(`${t.url}/api/pay/alipay/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, text: await res.text() };
};

describe('Alipay-style payment through the sandbox', () => {
  it('pays at the sandbox cashier; the signed notification is retried until it gets through, and marks the order paid', async () => {
    const resourceId = await paidResource(1234);
    const order = await openOrder(buyer, resourceId);
    const started = await buyer.call(routes.alipayPay, { body: { orderNo: order.orderNo } });
    expect(started.code, started.msg).toBe(0);
    expect(started.data.payUrl).toMatch(/^\/sandbox\/alipay\/gateway\.do\?/);
    const cashier = await fetch(`${t.url}${started.data.payUrl}`);
    const html = await cashier.text();
    expect(html).toContain('确认付款');
    expect(html).toContain('12.34');
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(html)?.[1];
    expect(tradeNo).toBeTruthy();

    refuseNext = 2;
    const confirm = await fetch(`${t.url}/sandbox/alipay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade_no: tradeNo!, buyer: '测试买家' }).toString(),
      redirect: 'manual',
    });
    expect(confirm.status).toBe(302);
    const back = new URL(confirm.headers.get('location')!);
    expect(back.pathname).toBe('/api/pay/alipay/return');
    const landing = await fetch(`${t.url}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(landing.headers.get('location')).toBe(`/pay?orderNo=${order.orderNo}&returned=1`);

    const status = await waitFor(
      () => buyer.call(routes.orderSuccess, { query: { orderNo: order.orderNo } }),
      (r) => r.data.paid,
    );
    expect(status.data.order).toMatchObject({ status: 'PAID', payMethod: 'ALIPAY', payAmount: 1234 });
    // The order is paid while the notification is being answered; the sandbox records the delivery just after.
    const trade = await waitFor(
      () => t.prisma.sandboxTrade.findUniqueOrThrow({ where: { tradeNo: tradeNo! } }),
      (row) => row.notifiedAt !== null,
    );
    expect(trade.notifyAttempts).toBe(3);
    expect(trade.notifiedAt).not.toBeNull();
    expect((await buyer.call(routes.download, { query: { id: resourceId } })).code).toBe(0);
  });

  it('100 replays of one notification credit once', async () => {
    const order = await openOrder(other, await paidResource(500));
    const params = await signedNotification({
      out_trade_no: order.orderNo,
      trade_no: '2026112222001400000000000001',
      total_amount: '5.00',
    });
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(params)));
    expect(answers.every((a) => a.text === 'success')).toBe(true);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { orderNo: order.orderNo } });
    expect(row.status).toBe('PAID');
    expect(await t.prisma.ledgerTransaction.count({ where: { orderId: row.id } })).toBe(1);
  });

  it('forged, tampered and foreign notifications are rejected, logged, and change nothing', async () => {
    const order = await openOrder(other, await paidResource(600));
    const good = await signedNotification({
      out_trade_no: order.orderNo,
      trade_no: '2026112222001400000000000002',
      total_amount: '6.00',
    });
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['payment_notifications'] });
    const attempts = [
      { ...good, total_amount: '0.01' },
      { ...good, sign: good.sign!.replace(/^.{8}/, 'AAAAAAAA') },
      { ...good, app_id: '2021000000000000' },
      await signedNotification({
        out_trade_no: '20990101000000000000',
        trade_no: '2026112222001400000000000009',
        total_amount: '6.00',
      }),
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'sign')),
    ];
    for (const params of attempts) {
      const answer = await notify(params);
      expect([answer.status, answer.text]).toEqual([400, 'failure']);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['payment_notifications'] })).toEqual(before);
    const logged = await t.prisma.paymentNotification.findMany({
      where: { outTradeNo: { in: [order.orderNo, '20990101000000000000'] } },
    });
    expect(logged.map((l) => l.outcome).sort()).toEqual(
      ['BAD_SIGNATURE', 'BAD_SIGNATURE', 'BAD_SIGNATURE', 'UNKNOWN_ORDER', 'WRONG_APP_ID'].sort(),
    );
  });

  it('money that arrives for an order paid another way goes to the buyer’s balance', async () => {
    await creditBalance(t.prisma, ids.zhangxm!, 800, '重复支付测试');
    const order = await openOrder(other, await paidResource(800));
    await other.call(routes.balancePay, { query: { orderNo: order.orderNo, payToken: await payToken(other) } });
    const before = (await balanceOf('zhangxm')).balance;
    const params = await signedNotification({
      out_trade_no: order.orderNo,
      trade_no: '2026112222001400000000000003',
      total_amount: '8.00',
    });
    expect((await notify(params)).text).toBe('success');
    expect((await notify(params)).text).toBe('success');
    expect((await balanceOf('zhangxm')).balance).toBe(before + 800);
  });
});

describe('income, withdrawals and tax', () => {
  it('settles income after the period, binds Alipay, withdraws with tax withheld; parallel requests never overdraw', async () => {
    await settleDueIncome(t.prisma, 7, new Date(Date.now() + 8 * 86_400_000));
    const available = (await balanceOf('lijg')).availableIncome;
    expect(available).toBeGreaterThan(0);
    const token = await payToken(seller);

    // No verification yet.
    const unverified = await seller.call(routes.withdrawal, { body: { amount: 1000, payToken: token } });
    expect(unverified.msg).toBe('请先完成实名认证再提现');
    await t.prisma.identityVerification.create({
      data: {
        userId: ids.lijg!,
        realName: '李建国',
        idCard: '11010519491231002X',
        frontFileId: 'front',
        backFileId: 'back',
        status: 'APPROVED',
      },
    });
    const unbound = await seller.call(routes.withdrawal, { body: { amount: 1000, payToken: token } });
    expect(unbound.msg).toBe('请先绑定支付宝账户再提现');

    // Binding through the sandbox's authorization page.
    const start = await seller.call(routes.alipayOauth, { query: {} });
    expect(start.data.bound).toBe(false);
    const authorize = new URL(start.data.authorizeUrl!, t.url);
    const consent = await fetch(`${t.url}/sandbox/alipay/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: authorize.searchParams.get('redirect_uri')!,
        state: authorize.searchParams.get('state')!,
        account: '李老师的支付宝',
      }).toString(),
      redirect: 'manual',
    });
    const returned = new URL(consent.headers.get('location')!);
    expect(returned.pathname).toBe('/personSpace/account/income/withdrawal');
    // Someone else cannot finish lijg's binding with lijg's code.
    const hijack = await other.call(routes.alipayOauth, {
      query: { auth_code: returned.searchParams.get('auth_code')!, state: returned.searchParams.get('state')! },
    });
    expect(hijack.msg).toBe('授权信息与当前账号不符，请重新发起绑定');
    const bound = await seller.call(routes.alipayOauth, {
      query: { auth_code: returned.searchParams.get('auth_code')!, state: returned.searchParams.get('state')! },
    });
    expect(bound.data).toMatchObject({ bound: true, nickname: '李老师的支付宝' });

    expect((await seller.call(routes.withdrawal, { body: { amount: 999, payToken: token } })).msg).toBe(
      '单笔提现金额不能低于 10.00 元',
    );

    // Twenty parallel requests of a third of the available income each: at most three get through.
    const third = Math.floor(available / 3);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => seller.call(routes.withdrawal, { body: { amount: third, payToken: token } })),
    );
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.msg === '可提现收入不足')).toBe(true);
    const after = await balanceOf('lijg');
    expect(after.availableIncome).toBe(available - 3 * third);
    expect(after.withdrawing).toBe(3 * third);

    const [first, second] = ok.map((r) => r.data);
    const admin = createWithdrawalAdmin(t.prisma);
    await admin.approve(first!.id);
    await admin.reject(second!.id, '支付宝账户信息有误');
    const finished = await balanceOf('lijg');
    expect(finished.withdrawing).toBe(third);
    expect(finished.availableIncome).toBe(available - 2 * third);
    const records = await seller.call(routes.withdrawalRecord, { body: { current: 1, size: 10 } });
    const paid = records.data.objList.find((w) => w.id === first!.id)!;
    expect(paid).toMatchObject({ status: 'PAID', amount: third });
    expect(paid.tax + paid.netAmount).toBe(third);
    const messages = await seller.call(routes.messageList, { query: { current: 1, size: 10, type: 'withdrawal' } });
    const yuan = fenToYuanText(third);
    expect(messages.data.objList.map((m) => m.title).sort()).toEqual([
      `提现已到账：${yuan} 元`,
      `提现被驳回：${yuan} 元`,
    ]);
    // Other users see none of it.
    const theirs = await other.call(routes.withdrawalRecord, { body: { current: 1, size: 10 } });
    expect(theirs.data.objList).toHaveLength(0);
  });

  it('previews the tax of a withdrawal by the labour-remuneration rule', async () => {
    const preview = async (amount: number) => (await seller.call(routes.withdrawalPreview, { query: { amount } })).data;
    expect(await preview(80_000)).toEqual({ amount: 80_000, tax: 0, netAmount: 80_000 });
    expect(await preview(400_000)).toEqual({ amount: 400_000, tax: 64_000, netAmount: 336_000 });
    expect(await preview(2_500_000)).toEqual({ amount: 2_500_000, tax: 400_000, netAmount: 2_100_000 });
  });

  it('refuses amounts that are negative, fractional, huge or strings, changing nothing', async () => {
    const token = await payToken(seller);
    const before = await databaseFingerprint(t.databaseUrl);
    for (const amount of [-100, 10.5, 1e12, '1000', 0]) {
      const res = await fetch(`${t.url}${routes.withdrawal.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [...seller.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify({ amount, payToken: token }),
      });
      const body = (await res.json()) as { code: number; msg: string };
      expect(res.status).toBe(400);
      expect(body.msg).toMatch(/提现金额/);
    }
    expect(await databaseFingerprint(t.databaseUrl)).toEqual(before);
  });
});

describe('records, statistics and refunds', () => {
  it('shows sales to the seller and purchases to the buyer, and only their own', async () => {
    const revenue = await seller.call(routes.revenueRecord, { body: { current: 1, size: 50 } });
    expect(revenue.data.objList.length).toBeGreaterThan(3);
    expect(revenue.data.objList.every((r) => r.income + r.commission === r.price)).toBe(true);
    expect(revenue.data.objList.some((r) => r.buyer === '王**')).toBe(true);
    const spent = await buyer.call(routes.expenditureRecord, { body: { current: 1, size: 50 } });
    expect(spent.data.objList.length).toBeGreaterThan(2);
    const buyerOrders = await t.prisma.order.findMany({ where: { buyerId: ids.wangcy }, select: { orderNo: true } });
    const someOrder = buyerOrders[0]!.orderNo;
    for (const call of [
      () => other.call(routes.payInfoOrder, { query: { orderNo: someOrder } }),
      () => other.call(routes.orderSuccess, { query: { orderNo: someOrder } }),
      () => other.call(routes.orderCancel, { query: { orderNo: someOrder } }),
      () => other.call(routes.orderDelete, { query: { orderNo: someOrder } }),
      () => other.call(routes.myCouponsUsable, { query: { orderNo: someOrder } }),
      () => other.call(routes.alipayPay, { body: { orderNo: someOrder } }),
      async () => other.call(routes.balancePay, { query: { orderNo: someOrder, payToken: await payToken(other) } }),
      () => other.call(routes.couponPay, { body: { orderNo: someOrder, couponId: 1 } }),
      () =>
        other.call(routes.resourceStatistics, { query: { resourceId: revenue.data.objList[0]!.resourceId, days: 30 } }),
    ]) {
      expect((await call()).code).toBe(40400);
    }
    const otherList = await other.call(routes.buyRecord, { body: { current: 1, size: 50 } });
    expect(otherList.data.objList.every((o) => !buyerOrders.some((b) => b.orderNo === o.orderNo))).toBe(true);

    const overview = await seller.call(routes.sellerStatistics);
    expect(overview.data.totalSales).toBeGreaterThan(3);
    const daily = await seller.call(routes.amountStatistics, { query: { days: 7 } });
    expect(daily.data.points).toHaveLength(7);
    expect(daily.data.points.at(-1)!.sales).toBe(overview.data.monthSales > 0 ? daily.data.points.at(-1)!.sales : 0);
    expect(daily.data.points.reduce((s, p) => s + p.income, 0)).toBe(overview.data.totalIncome);
    const year = new Date().getFullYear();
    const annual = await seller.call(routes.annualAccount, { query: { year } });
    expect(annual.data.income).toBe(overview.data.totalIncome);
    expect(annual.data.commission + annual.data.income).toBe(annual.data.grossSales);
    const monthly = await buyer.call(routes.revenueExpenditure, { query: { year } });
    expect(monthly.data.months.reduce((s, m) => s + m.expenditure, 0)).toBe(
      spent.data.objList.filter((o) => o.status === 'PAID').reduce((s, o) => s + o.payAmount, 0),
    );
    const account = await seller.call(routes.accountInfo);
    expect(account.data).toMatchObject({ payPasswordSet: true, verification: 'APPROVED' });
    expect(account.data.alipay.bound).toBe(true);
  });

  it('refunds an unsettled order by reversing its payment; the coupon and the money come back', async () => {
    await creditBalance(t.prisma, ids.wangcy!, 400, '退款测试');
    const order = await openOrder(buyer, await paidResource(400));
    await buyer.call(routes.balancePay, { query: { orderNo: order.orderNo, payToken: await payToken(buyer) } });
    const before = await balanceOf('wangcy');
    await refundOrder(t.prisma, order.orderNo);
    expect((await balanceOf('wangcy')).balance).toBe(before.balance + 400);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { orderNo: order.orderNo } });
    expect(row.status).toBe('REFUNDED');
    expect((await buyer.call(routes.download, { query: { id: order.resourceId } })).code).toBe(40300);
    await expect(refundOrder(t.prisma, order.orderNo)).rejects.toThrow(/未支付或已退款/);
  });
});
