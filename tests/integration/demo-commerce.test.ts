import { createHash } from 'node:crypto';
import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedDemoCommerce } from '../../apps/api/src/demo/commerce.ts';
import { checkLedger } from '../../apps/api/src/modules/commerce/ledger.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs, payTokenOf } from '../support/auth.ts';
import { DEMO_HOOK_TIMEOUT } from '../support/demo.ts';

/**
 * The demo's money as a newcomer meets it (issue 22): two sellers with settled income above the minimum who can
 * withdraw at once with the documented pay password, income still pending, buyers whose bought files download,
 * a withdrawal and an invoice waiting for the administrator, and a ledger that balances.
 */

const ADMIN_PASSWORD = 'Admin@2026';
const SELLERS = ['lijg', 'wangcy'];

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;

testAppFor((app) => (t = app), { demo: true }, DEMO_HOOK_TIMEOUT);
beforeAll(async () => {
  admin = await loginAs(t, 'admin', ADMIN_PASSWORD);
});

const pendingWithdrawals = async () => {
  const list = await admin.call(routes.adminWithdrawalList, { query: { current: 1, size: 20, status: 'PENDING' } });
  expect(list.code, list.msg).toBe(0);
  return list.data.objList;
};

describe('the demo sellers', () => {
  it('have settled income above the minimum, income still pending, sales over the last weeks', async () => {
    for (const userName of SELLERS) {
      const seller = await loginAs(t, userName);
      const account = await seller.call(routes.accountInfo);
      expect(account.code, account.msg).toBe(0);
      expect(account.data.availableIncome, userName).toBeGreaterThanOrEqual(account.data.rules.minWithdrawal);
      expect(account.data.pendingIncome, userName).toBeGreaterThan(0);
      expect(account.data).toMatchObject({ payPasswordSet: true, verification: 'APPROVED' });
      expect(account.data.alipay.bound).toBe(true);
      const daily = await seller.call(routes.amountStatistics, { query: { days: 30 } });
      expect(daily.code, daily.msg).toBe(0);
      // The income chart: sales on several days of the last month, not all on one.
      const salesDays = daily.data.points.filter((p) => p.sales > 0);
      expect(salesDays.length, userName).toBeGreaterThanOrEqual(4);
    }
  });

  it('lijg has a withdrawal waiting for the administrator; wangcy can apply right away with the demo pay password', async () => {
    const before = await pendingWithdrawals();
    expect(before.map((w) => w.userName)).toEqual(['lijg']);
    const wangcy = await loginAs(t, 'wangcy');
    const res = await wangcy.call(routes.withdrawal, {
      body: { amount: t.config.WITHDRAWAL_MIN_FEN, payToken: await payTokenOf(wangcy, DEMO_PAY_PASSWORD) },
    });
    expect(res.code, res.msg).toBe(0);
    expect((await pendingWithdrawals()).map((w) => w.userName).sort()).toEqual(['lijg', 'wangcy']);
    // What lijg has left after the pending request is still enough for another.
    const lijg = await loginAs(t, 'lijg');
    const again = await lijg.call(routes.withdrawal, {
      body: { amount: t.config.WITHDRAWAL_MIN_FEN, payToken: await payTokenOf(lijg, DEMO_PAY_PASSWORD) },
    });
    expect(again.code, again.msg).toBe(0);
    expect(await pendingWithdrawals()).toHaveLength(3);
  });
});

describe('the demo buyers', () => {
  it('several teachers bought resources, and each bought file downloads with its real bytes', async () => {
    const orders = await t.prisma.order.findMany({ where: { status: 'PAID' }, orderBy: { id: 'asc' } });
    const buyers = [...new Set(orders.map((o) => o.buyerId))];
    expect(buyers.length).toBeGreaterThanOrEqual(3);
    for (const buyerId of buyers) {
      const buyer = await t.prisma.user.findUniqueOrThrow({ where: { id: buyerId } });
      const order = orders.find((o) => o.buyerId === buyerId)!;
      const client = await loginAs(t, buyer.userName);
      const res = await client.call(routes.download, { query: { id: order.resourceId } });
      expect(res.code, res.msg).toBe(0);
      const file = await fetch(`${t.url}${res.data.url}`);
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      const links = await t.prisma.resourceFile.findMany({ where: { resourceId: order.resourceId } });
      const stored = await t.prisma.storedFile.findMany({ where: { id: { in: links.map((l) => l.fileId) } } });
      expect(stored.map((f) => f.sha256)).toContain(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it("a buyer's invoice request waits for the administrator", async () => {
    const list = await admin.call(routes.adminInvoiceList, { query: { current: 1, size: 20, status: 'REQUESTED' } });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.objList).toHaveLength(1);
    const [invoice] = list.data.objList;
    expect(invoice).toMatchObject({ userName: 'zhangxm', titleType: 'PERSONAL', title: '张晓梅' });
    expect(invoice!.orders.length).toBeGreaterThanOrEqual(2);
    expect(invoice!.amount).toBe(invoice!.orders.reduce((sum, o) => sum + o.payAmount, 0));
  });
});

describe('the demo ledger', () => {
  it('balances, and a second seed changes nothing', async () => {
    expect(await checkLedger(t.prisma)).toEqual([]);
    const count = await t.prisma.ledgerTransaction.count();
    await seedDemoCommerce(t.app, t.config, () => {});
    expect(await t.prisma.ledgerTransaction.count()).toBe(count);
    expect(await checkLedger(t.prisma)).toEqual([]);
  });
});
