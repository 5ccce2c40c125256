import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ERRORS, routes } from '@zyk/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, userBalances } from '../../apps/api/src/modules/commerce/ledger.ts';
import { settleDueIncome } from '../../apps/api/src/modules/commerce/settlement.ts';
import { creditBalance, grantCoupon } from '../../apps/api/src/modules/commerce/wallet.ts';
import { startTestApp, type TestApp, testAppFor } from '../support/app.ts';
import { loginAs, payTokenOf, setPayPassword } from '../support/auth.ts';
import { handTrack, proofFor } from '../support/captcha.ts';
import {
  type Answer,
  type BurstResult,
  burst,
  cookieOfClient,
  isEnvelope,
  send,
  statusCounts,
  summaryLine,
} from '../support/concurrency.ts';
import { publishDoc } from '../support/library.ts';

/**
 * Fifty concurrent callers from one session on every route that moves money or claims something scarce, over
 * real HTTP with the default pool (10 connections, 7 for transactions). Each burst must end in exact outcomes,
 * no 5xx, the envelope everywhere, and anonymous pages answered promptly meanwhile: before transactions shared
 * the pool through one helper, 20 alipay/pay calls answered 500 after 10–20 s and a resource page took 20 s.
 */

const N = 50;
const PAY_PASSWORD = '258013';
/**
 * A bystander must not queue behind the burst for the pool: queued, it waits for a free connection for seconds
 * (up to DB_TRANSACTION_WAIT_MS, 10 s; 20 s before the fix). Served beside the burst it takes well under a second
 * alone, but up to 1.2 s was measured in a clean-clone CI run with another test file on the same two cores; 3 s
 * still tells the two apart.
 */
const BYSTANDER_LIMIT_MS = 3000;
const HAS_CHINESE = /[\u4e00-\u9fff]/;

type Client = Awaited<ReturnType<typeof loginAs>>;

let t: TestApp;
let seller: Client;
let publicResourceId: number;
const userIds: Record<string, number> = {};
/** wangcy's balance before the balance burst, and the price that fits it exactly three times. */
let balance: number;
let price: number;
/** N resources of lijg's at `price`: each buyer opens its own orders on them (publishing is the slow part). */
let forSale: number[];

beforeAll(async () => {
  t = await startTestApp({
    // Rate limits would answer 429 before the code under test runs; the background workers would move money
    // (settlement, closing orders) while the outcomes are counted.
    env: { RATE_LIMITS: 'false', JOB_WORKER: 'false', WITHDRAWAL_MIN_FEN: '1000' },
  });
  seller = await loginAs(t, 'lijg');
  for (const name of ['lijg', 'wangcy', 'zhangxm', 'liujy', 'chensy']) {
    userIds[name] = (await t.prisma.user.findUniqueOrThrow({ where: { userName: name } })).id;
  }
  publicResourceId = await publishDoc(t, seller.call, 'lijg', { title: '并发测试旁观者看的免费资源', price: 0 });
  const start = (await userBalances(t.prisma, userIds.wangcy!)).balance;
  if (start < 5000) await creditBalance(t.prisma, userIds.wangcy!, 5000 - start, '并发测试充值');
  balance = Math.max(start, 5000);
  // Whole yuan, three fit and a fourth does not: balance / 4 < price <= balance / 3.
  price = Math.floor(balance / 350) * 100;
  forSale = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      publishDoc(t, seller.call, 'lijg', { title: `并发测试付费资源 ${i + 1}`, price }),
    ),
  );
});

