import { MESSAGES, type RouteDef, routes, withIdCardCheck } from '@zyk/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, userBalances } from '../../apps/api/src/modules/commerce/ledger.ts';
import { settleDueIncome } from '../../apps/api/src/modules/commerce/settlement.ts';
import { creditBalance } from '../../apps/api/src/modules/commerce/wallet.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs, payTokenOf, setPayPassword } from '../support/auth.ts';
import { toQueryString } from '../support/bad-input.ts';
import { png } from '../support/files.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { publishDoc } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * The console's money pages through their api (issue 17): real-name verifications with the ID photos, withdrawals
 * (paid out once, with the password again, the ledger balanced), invoices, coupons, refunds and the ledger check.
 * Every change leaves its audit row; roles without the permission, or without the district's reach, are refused
 * and change nothing; bad input is a 400 in Chinese that changes nothing.
 */

type Client = Awaited<ReturnType<typeof loginAs>>;

const ADMIN_PASSWORD = 'Admin@2026';
const PAY_PASSWORD = '258013';
const DAY_MS = 86_400_000;
const MONEY_ROUTES = (Object.entries(routes) as [string, RouteDef][]).filter(([, def]) =>
  def.permission?.startsWith('money.'),
);
/**
 * Tables that change without the request under test changing anything: sessions seen, throttle counts, and the
 * thumbnails the job queue derives from the uploaded ID photos in the background.
 */
const VOLATILE = ['sessions', 'login_throttles', 'file_derivatives'];

let t: TestApp;
let admin: Client;
let seller: Client;
let buyer: Client;
let teacher: Client;
let researcher: Client;
let schoolAdmin: Client;
const ids: Record<string, number> = {};

const idOf = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;
const fingerprint = () => databaseFingerprint(t.databaseUrl, { ignore: VOLATILE });
const auditOf = (action: string, targetId: string | number) =>
  t.prisma.auditLog.findMany({ where: { action, targetId: String(targetId) } });

