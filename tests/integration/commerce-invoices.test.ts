import { randomBytes } from 'node:crypto';
import { ERRORS, MESSAGES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyCommands } from '../../apps/api/src/cli/verify-commands.ts';
import type { OrderStatus } from '../../apps/api/src/generated/prisma/client.ts';
import { createInvoiceAdmin } from '../../apps/api/src/modules/commerce/invoices.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { runBare } from '../support/cli.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

type Client = Awaited<ReturnType<typeof loginAs>>;

let t: TestApp;
let lijg: Client;
let zhang: Client;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  [lijg, zhang] = await Promise.all([loginAs(t, 'lijg'), loginAs(t, 'zhangxm')]);
});

const userId = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;
const CHINESE = /[\u4e00-\u9fff]/;
let nextResource = 900_000;

/** An order row as the purchase flow leaves it (the order code is not needed to test invoicing). */
const makeOrder = async (buyer: string, o: { payAmount?: number; status?: OrderStatus; title?: string } = {}) => {
  const status = o.status ?? 'PAID';
  const payAmount = o.payAmount ?? 1000;
  const paid = status === 'PAID' || status === 'REFUNDED';
  return t.prisma.order.create({
    data: {
      orderNo: `T${randomBytes(8).toString('hex')}`,
      buyerId: await userId(buyer),
      sellerId: await userId('wangcy'),
      resourceId: nextResource++,
      title: o.title ?? `资源 ${nextResource}`,
      resourceType: 'DOCUMENT',
      price: Math.max(payAmount, 1),
      discount: Math.max(0, 1 - payAmount),
      payAmount,
      status,
      payMethod: paid ? 'BALANCE' : null,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      paidAt: paid ? new Date() : null,
    },
  });
};

const personal = (orderIds: number[]) => ({
  orderIds,
  titleType: 'PERSONAL' as const,
  title: '李建国',
  email: 'lijg@example.com',
});

const invoiceableIds = async (client: Client) =>
  (await client.call(routes.invoiceOrders, { query: { current: 1, size: 50 } })).data.objList.map((o) => o.id);