afterEach(async () => {
  expect(await checkLedger(t.prisma)).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

/** Anonymous visitors: a resource page and a public list. */
const bystanders = () => [
  () => send(t.url, null, routes.resourceInfo, { query: { id: publicResourceId } }),
  () =>
    send(t.url, null, routes.resourceList, {
      body: { type: 'DOCUMENT', current: 1, size: 20, sort: '1', sortWay: 'DESC' },
    }),
];

/** What every burst must show whatever the route: envelopes, no 5xx, Chinese refusals, prompt bystanders. */
const expectSound = (name: string, r: BurstResult) => {
  console.log(summaryLine(name, r));
  const describeAnswer = (a: Answer) => `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`;
  expect(r.answers.filter((a) => a.status >= 500).map(describeAnswer)).toEqual([]);
  expect(r.answers.filter((a) => !isEnvelope(a.body)).map(describeAnswer)).toEqual([]);
  const refusals = r.answers.filter((a) => a.status !== 200);
  expect(refusals.filter((a) => a.body.success || !HAS_CHINESE.test(a.body.msg)).map(describeAnswer)).toEqual([]);
  expect(r.answers.filter((a) => a.status === 200 && a.body.code !== 0).map(describeAnswer)).toEqual([]);
  expect(r.bystanderAnswers.filter((a) => a.status !== 200 || a.body.code !== 0).map(describeAnswer)).toEqual([]);
  expect(Math.max(...r.bystanderMs)).toBeLessThan(BYSTANDER_LIMIT_MS);
};

const messagesOf = (answers: Answer[], status: number) =>
  new Set(answers.filter((a) => a.status === status).map((a) => a.body.msg));

const openOrders = (client: Client, resourceIds: number[]) =>
  Promise.all(
    resourceIds.map(async (resourceId) => {
      const res = await client.call(routes.payInfoResource, { query: { resourceId } });
      if (res.code !== 0) throw new Error(`order not opened: ${res.msg}`);
      return res.data.order.orderNo;
    }),
  );

const validCoupon = (userId: number, name: string, amountOff: number) =>
  grantCoupon(t.prisma, {
    userId,
    name,
    amountOff,
    threshold: 0,
    resourceType: null,
    validFrom: new Date(Date.now() - 60_000),
    validTo: new Date(Date.now() + 86_400_000),
  });

describe('50 concurrent callers from one session', () => {
  it('balance/pay: a balance covering 3 purchases pays exactly 3 orders; the rest are 409', async () => {
    const buyer = await loginAs(t, 'wangcy');
    await setPayPassword(buyer, PAY_PASSWORD);
    const userId = userIds.wangcy!;
    const orders = await openOrders(buyer, forSale);
    const token = await payTokenOf(buyer, PAY_PASSWORD);
    const cookie = cookieOfClient(buyer);

    const r = await burst(
      N,
      (i) => send(t.url, cookie, routes.balancePay, { query: { orderNo: orders[i]!, payToken: token } }),
      bystanders(),
    );
    expectSound('balance/pay', r);
    expect(statusCounts(r.answers)).toEqual({ 200: 3, 409: N - 3 });
    expect(messagesOf(r.answers, 409)).toEqual(
      new Set([`余额不足，还需支付 ${(price / 100).toFixed(2)} 元，请换用其他支付方式`]),
    );
    expect(await t.prisma.order.count({ where: { orderNo: { in: orders }, status: 'PAID' } })).toBe(3);
    expect((await userBalances(t.prisma, userId)).balance).toBe(balance - 3 * price);
  });

  it('coupon/payPC: one coupon pays exactly one of 50 orders', async () => {
    const buyer = await loginAs(t, 'zhangxm');
    const coupon = await validCoupon(userIds.zhangxm!, '并发测试券 全额抵扣', price);
    const orders = await openOrders(buyer, forSale);
    const cookie = cookieOfClient(buyer);

    const r = await burst(
      N,
      (i) => send(t.url, cookie, routes.couponPay, { body: { orderNo: orders[i]!, couponId: coupon.id } }),
      bystanders(),
    );
    expectSound('coupon/payPC', r);
    expect(statusCounts(r.answers)).toEqual({ 200: 1, 409: N - 1 });
    expect(messagesOf(r.answers, 409)).toEqual(new Set(['优惠券已使用']));
    const paid = await t.prisma.order.findMany({ where: { orderNo: { in: orders }, status: 'PAID' } });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ couponId: coupon.id, payAmount: 0, discount: price });
    const used = await t.prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } });
    expect(used.orderId).toBe(paid[0]!.id);
    expect(used.usedAt).not.toBeNull();
  });

  it('withdrawal: 50 requests of a third of the available income reserve exactly 3; the ledger balances', async () => {
    const userId = userIds.lijg!;
    await setPayPassword(seller, PAY_PASSWORD);
    await t.prisma.identityVerification.create({
      data: {
        userId,
        realName: '李建国',
        idCard: '11010519491231002X',
        frontFileId: 'front',
        backFileId: 'back',
        status: 'APPROVED',
      },
    });
    await t.prisma.payAccount.update({
      where: { userId },
      data: { alipayUserId: '2088000000000001', alipayNickname: '李老师的支付宝', alipayBoundAt: new Date() },
    });
    // Income of its own: a sale to chensy, settled as if the settlement period had passed.
    const buyer = await loginAs(t, 'chensy');
    await setPayPassword(buyer, PAY_PASSWORD);
    await creditBalance(t.prisma, userIds.chensy!, price, '并发测试充值');
    const [sale] = await openOrders(buyer, forSale.slice(0, 1));
    const sold = await buyer.call(routes.balancePay, {
      query: { orderNo: sale!, payToken: await payTokenOf(buyer, PAY_PASSWORD) },
    });
    expect(sold.code, sold.msg).toBe(0);
    await settleDueIncome(t.prisma, 7, new Date(Date.now() + 8 * 86_400_000));
    const before = await userBalances(t.prisma, userId);
    const amount = Math.floor(before.availableIncome / 3.5);
    expect(amount).toBeGreaterThanOrEqual(1000);
    const token = await payTokenOf(seller, PAY_PASSWORD);
    const cookie = cookieOfClient(seller);

    const r = await burst(
      N,
      () => send(t.url, cookie, routes.withdrawal, { body: { amount, payToken: token } }),
      bystanders(),
    );
    expectSound('withdrawal', r);
    expect(statusCounts(r.answers)).toEqual({ 200: 3, 409: N - 3 });
    expect(messagesOf(r.answers, 409)).toEqual(new Set(['可提现收入不足']));
    const after = await userBalances(t.prisma, userId);
    expect(after.availableIncome).toBe(before.availableIncome - 3 * amount);
    expect(after.withdrawing).toBe(before.withdrawing + 3 * amount);
    expect(after.availableIncome).toBeGreaterThanOrEqual(0);
    expect(await t.prisma.withdrawal.count({ where: { userId, status: 'PENDING' } })).toBe(3);
  });

  it('alipay/pay: with and without one Idempotency-Key per order on 6 orders, one coupon is reserved by one order', async () => {
    const buyer = await loginAs(t, 'liujy');
    const coupon = await validCoupon(userIds.liujy!, '并发测试券 立减1元', 100);
    const orders = await openOrders(buyer, forSale.slice(0, 6));
    const cookie = cookieOfClient(buyer);
    const orderOf = (i: number) => orders[i % orders.length]!;
    // Callers go round the orders; every other round repeats its order's key, so each order gets both kinds.
    const keyedCaller = (i: number) => Math.floor(i / orders.length) % 2 === 0;

    const r = await burst(
      N,
      (i) =>
        send(t.url, cookie, routes.alipayPay, {
          body: { orderNo: orderOf(i), couponId: coupon.id },
          headers: keyedCaller(i) ? { 'idempotency-key': `concurrency-alipay-${orderOf(i)}` } : {},
        }),
      bystanders(),
    );
    expectSound('alipay/pay', r);
    // The first order to lock the coupon keeps it: all its callers succeed, every other order's are refused.
    const winners = new Set(r.answers.flatMap((a, i) => (a.status === 200 ? [orderOf(i)] : [])));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    r.answers.forEach((a, i) => {
      if (orderOf(i) === winner) {
        expect(a.status).toBe(200);
        expect(a.body.data).toMatchObject({ order: { orderNo: winner, couponId: coupon.id, payAmount: price - 100 } });
      } else {
        expect([a.status, a.body.msg]).toEqual([409, '优惠券已被其他订单占用']);
      }
    });
    const reserved = await t.prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } });
    const holders = await t.prisma.order.findMany({ where: { couponId: coupon.id } });
    expect(holders.map((o) => o.orderNo)).toEqual([winner]);
    expect(reserved.orderId).toBe(holders[0]!.id);
    expect(reserved.usedAt).toBeNull();
    // The winner's key answered every repeat with the first answer (its order: payUrl is signed afresh each call);
    // a refused first attempt left no key behind.
    const keyed = r.answers.filter((_, i) => keyedCaller(i) && orderOf(i) === winner);
    expect(new Set(keyed.map((a) => JSON.stringify((a.body.data as { order: unknown }).order))).size).toBe(1);
    const keys = await t.prisma.idempotencyKey.findMany({
      where: { userId: userIds.liujy!, key: { startsWith: 'concurrency-alipay-' } },
    });
    expect(keys.map((k) => k.key)).toEqual([`concurrency-alipay-${winner}`]);
  });

  it('alipay/pay, the original finding: 20 callers on 6 pending orders all get a cashier address', async () => {
    const buyer = await loginAs(t, 'liujy');
    const orders = await openOrders(buyer, forSale.slice(6, 12));
    const cookie = cookieOfClient(buyer);

    const r = await burst(
      20,
      (i) => send(t.url, cookie, routes.alipayPay, { body: { orderNo: orders[i % orders.length]! } }),
      bystanders(),
    );
    expectSound('alipay/pay ×20 (original finding)', r);
    expect(statusCounts(r.answers)).toEqual({ 200: 20 });
    expect(r.answers.every((a) => (a.body.data as { payUrl: string }).payUrl.length > 0)).toBe(true);
  });

  it('pay/info/resource: 50 calls for one resource open one pending order', async () => {
    const buyer = await loginAs(t, 'chensy');
    // chensy bought forSale[0] for the withdrawal income; this one is new to them.
    const resourceId = forSale[1]!;
    const cookie = cookieOfClient(buyer);

    const r = await burst(
      N,
      () => send(t.url, cookie, routes.payInfoResource, { query: { resourceId: resourceId! } }),
      bystanders(),
    );
    expectSound('pay/info/resource', r);
    expect(statusCounts(r.answers)).toEqual({ 200: N });
    const orderNos = new Set(r.answers.map((a) => (a.body.data as { order: { orderNo: string } }).order.orderNo));
    expect(orderNos.size).toBe(1);
    expect(await t.prisma.order.count({ where: { buyerId: userIds.chensy, resourceId } })).toBe(1);
  });

  it('upload/video/init: at most 10 uploads in progress, exactly 40 of 50 are 429', async () => {
    const user = await loginAs(t, 'zhangxm');
    const ownerId = userIds.zhangxm!;
    expect(await t.prisma.chunkedUpload.count({ where: { ownerId } })).toBe(0);
    const cookie = cookieOfClient(user);

    const r = await burst(
      N,
      (i) =>
        send(t.url, cookie, routes.videoUploadInit, { body: { filename: `并发上传 ${i}.mp4`, filesize: 5_000_000 } }),
      bystanders(),
    );
    expectSound('upload/video/init', r);
    expect(statusCounts(r.answers)).toEqual({ 200: 10, 429: N - 10 });
    expect(messagesOf(r.answers, 429)).toEqual(new Set(['进行中的上传过多，请稍后再试']));
    expect(await t.prisma.chunkedUpload.count({ where: { ownerId, status: 'uploading' } })).toBe(10);
  });

  // Last in the file: 50 misses from this client's address lock it out of puzzles (and so of logging in) for a while.
  it('captcha verify: 50 guesses on one puzzle from one client are 50 tries, at most 3 counted, at most one pass', async () => {
    const puzzle = await send(t.url, null, routes.getImgSwipe);
    const serial = (puzzle.body.data as { captchaSerialNumber: string }).captchaSerialNumber;
    const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
    // Every position from x - 25 to x + 24: the right one is among them, as a brute-forcing client would try, each
    // with a hand's drag and the puzzle's proof of work.
    const nonce = proofFor(serial);
    const r = await burst(
      N,
      (i) => {
        const moveEnd_X = Math.max(0, x - 25 + i);
        return send(t.url, null, routes.rstImgSwipe, {
          body: { captchaSerialNumber: serial, moveEnd_X, wbili: 1, track: handTrack(moveEnd_X), nonce },
        });
      },
      bystanders(),
    );
    expectSound('captcha verify', r);
    const results = r.answers.map((a) => a.body.data as number);
    expect(results.filter((v) => v === 1).length).toBeLessThanOrEqual(1);
    // A try that passed or missed counts; every other answer is "take a new puzzle".
    expect(results.filter((v) => v !== 2).length).toBeLessThanOrEqual(3);
    const row = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
    expect(row.failures).toBeLessThanOrEqual(3);
  });
});