/** A raw call, so invalid bodies reach the server as they are. */
const raw = async (client: Client, def: RouteDef, input: { query?: Record<string, unknown>; body?: unknown } = {}) => {
  const res = await fetch(`${t.url}${def.path}${input.query ? toQueryString(input.query) : ''}`, {
    method: def.method,
    headers: {
      cookie: cookieOf(client.jar),
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: unknown } };
};

/** A paid order of `buyer` for one of lijg's resources, paid from the balance through the real pay route. */
let docSeq = 0;
const buyOne = async (price: number) => {
  const resourceId = await publishDoc(t, seller.call, 'lijg', { title: `资金后台测试资源 ${++docSeq}`, price });
  const info = await buyer.call(routes.payInfoResource, { query: { resourceId } });
  expect(info.code, info.msg).toBe(0);
  const paid = await buyer.call(routes.balancePay, {
    query: { orderNo: info.data.order.orderNo, payToken: await payTokenOf(buyer, PAY_PASSWORD) },
  });
  expect(paid.code, paid.msg).toBe(0);
  return paid.data.order.orderNo;
};

/** An ID photo uploaded by the user through the document upload, as the verify page does. */
const uploadPhoto = async (client: Client, name: string) => {
  const { json } = await postDocument(t.url, cookieOf(client.jar), name, png(120, 80));
  expect(json.code, json.msg).toBe(0);
  return String(json.data.id);
};

/** A pending withdrawal of lijg's through the real withdrawal route. */
const requestWithdrawal = async (amount: number) => {
  const res = await seller.call(routes.withdrawal, {
    body: { amount, payToken: await payTokenOf(seller, PAY_PASSWORD) },
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};

testAppFor((app) => (t = app), {
  env: { RATE_LIMITS: 'false', COMMISSION_PERCENT: '10', SETTLEMENT_DAYS: '7', WITHDRAWAL_MIN_FEN: '1000' },
});
beforeAll(async () => {
  for (const name of ['lijg', 'wangcy', 'zhangxm', 'liujy', 'chensy']) ids[name] = await idOf(name);
  // liujy becomes a school administrator of the default school (the demo has none).
  const role = await t.prisma.role.findUniqueOrThrow({ where: { code: 'school_admin' } });
  await t.prisma.userRole.create({ data: { userId: ids.liujy!, roleId: role.id, sort: -1 } });
  [admin, seller, buyer, teacher, researcher, schoolAdmin] = await Promise.all([
    loginAs(t, 'admin', ADMIN_PASSWORD),
    loginAs(t, 'lijg'),
    loginAs(t, 'wangcy'),
    loginAs(t, 'zhangxm'),
    loginAs(t, 'chensy'),
    loginAs(t, 'liujy'),
  ]);
  await setPayPassword(buyer, PAY_PASSWORD);
  await setPayPassword(seller, PAY_PASSWORD);
  await creditBalance(t.prisma, ids.wangcy!, 1_000_000, '测试充值');
}, 120_000);

afterEach(async () => {
  expect(await checkLedger(t.prisma)).toEqual([]);
});

describe('who may use the money pages', () => {
  it.each([
    ['a teacher', () => teacher],
    ['a 教研员', () => researcher],
    ['a school administrator', () => schoolAdmin],
  ])('refuses %s every money route with 403, changing nothing', async (_who, client) => {
    expect(MONEY_ROUTES.length).toBe(15);
    const before = await fingerprint();
    for (const [name, def] of MONEY_ROUTES) {
      const example = def.example as { query?: Record<string, unknown>; body?: unknown } | undefined;
      const { status, json } = await raw(client(), def, example ?? {});
      expect(status, name).toBe(403);
      expect(json.msg, name).toBe(MESSAGES.console.common.permissionDenied);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a school-scoped role that was given a money permission: money is district business', async () => {
    const role = await t.prisma.role.findUniqueOrThrow({ where: { code: 'school_admin' } });
    await t.prisma.rolePermission.create({ data: { roleId: role.id, permission: 'money.verify' } });
    try {
      const { status, json } = await raw(schoolAdmin, routes.adminVerificationList, { query: { current: 1 } });
      expect(status).toBe(403);
      expect(json.msg).toBe(MESSAGES.console.money.districtOnly);
    } finally {
      await t.prisma.rolePermission.deleteMany({ where: { roleId: role.id, permission: 'money.verify' } });
    }
  });
});

describe('real-name verifications', () => {
  let requestId = 0;

  it('lists the pending request first, with the photos shown through short-lived signed URLs only', async () => {
    const sent = await seller.call(routes.verifyAccountUpload, {
      body: {
        realName: '李建国',
        idCard: '11010519491231002X',
        frontFileId: await uploadPhoto(seller, '人像面.png'),
        backFileId: await uploadPhoto(seller, '国徽面.png'),
      },
    });
    expect(sent.code, sent.msg).toBe(0);
    const list = await admin.call(routes.adminVerificationList, { query: { current: 1, size: 20 } });
    expect(list.code, list.msg).toBe(0);
    const first = list.data.objList[0]!;
    expect(first).toMatchObject({
      status: 'PENDING',
      userName: 'lijg',
      claimedName: '李建国',
      idCard: '11010519491231002X',
    });
    requestId = first.id;

    const detail = await admin.call(routes.adminVerificationDetail, { query: { id: requestId } });
    expect(detail.code, detail.msg).toBe(0);
    for (const url of [detail.data.frontUrl, detail.data.backUrl]) {
      expect(url).toMatch(/sig=/);
      const photo = await fetch(`${t.url}${url}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
    }
    // The photos themselves stay private: another teacher cannot read them through the file api.
    const stored = await t.prisma.identityVerification.findUniqueOrThrow({ where: { id: requestId } });
    const peek = await fetch(`${t.url}/api/file/info/${stored.frontFileId}`, {
      headers: { cookie: cookieOf(teacher.jar) },
    });
    expect(peek.status).toBe(403);
    // A request that does not exist.
    const missing = await raw(admin, routes.adminVerificationDetail, { query: { id: 999_999 } });
    expect(missing.status).toBe(404);
  });

  it('refuses a rejection without a reason (400, nothing changed), then approves with an audit row; the user is told', async () => {
    const before = await fingerprint();
    for (const body of [{ id: requestId }, { id: requestId, reason: '   ' }, { id: 'x', reason: '模糊' }]) {
      const { status, json } = await raw(admin, routes.adminVerificationReject, { body });
      expect(status).toBe(400);
      expect(json.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await fingerprint()).toBe(before);

    const approved = await admin.call(routes.adminVerificationApprove, { body: { id: requestId } });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data.status).toBe('APPROVED');
    const [row] = await auditOf('verification.approve', requestId);
    expect(row).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'APPROVED' } });
    const again = await raw(admin, routes.adminVerificationReject, { body: { id: requestId, reason: '晚了' } });
    expect(again.status).toBe(409);
    const messages = await seller.call(routes.messageList, { query: { current: 1, size: 10, type: 'review' } });
    expect(messages.data.objList.map((m) => m.title)).toContain('实名认证结果：已通过');
  });

  it('rejects with a reason the user reads', async () => {
    const sent = await teacher.call(routes.verifyAccountUpload, {
      body: {
        realName: '张晓明',
        idCard: withIdCardCheck('11010119900307757'),
        frontFileId: await uploadPhoto(teacher, '人像面.png'),
        backFileId: await uploadPhoto(teacher, '国徽面.png'),
      },
    });
    expect(sent.code, sent.msg).toBe(0);
    const list = await admin.call(routes.adminVerificationList, {
      query: { current: 1, size: 20, status: 'PENDING', userName: 'zhangxm' },
    });
    const id = list.data.objList[0]!.id;
    const rejected = await admin.call(routes.adminVerificationReject, { body: { id, reason: '照片模糊' } });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reviewNote: '照片模糊' });
    expect((await auditOf('verification.reject', id))[0]?.summary).toContain('照片模糊');
    expect((await teacher.call(routes.verifyAccountInfo)).data).toMatchObject({ status: 'REJECTED' });
  });
});

describe('withdrawals', () => {
  let withdrawalId = 0;

  beforeAll(async () => {
    // Income: two sales, settled; an Alipay account bound (lijg was verified above).
    await buyOne(300_000);
    await buyOne(200_000);
    await settleDueIncome(t.prisma, 7, new Date(Date.now() + 8 * DAY_MS));
    await t.prisma.payAccount.update({
      where: { userId: ids.lijg! },
      data: { alipayUserId: '2088000000001234', alipayNickname: '李老师的支付宝', alipayBoundAt: new Date() },
    });
    withdrawalId = await requestWithdrawal(400_000);
  });

  it('lists pending withdrawals with amount, tax, net and the Alipay account, filtered by user', async () => {
    const list = await admin.call(routes.adminWithdrawalList, {
      query: { current: 1, size: 20, status: 'PENDING', userName: 'lijg' },
    });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.objList[0]).toMatchObject({
      id: withdrawalId,
      amount: 400_000,
      tax: 64_000,
      netAmount: 336_000,
      alipayAccount: '2088000000001234',
      alipayNickname: '李老师的支付宝',
      userName: 'lijg',
      status: 'PENDING',
    });
    expect(list.data.pendingTotal).toBe(400_000);
    const nobody = await admin.call(routes.adminWithdrawalList, { query: { current: 1, userName: 'nobody' } });
    expect(nobody.data.objList).toEqual([]);
  });

  it('refuses an approval without the password or with a wrong one, changing nothing', async () => {
    const before = await fingerprint();
    const none = await raw(admin, routes.adminWithdrawalApprove, { body: { id: withdrawalId } });
    expect(none.status).toBe(403);
    expect(none.json.msg).toBe(MESSAGES.console.common.passwordRequired);
    const wrong = await raw(admin, routes.adminWithdrawalApprove, {
      body: { id: withdrawalId, confirmPassword: 'Wrong@2026' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.msg).toBe(MESSAGES.console.common.passwordWrong);
    const bad = await raw(admin, routes.adminWithdrawalApprove, { body: { id: -1, confirmPassword: ADMIN_PASSWORD } });
    expect(bad.status).toBe(400);
    expect(await fingerprint()).toBe(before);
    expect(await auditOf('withdrawal.approve', withdrawalId)).toEqual([]);
  });

  it('pays out exactly once when two approvals arrive together; the ledger stays balanced', async () => {
    const balancesBefore = await userBalances(t.prisma, ids.lijg!);
    const other = await loginAs(t, 'admin', ADMIN_PASSWORD);
    const [a, b] = await Promise.all(
      [admin, other].map((client) =>
        raw(client, routes.adminWithdrawalApprove, { body: { id: withdrawalId, confirmPassword: ADMIN_PASSWORD } }),
      ),
    );
    const answers = [a!, b!];
    expect(answers.filter((r) => r.json.code === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(1);
    const paid = await t.prisma.ledgerTransaction.findMany({ where: { withdrawalId, kind: 'WITHDRAWAL_PAID' } });
    expect(paid).toHaveLength(1);
    expect(await checkLedger(t.prisma)).toEqual([]);
    const balancesAfter = await userBalances(t.prisma, ids.lijg!);
    expect(balancesAfter.withdrawing).toBe(balancesBefore.withdrawing - 400_000);
    const audit = await auditOf('withdrawal.approve', withdrawalId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: 'PENDING', amount: 400_000 },
      after: { status: 'PAID', tax: 64_000, netAmount: 336_000 },
    });
    const messages = await seller.call(routes.messageList, { query: { current: 1, size: 10, type: 'withdrawal' } });
    expect(messages.data.objList.map((m) => m.title)).toContain('提现已到账：4000.00 元');
    // Rejecting it now is too late.
    const late = await raw(admin, routes.adminWithdrawalReject, { body: { id: withdrawalId, reason: '晚了' } });
    expect(late.status).toBe(409);
  });

  it('rejects with a reason: the amount returns to the available income', async () => {
    const id = await requestWithdrawal(20_000);
    const before = await userBalances(t.prisma, ids.lijg!);
    const empty = await raw(admin, routes.adminWithdrawalReject, { body: { id, reason: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toContain('请填写驳回原因');
    const rejected = await admin.call(routes.adminWithdrawalReject, { body: { id, reason: '支付宝账户信息有误' } });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reviewNote: '支付宝账户信息有误' });
    const after = await userBalances(t.prisma, ids.lijg!);
    expect(after.availableIncome).toBe(before.availableIncome + 20_000);
    expect(after.withdrawing).toBe(before.withdrawing - 20_000);
    expect((await auditOf('withdrawal.reject', id))[0]).toMatchObject({ after: { status: 'REJECTED' } });
  });
});

describe('invoices', () => {
  let invoiceId = 0;

  beforeAll(async () => {
    const orderNo = await buyOne(12_300);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { orderNo } });
    const applied = await buyer.call(routes.invoiceApply, {
      body: {
        orderIds: [order.id],
        titleType: 'COMPANY',
        title: '北京市海淀区实验中学',
        taxNumber: '91350100M000100Y43',
        email: 'caiwu@example.com',
      },
    });
    expect(applied.code, applied.msg).toBe(0);
    invoiceId = applied.data.id;
  });

  it('lists requested invoices with title, tax number, amount and orders', async () => {
    const list = await admin.call(routes.adminInvoiceList, { query: { current: 1, size: 20, status: 'REQUESTED' } });
    expect(list.data.objList.find((i) => i.id === invoiceId)).toMatchObject({
      title: '北京市海淀区实验中学',
      taxNumber: '91350100M000100Y43',
      amount: 12_300,
      userName: 'wangcy',
      orders: [expect.objectContaining({ payAmount: 12_300 })],
    });
  });

  it('refuses a malformed invoice number (400, nothing changed), then issues with an audit row', async () => {
    const before = await fingerprint();
    for (const invoiceNo of ['12', '发票号码123456', 'a'.repeat(40)]) {
      const { status, json } = await raw(admin, routes.adminInvoiceIssue, { body: { id: invoiceId, invoiceNo } });
      expect(status).toBe(400);
      expect(json.msg).toContain('发票号码');
    }
    expect(await fingerprint()).toBe(before);
    const issued = await admin.call(routes.adminInvoiceIssue, {
      body: { id: invoiceId, invoiceNo: '24110000000012345678' },
    });
    expect(issued.data).toMatchObject({ status: 'ISSUED', invoiceNo: '24110000000012345678' });
    expect((await auditOf('invoice.issue', invoiceId))[0]).toMatchObject({
      before: { status: 'REQUESTED', invoiceNo: null },
      after: { status: 'ISSUED', invoiceNo: '24110000000012345678' },
    });
    const messages = await buyer.call(routes.messageList, { query: { current: 1, size: 10, type: 'review' } });
    expect(messages.data.objList[0]!.content).toContain('24110000000012345678');
    const twice = await raw(admin, routes.adminInvoiceIssue, {
      body: { id: invoiceId, invoiceNo: '24110000000012345679' },
    });
    expect(twice.status).toBe(409);
  });

  it('rejects with a reason, freeing the orders', async () => {
    const orderNo = await buyOne(4_500);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { orderNo } });
    const applied = await buyer.call(routes.invoiceApply, {
      body: { orderIds: [order.id], titleType: 'PERSONAL', title: '王春燕', email: 'wangcy@example.com' },
    });
    const rejected = await admin.call(routes.adminInvoiceReject, {
      body: { id: applied.data.id, reason: '抬头与付款人不一致' },
    });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reviewNote: '抬头与付款人不一致', orders: [] });
    expect(await t.prisma.invoiceItem.count({ where: { orderId: order.id } })).toBe(0);
    expect((await auditOf('invoice.reject', applied.data.id))[0]).toMatchObject({
      before: { status: 'REQUESTED', orderIds: [order.id] },
    });
  });
});

describe('coupons', () => {
  it('grants one coupon to each named user, who is told; the list shows their state', async () => {
    const granted = await admin.call(routes.adminCouponGrant, {
      body: {
        userNames: ['zhangxm', 'liujy'],
        name: '教研活动专享券',
        amountOff: 500,
        threshold: 2_000,
        validDays: 30,
        resourceType: 'DOCUMENT',
      },
    });
    expect(granted.code, granted.msg).toBe(0);
    expect(granted.data.granted.map((c) => c.userName).sort()).toEqual(['liujy', 'zhangxm']);
    for (const c of granted.data.granted) {
      expect(c).toMatchObject({ status: 'UNUSED', amountOff: 500, threshold: 2_000, resourceType: 'DOCUMENT' });
      expect((await auditOf('coupon.grant', c.id))[0]?.summary).toContain(c.userName);
    }
    const usable = await teacher.call(routes.myCouponsUsable, { query: {} });
    expect(JSON.stringify(usable.data)).toContain('教研活动专享券');
    const messages = await teacher.call(routes.messageList, { query: { current: 1, size: 10, type: 'purchase' } });
    expect(messages.data.objList[0]!.title).toBe('获得优惠券：教研活动专享券');

    // An expired one shows as such.
    await t.prisma.coupon.update({
      where: { id: granted.data.granted[0]!.id },
      data: { validFrom: new Date(Date.now() - 2 * DAY_MS), validTo: new Date(Date.now() - 1000) },
    });
    const expired = await admin.call(routes.adminCouponList, { query: { current: 1, size: 20, status: 'EXPIRED' } });
    expect(expired.data.objList.map((c) => c.id)).toContain(granted.data.granted[0]!.id);
    const unused = await admin.call(routes.adminCouponList, { query: { current: 1, size: 20, status: 'UNUSED' } });
    expect(unused.data.objList.map((c) => c.id)).toEqual([granted.data.granted[1]!.id]);
  });

  it('refuses unknown users and bad amounts with 400, granting nothing', async () => {
    const before = await fingerprint();
    const base = { name: '测试券', amountOff: 500, threshold: 0, validDays: 7, resourceType: null };
    const unknown = await raw(admin, routes.adminCouponGrant, { body: { ...base, userNames: ['zhangxm', 'nobody'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.msg).toBe(MESSAGES.console.money.couponUsersUnknown(['nobody']));
    for (const body of [
      { ...base, userNames: [] },
      { ...base, userNames: ['zhangxm'], amountOff: 0 },
      { ...base, userNames: ['zhangxm'], amountOff: 12.5 },
      { ...base, userNames: ['zhangxm'], validDays: 0 },
      { ...base, userNames: ['zhangxm'], amountOff: 3_000, threshold: 2_000 },
    ]) {
      const { status, json } = await raw(admin, routes.adminCouponGrant, { body });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('refunds', () => {
  it('finds an order by number and refunds it with the password again; settled income cannot be refunded', async () => {
    const orderNo = await buyOne(8_800);
    const found = await admin.call(routes.adminOrderList, { query: { current: 1, size: 20, orderNo } });
    expect(found.data.objList).toHaveLength(1);
    expect(found.data.objList[0]).toMatchObject({
      orderNo,
      status: 'PAID',
      payAmount: 8_800,
      refundable: true,
      buyer: { userName: 'wangcy' },
      seller: { userName: 'lijg' },
    });

    const before = await fingerprint();
    const wrong = await raw(admin, routes.adminOrderRefund, { body: { orderNo, confirmPassword: 'Wrong@2026' } });
    expect(wrong.status).toBe(403);
    const malformed = await raw(admin, routes.adminOrderRefund, {
      body: { orderNo: 'abc', confirmPassword: ADMIN_PASSWORD },
    });
    expect(malformed.status).toBe(400);
    expect(await fingerprint()).toBe(before);

    const balance = (await userBalances(t.prisma, ids.wangcy!)).balance;
    const refunded = await admin.call(routes.adminOrderRefund, { body: { orderNo, confirmPassword: ADMIN_PASSWORD } });
    expect(refunded.code, refunded.msg).toBe(0);
    expect(refunded.data).toMatchObject({ status: 'REFUNDED', refundable: false });
    expect((await userBalances(t.prisma, ids.wangcy!)).balance).toBe(balance + 8_800);
    expect((await auditOf('order.refund', orderNo))[0]).toMatchObject({
      before: { status: 'PAID' },
      after: { status: 'REFUNDED' },
    });
    const again = await raw(admin, routes.adminOrderRefund, { body: { orderNo, confirmPassword: ADMIN_PASSWORD } });
    expect(again.status).toBe(409);

    // The first sales were settled before the withdrawals: their income is the seller's, no refund.
    const settled = await t.prisma.order.findFirstOrThrow({ where: { status: 'PAID', settledAt: { not: null } } });
    const listed = await admin.call(routes.adminOrderList, { query: { current: 1, orderNo: settled.orderNo } });
    expect(listed.data.objList[0]!.refundable).toBe(false);
    const refused = await raw(admin, routes.adminOrderRefund, {
      body: { orderNo: settled.orderNo, confirmPassword: ADMIN_PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(MESSAGES.order.refundSettled(settled.orderNo));
  });
});

describe('the ledger', () => {
  it('is consistent and sums the platform: sales, commission, tax withheld, pending payouts', async () => {
    const pending = await requestWithdrawal(10_000);
    const report = await admin.call(routes.adminLedgerCheck);
    expect(report.code, report.msg).toBe(0);
    expect(report.data).toMatchObject({ consistent: true, problems: [] });
    expect(report.data.accounts).toBeGreaterThan(3);
    expect(report.data.transactions).toBeGreaterThan(5);
    // Sales at list price, less the refunded one: 3000 + 2000 + 123 + 45 yuan.
    expect(report.data.totals.sales).toBe(300_000 + 200_000 + 12_300 + 4_500);
    expect(report.data.totals.commission).toBe(Math.round(report.data.totals.sales / 10));
    expect(report.data.totals.taxWithheld).toBe(64_000);
    expect(report.data.totals.paidOut).toBe(336_000);
    expect(report.data.totals.pendingPayouts).toBe(10_000);
    // Reading the ledger is not a change: no audit row.
    expect(await t.prisma.auditLog.count({ where: { targetId: String(pending) } })).toBe(0);
  });
});