describe('invoices', () => {
  it('invoices own paid orders once; lists what can still be invoiced; keeps a record', async () => {
    const a = await makeOrder('lijg', { payAmount: 1000, title: '一元一次方程教案' });
    const b = await makeOrder('lijg', { payAmount: 2550, title: '函数图像微课' });
    const free = await makeOrder('lijg', { payAmount: 0 });
    const pending = await makeOrder('lijg', { status: 'PENDING' });
    const refunded = await makeOrder('lijg', { status: 'REFUNDED' });

    const open = await invoiceableIds(lijg);
    expect(open).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const id of [free.id, pending.id, refunded.id]) expect(open).not.toContain(id);

    const created = await lijg.call(routes.invoiceApply, { body: personal([a.id, b.id, a.id]) });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      titleType: 'PERSONAL',
      title: '李建国',
      taxNumber: null,
      email: 'lijg@example.com',
      amount: 3550,
      status: 'REQUESTED',
      invoiceNo: null,
    });
    expect(created.data.orders.map((o) => o.title).sort()).toEqual(['一元一次方程教案', '函数图像微课']);
    expect(await invoiceableIds(lijg)).not.toEqual(expect.arrayContaining([a.id]));

    const record = await lijg.call(routes.invoiceRecord, { query: { current: 1, size: 10 } });
    expect(record.data.objList[0]).toMatchObject({ id: created.data.id, amount: 3550 });
    expect(record.data.objList[0]!.orders.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());

    const before = await databaseFingerprint(t.databaseUrl);
    const twice = await lijg.call(routes.invoiceApply, { body: personal([b.id]) });
    expect(twice.code).toBe(ERRORS.CONFLICT.code);
    expect(twice.msg).toBe(MESSAGES.invoice.alreadyInvoiced);
    const zero = await lijg.call(routes.invoiceApply, { body: personal([free.id]) });
    expect(zero.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(zero.msg).toBe(MESSAGES.invoice.zeroAmount);
    for (const order of [pending, refunded]) {
      const res = await lijg.call(routes.invoiceApply, { body: personal([order.id]) });
      expect(res.code).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toBe(MESSAGES.invoice.notOwnPaid);
    }
    const missing = await lijg.call(routes.invoiceApply, { body: personal([2_000_000_000]) });
    expect(missing.msg).toBe(MESSAGES.invoice.notOwnPaid);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it('asks a company for a valid tax number', async () => {
    const order = await makeOrder('lijg', { payAmount: 880 });
    const company = {
      orderIds: [order.id],
      titleType: 'COMPANY' as const,
      title: '北京市海淀区实验中学',
      email: 'caiwu@example.com',
    };
    const before = await databaseFingerprint(t.databaseUrl);
    const noTax = await lijg.call(routes.invoiceApply, { body: company });
    expect(noTax.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(noTax.msg).toContain('单位抬头须填写税号');
    for (const taxNumber of ['91350100M000100Y44', '9135010', '91350100M000100Y4!', '913501000000100O43']) {
      const res = await lijg.call(routes.invoiceApply, { body: { ...company, taxNumber } });
      expect(res.code, taxNumber).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toContain('税号');
    }
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    const ok = await lijg.call(routes.invoiceApply, { body: { ...company, taxNumber: ' 91350100m000100y43 ' } });
    expect(ok.data).toMatchObject({ titleType: 'COMPANY', taxNumber: '91350100M000100Y43', amount: 880 });
  });

  it('refuses bad requests with a Chinese message and changes nothing', async () => {
    const order = await makeOrder('lijg');
    const valid = personal([order.id]);
    const cases: Record<string, unknown>[] = [
      { ...valid, orderIds: [] },
      { ...valid, orderIds: Array.from({ length: 51 }, (_, i) => i + 1) },
      { ...valid, orderIds: ['abc'] },
      { ...valid, orderIds: [1.5] },
      { ...valid, orderIds: [-3] },
      { ...valid, titleType: 'GOVERNMENT' },
      { ...valid, title: '李' },
      { ...valid, title: '李'.repeat(101) },
      { ...valid, email: 'not-an-email' },
      { ...valid, email: undefined },
    ];
    const before = await databaseFingerprint(t.databaseUrl);
    for (const body of cases) {
      const res = await lijg.call(routes.invoiceApply, { body: body as never });
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toMatch(CHINESE);
    }
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it("never shows or acts on another user's orders or invoices", async () => {
    const mine = await makeOrder('lijg', { payAmount: 1200 });
    const invoice = await lijg.call(routes.invoiceApply, { body: personal([mine.id]) });
    const other = await makeOrder('lijg', { payAmount: 1300 });

    // B's lists hold nothing of A's.
    expect(await invoiceableIds(zhang)).not.toContain(other.id);
    const theirs = await zhang.call(routes.invoiceRecord, { query: { current: 1, size: 50 } });
    expect(theirs.data.objList.map((i) => i.id)).not.toContain(invoice.data.id);
    expect(theirs.data.pageBean.totalCount).toBe(0);

    // B cannot invoice A's orders, invoiced or not, alone or mixed with their own.
    const own = await makeOrder('zhangxm', { payAmount: 500 });
    const before = await databaseFingerprint(t.databaseUrl);
    for (const orderIds of [[other.id], [mine.id], [own.id, other.id]]) {
      const res = await zhang.call(routes.invoiceApply, {
        body: { orderIds, titleType: 'PERSONAL', title: '张晓梅', email: 'zhang@example.com' },
      });
      expect(res.code).toBe(ERRORS.BAD_REQUEST.code);
      expect(res.msg).toBe(MESSAGES.invoice.notOwnPaid);
    }
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    expect(await invoiceableIds(zhang)).toEqual([own.id]);
    expect(await invoiceableIds(lijg)).toContain(other.id);

    // Visitors get 401 everywhere.
    const visitor = t.client();
    expect((await visitor.call(routes.invoiceOrders, { query: {} })).code).toBe(ERRORS.UNAUTHORIZED.code);
    expect((await visitor.call(routes.invoiceRecord, { query: {} })).code).toBe(ERRORS.UNAUTHORIZED.code);
    expect((await visitor.call(routes.invoiceApply, { body: personal([other.id]) })).code).toBe(
      ERRORS.UNAUTHORIZED.code,
    );
  });

  it('20 concurrent requests for the same order end with exactly one invoice', async () => {
    const order = await makeOrder('lijg', { payAmount: 990 });
    const uid = await userId('lijg');
    const before = await t.prisma.invoice.count({ where: { userId: uid } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => lijg.call(routes.invoiceApply, { body: personal([order.id]) })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const conflicts = answers.filter((a) => a.code !== 0);
    expect(conflicts).toHaveLength(19);
    expect(conflicts.every((c) => c.code === ERRORS.CONFLICT.code && c.msg === MESSAGES.invoice.alreadyInvoiced)).toBe(
      true,
    );
    expect(await t.prisma.invoice.count({ where: { userId: uid } })).toBe(before + 1);
    expect(await t.prisma.invoiceItem.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('overlapping concurrent requests never put an order on two invoices and never deadlock', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => makeOrder('lijg', { payAmount: 100 })));
    const ids = orders.map((o) => o.id);
    const sets = Array.from({ length: 12 }, (_, i) => [ids[i % 4]!, ids[(i + 1) % 4]!, ids[(i + 2) % 4]!].reverse());
    const answers = await Promise.all(sets.map((set) => lijg.call(routes.invoiceApply, { body: personal(set) })));
    expect(answers.every((a) => a.code === 0 || a.code === ERRORS.CONFLICT.code)).toBe(true);
    // Any two of these sets share an order, so exactly one request can win.
    const won = answers.filter((a) => a.code === 0);
    expect(won).toHaveLength(1);
    const invoiced = won.flatMap((a) => a.data.orders.map((o) => o.id));
    expect(new Set(invoiced).size).toBe(invoiced.length);
    expect(await t.prisma.invoiceItem.count({ where: { orderId: { in: ids } } })).toBe(invoiced.length);
    const amounts = await t.prisma.invoice.findMany({ where: { id: { in: won.map((a) => a.data.id) } } });
    expect(amounts.every((i) => i.amount === 300)).toBe(true);
  });

  it('a rejected invoice frees its orders; an issued one carries its number; the user is told', async () => {
    const a = await makeOrder('lijg', { payAmount: 4200, title: '电学实验视频' });
    const b = await makeOrder('lijg', { payAmount: 800, title: '力学测验卷' });
    const first = await lijg.call(routes.invoiceApply, { body: personal([a.id, b.id]) });
    const invoices = createInvoiceAdmin(t.prisma);

    expect(await invoices.reject(first.data.id, '抬头与付款人不一致')).toContain('释放订单 2 个');
    await expect(invoices.reject(first.data.id, '再次驳回')).rejects.toThrow('不存在或已处理');
    await expect(invoices.issue(first.data.id, '24110000000012345678')).rejects.toThrow('不存在或已处理');
    expect(await invoiceableIds(lijg)).toEqual(expect.arrayContaining([a.id, b.id]));
    const record = await lijg.call(routes.invoiceRecord, { query: { current: 1, size: 50 } });
    expect(record.data.objList.find((i) => i.id === first.data.id)).toMatchObject({
      status: 'REJECTED',
      reviewNote: '抬头与付款人不一致',
    });

    const second = await lijg.call(routes.invoiceApply, { body: personal([a.id, b.id]) });
    expect(second.data).toMatchObject({ status: 'REQUESTED', amount: 5000 });
    await expect(invoices.issue(second.data.id, '号码')).rejects.toThrow('发票号码须为');
    await invoices.issue(second.data.id, '24110000000012345678');
    const issued = await lijg.call(routes.invoiceRecord, { query: { current: 1, size: 1 } });
    expect(issued.data.objList[0]).toMatchObject({
      id: second.data.id,
      status: 'ISSUED',
      invoiceNo: '24110000000012345678',
    });
    expect(issued.data.objList[0]!.orders.map((o) => o.title).sort()).toEqual(['力学测验卷', '电学实验视频']);
    await expect(invoices.reject(second.data.id, '晚了')).rejects.toThrow('不存在或已处理');
    const still = await lijg.call(routes.invoiceApply, { body: personal([a.id]) });
    expect(still.msg).toBe(MESSAGES.invoice.alreadyInvoiced);

    const messages = await lijg.call(routes.messageList, { query: { current: 1, size: 10, type: 'review' } });
    const results = messages.data.objList.filter((m) => m.title.startsWith('发票申请结果'));
    expect(results.map((m) => m.title)).toEqual(['发票申请结果：已开具', '发票申请结果：已驳回']);
    expect(results[0]!.content).toContain('24110000000012345678');
    expect(results[1]!.content).toContain('抬头与付款人不一致');
    const others = await zhang.call(routes.messageList, { query: { current: 1, size: 10, type: 'review' } });
    expect(others.data.objList.some((m) => m.title.startsWith('发票申请结果'))).toBe(false);
  });

  it('admin commands list, issue and reject invoice requests', async () => {
    const order = await makeOrder('zhangxm', { payAmount: 1500 });
    const created = await zhang.call(routes.invoiceApply, {
      body: {
        orderIds: [order.id],
        titleType: 'COMPANY',
        title: '西城区第二小学',
        taxNumber: '91110000100000000R',
        email: 'school@example.com',
      },
    });
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      expect(await runBare(verifyCommands.invoices!, t.app, [])).toBe(0);
      const text = lines.join('\n');
      expect(text).toContain(`#${created.data.id}  西城区第二小学（单位 税号 91110000100000000R）  ¥15.00`);
      expect(text).toContain(`#${order.id}`);
      const id = String(created.data.id);
      await expect(runBare(verifyCommands['invoice-issue']!, t.app, [id])).rejects.toThrow('缺少参数');
      expect(await runBare(verifyCommands['invoice-reject']!, t.app, [id, '税号', '有误'])).toBe(0);
    } finally {
      log.mockRestore();
    }
    const record = await zhang.call(routes.invoiceRecord, { query: { current: 1, size: 10 } });
    expect(record.data.objList[0]).toMatchObject({ status: 'REJECTED', reviewNote: '税号 有误', orders: [] });
    expect(await invoiceableIds(zhang)).toContain(order.id);
  });
});