/**
 * The cap on requests in flight (plugins/in-flight.ts), on an app of its own with its limits on (the app above has
 * them off). A request whose body is still on its way is in flight, as a slow one is: the one over the cap is
 * answered 429 in the envelope at once, while another session and a visitor are answered as usual; every way a
 * request ends (answered, refused, failed, cut off) gives its place back.
 */
describe('requests in flight per session', () => {
  const LIST = { type: 'DOCUMENT', current: 1, size: 20, sort: '1', sortWay: 'DESC' };
  const LIST_TEXT = JSON.stringify(LIST);
  let capped: TestApp;
  let perSession: number;
  let sessionA: string;
  let sessionB: string;
  /** Requests the server has received, and responses it has closed (its own 'close' listener ran before ours). */
  let arrived = 0;
  let closed = 0;

  const until = async (what: string, done: () => boolean) => {
    for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done(), what).toBe(true);
  };
  const allClosed = () => until(`${closed} of ${arrived} responses closed`, () => closed === arrived);

  /** A resource list request whose body stops after its first byte: in flight until `finish` or `cut`. */
  const hold = (cookie: string | null) => {
    const url = new URL(`${capped.url}${routes.resourceList.path}`);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(LIST_TEXT),
        ...(cookie ? { cookie } : {}),
      },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()), ms: 0 }),
        );
      });
    });
    req.write(LIST_TEXT.slice(0, 1));
    return {
      answer,
      finish: () => req.end(LIST_TEXT.slice(1)),
      cut: () => {
        answer.catch(() => {}); // the request fails: expected
        req.destroy();
      },
    };
  };
  /** `n` held requests, once the server has all of them. */
  const holdMany = async (n: number, cookie: (i: number) => string | null) => {
    const from = arrived;
    const held = Array.from({ length: n }, (_, i) => hold(cookie(i)));
    await until(`${arrived - from} of ${n} held requests arrived`, () => arrived - from === n);
    return held;
  };
  const list = (cookie: string | null) => send(capped.url, cookie, routes.resourceList, { body: LIST });
  const expectRefused = (a: Answer) => {
    expect(a.status).toBe(429);
    expect(a.body).toEqual({
      code: ERRORS.RATE_LIMITED.code,
      success: false,
      msg: ERRORS.RATE_LIMITED.msg,
      data: null,
    });
  };
  /** Exactly `n` places are free for `cookie`: `n` held requests are all answered 200 and one more is refused. */
  const expectPlaces = async (cookie: string, n: number) => {
    const held = await holdMany(n, () => cookie);
    expectRefused(await list(cookie));
    for (const h of held) h.finish();
    expect((await Promise.all(held.map((h) => h.answer))).map((a) => a.status)).toEqual(Array(n).fill(200));
    await allClosed();
  };

  testAppFor((app) => (capped = app), { env: { JOB_WORKER: 'false' } });
  beforeAll(async () => {
    perSession = capped.config.MAX_IN_FLIGHT_PER_SESSION;
    capped.app.server.on('request', (_req, res) => {
      arrived++;
      res.once('close', () => closed++);
    });
    sessionA = cookieOfClient(await loginAs(capped, 'lijg'));
    sessionB = cookieOfClient(await loginAs(capped, 'wangcy'));
    // A session counts as itself once this process has seen its token belong to a user (a made-up one never does).
    for (const cookie of [sessionA, sessionB])
      expect((await send(capped.url, cookie, routes.alreadyLogin)).status).toBe(200);
    await allClosed();
  });
  afterAll(async () => {
    capped?.app.server.closeAllConnections();
  });

  it('N + 1 slow requests from one session: one 429 at once, another session and a visitor meanwhile 200', async () => {
    const from = arrived;
    const held = Array.from({ length: perSession + 1 }, () => hold(sessionA));
    await until('all arrived', () => arrived - from === perSession + 1);
    // The one over the cap is answered while the others still wait for their bodies.
    const first = await Promise.race([
      ...held.map((h) => h.answer),
      new Promise<null>((r) => setTimeout(() => r(null), 5000)),
    ]);
    expect(first, 'no request answered while N were in flight').not.toBeNull();
    expectRefused(first!);
    const [other, visitor] = await Promise.all([list(sessionB), list(null)]);
    expect([other.status, other.body.code, visitor.status, visitor.body.code]).toEqual([200, 0, 200, 0]);
    for (const h of held) h.finish();
    const answers = await Promise.all(held.map((h) => h.answer));
    expect(statusCounts(answers)).toEqual({ 200: perSession, 429: 1 });
    await allClosed();
    // The count is back to zero: the same session has its whole cap again.
    expect((await list(sessionA)).status).toBe(200);
    await expectPlaces(sessionA, perSession);
  });

  it('every way a request ends gives its place back: answered, refused, failed, cut off', async () => {
    // Cut off while the server waits for the body.
    for (const h of await holdMany(perSession, () => sessionA)) h.cut();
    await allClosed();
    await expectPlaces(sessionA, perSession);
    // Refused by validation, and failed in the handler (no such resource), all at once.
    const failed = await Promise.all(
      Array.from({ length: perSession }, (_, i) =>
        i % 2 === 0
          ? send(capped.url, sessionA, routes.resourceList, { body: { ...LIST, current: 'x' } })
          : send(capped.url, sessionA, routes.resourceInfo, { query: { id: 99_999_999 } }),
      ),
    );
    expect(statusCounts(failed)).toEqual({ 400: Math.ceil(perSession / 2), 404: Math.floor(perSession / 2) });
    await allClosed();
    await expectPlaces(sessionA, perSession);
  });

  it('a made-up session cookie is no session of its own: such requests count by the client address', async () => {
    const perAddress = capped.config.MAX_IN_FLIGHT_PER_ADDRESS;
    const madeUp = () => `zyk_session=${randomBytes(32).toString('base64url')}`;
    const held = await holdMany(perAddress, madeUp);
    expectRefused(await list(madeUp()));
    expectRefused(await list(null));
    // A known session is counted apart from its address.
    expect((await list(sessionA)).status).toBe(200);
    for (const h of held) h.finish();
    expect(statusCounts(await Promise.all(held.map((h) => h.answer)))).toEqual({ 200: perAddress });
    await allClosed();
  });
});
