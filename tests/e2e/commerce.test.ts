import { encryptPassword, routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleDueIncome } from '../../apps/api/src/modules/commerce/settlement.ts';
import { createVerificationAdmin } from '../../apps/api/src/modules/commerce/verification.ts';
import { creditBalance, grantCoupon } from '../../apps/api/src/modules/commerce/wallet.ts';
import { createWithdrawalAdmin } from '../../apps/api/src/modules/commerce/withdrawals.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import type { TestApp } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs, TRANSPORT_KEY } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { cn, eventually, sessionForBlock } from './helpers.ts';

/**
 * Buying and selling in Chromium (issue 9, item 2 and the account screens of item 1): a teacher buys three of a
 * colleague's paid resources — with the balance (pay password), a coupon, and through the sandbox Alipay cashier —
 * and downloads them, then asks for an invoice; the seller sees the sales and charts, the income settles, the
 * seller is verified, binds Alipay through the sandbox authorization, withdraws with the pay password and sees
 * the tax withheld.
 */

const BY_BALANCE = '九年级数学《二次函数》专题复习学案';
const BY_COUPON = '九年级数学《圆》课堂小测';
const BY_ALIPAY = '九年级数学中考一轮复习全套讲义';
const PAY_PASSWORD = '258013';
const DAY_MS = 86_400_000;

let t: TestApp;
let browser: Browser;
const ids = { balance: 0, coupon: 0, alipay: 0 };

appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { SETTLEMENT_DAYS: '7', WITHDRAWAL_MIN_FEN: '1000' },
);

beforeAll(async () => {
  const review = createReviewAdmin(t.prisma);
  const math = await dictIds(t, '初中', '数学');
  const lijg = await loginAs(t, 'lijg');
  const publish = async (title: string, price: number) => {
    const uploaded = await postDocument(t.url, cookieOf(lijg.jar), `${title}.txt`, Buffer.from(`${title}\n`, 'utf8'));
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const res = await lijg.call(routes.publishDocument, {
      body: { type: 'DOCUMENT', fileIds: [String(uploaded.json.data.id)], title, price, ...math },
    });
    expect(res.code, res.msg).toBe(0);
    await review.approve(res.data.id);
    return res.data.id;
  };
  ids.balance = await publish(BY_BALANCE, 990);
  ids.coupon = await publish(BY_COUPON, 500);
  ids.alipay = await publish(BY_ALIPAY, 150_000);

  // The buyer's wallet: 200 yuan, a coupon worth the quiz, and a pay password.
  const wangcyId = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } })).id;
  await creditBalance(t.prisma, wangcyId, 20_000, '测试充值');
  await grantCoupon(t.prisma, {
    userId: wangcyId,
    name: '教研活动专享券',
    amountOff: 500,
    threshold: 0,
    resourceType: null,
    validFrom: new Date(Date.now() - DAY_MS),
    validTo: new Date(Date.now() + 30 * DAY_MS),
  });
  const wangcy = await loginAs(t, 'wangcy');
  const set = await wangcy.call(routes.verifyAccountChangePassword, {
    body: {
      loginPassword: encryptPassword(DEMO_PASSWORD, TRANSPORT_KEY),
      payPassword: encryptPassword(PAY_PASSWORD, TRANSPORT_KEY),
    },
  });
  expect(set.code, set.msg).toBe(0);
}, 180_000);

/** A full-page screenshot from the top once the toasts are gone and nothing is loading. */
const screenshot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(() => page.locator('.ant-message-notice').count()).toBe(0);
  await eventually(() => page.locator('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: artifact(name), fullPage: true });
};
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const detailsUrl = (id: number) => `${t.url}/home/documents/details?id=${id}`;

const sessionOf = (userName: string) => returningSession(browser, { app: t, userName });

/** Enters the pay password in the dialog and confirms. */
const enterPayPassword = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: '验证支付密码' });
  await dialog.getByLabel('支付密码').fill(PAY_PASSWORD);
  await dialog.getByRole('button', { name: cn('确定') }).click();
};

/** Downloads a bought resource from its details page: the server grants the download. */
const downloadFromDetails = async (page: Page, id: number) => {
  await page.goto(detailsUrl(id));
  await page.getByTestId('purchased-tag').waitFor();
  expect(await page.getByRole('button', { name: '立即购买' }).count()).toBe(0);
  const granted = page.waitForResponse((r) => r.url().includes(routes.download.path));
  await page
    .getByTestId('resource-price')
    .locator('xpath=..')
    .getByRole('button', { name: /下\s?载/ })
    .click();
  const answer = (await (await granted).json()) as { code: number; msg: string };
  expect(answer.code, answer.msg).toBe(0);
};

describe('a teacher buys resources', () => {
  let page: Page;
  let errors: string[];

  sessionForBlock(
    () => sessionOf('wangcy'),
    (session) => {
      ({ page, errors } = session);
    },
  );

  it('buys with the balance after the pay password, then downloads', async () => {
    await page.goto(detailsUrl(ids.balance));
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/pay\?orderNo=\d{20}$/);
    await eventually(() => page.getByTestId('pay-balance').textContent()).toBe('¥200.00');
    expect(await page.getByTestId('pay-amount').textContent()).toBe('¥9.90');
    expect(await page.getByTestId('pay-countdown').textContent()).toMatch(/\d\d:\d\d/);
    await page.getByText('教研活动专享券').waitFor();
    await screenshot(page, 'commerce-pay.png');

    await page.getByRole('button', { name: '确认支付' }).click();
    await enterPayPassword(page);
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    await page.getByText('¥190.10').waitFor(); // the balance after paying
    await page.getByRole('link', { name: '下载资源' }).click();
    await page.waitForURL(`${t.url}/home/documents/details?id=${ids.balance}`);
    await downloadFromDetails(page, ids.balance);
  });

  it('buys with a coupon that covers the price, then downloads', async () => {
    await page.goto(detailsUrl(ids.coupon));
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/pay\?orderNo=\d{20}$/);
    await page.getByRole('radio', { name: /教研活动专享券/ }).check();
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥0.00');
    expect(await page.getByRole('radio', { name: /^优惠券/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '确认支付' }).click();
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    await downloadFromDetails(page, ids.coupon);
  });

  it('pays through the sandbox Alipay cashier; the page waits for the notification, then downloads', async () => {
    await page.goto(`${t.url}/pay?resourceId=${ids.alipay}`);
    await page.waitForURL(/\/pay\?orderNo=\d{20}$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo');
    await page.getByRole('radio', { name: /^支付宝/ }).check();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
    await page.getByText('￥1500.00').waitFor();
    await page.screenshot({ path: artifact('commerce-sandbox-cashier.png'), fullPage: true });
    await page.getByRole('button', { name: '确认付款' }).click();
    await page.waitForURL(`${t.url}/pay?orderNo=${orderNo}&returned=1`);
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    await screenshot(page, 'commerce-pay-result.png');
    await downloadFromDetails(page, ids.alipay);
  });

  it('sees the spending and orders, and asks for an invoice that shows in invoicerecords', async () => {
    await page.goto(`${t.url}/personSpace/account`);
    await page.waitForURL(`${t.url}/personSpace/account/income/income`);
    await page.goto(`${t.url}/personSpace/account/expenditure`);
    await page.waitForURL(`${t.url}/personSpace/account/expenditure/expenditure`);
    const spending = page.getByTestId('expenditure-table');
    await spending.getByText(BY_ALIPAY).waitFor();
    expect(await spending.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'commerce-expenditure.png');
    await page.getByRole('tab', { name: '我的订单' }).click();
    await page.getByTestId('order-table').getByText(BY_COUPON).waitFor();
    await page.getByRole('tab', { name: '优惠券' }).click();
    await page.getByTestId('coupon-lists').getByText('已使用').waitFor();

    await page.goto(`${t.url}/invoicing`);
    const orders = page.getByTestId('invoice-orders');
    await orders.getByText(BY_ALIPAY).waitFor();
    // The coupon order cost nothing, so only the two paid with money can be invoiced.
    expect(await orders.locator('tbody tr').count()).toBe(2);
    await orders.locator('tbody tr', { hasText: BY_ALIPAY }).getByRole('checkbox').check();
    await page.getByLabel('发票抬头').fill('王春燕');
    await page.getByLabel('接收邮箱').fill('wangcy@example.com');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('invoicing-records').getByText('开票中').waitFor();
    await eventually(() => orders.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'commerce-invoicing.png');

    await page.getByRole('link', { name: '开票记录 ›' }).click();
    await page.waitForURL(`${t.url}/personSpace/account/expenditure/invoicerecords`);
    const records = page.getByTestId('invoice-records');
    await records.getByText(BY_ALIPAY).waitFor();
    expect(await records.getByText('¥1500.00').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the seller sees the sales, settles, verifies, binds Alipay and withdraws', () => {
  let page: Page;
  let errors: string[];
  /** lijg's income from the three sales, as the server counts it (price less the platform's commission). */
  let income = '';

  sessionForBlock(
    () => sessionOf('lijg'),
    (session) => {
      ({ page, errors } = session);
    },
  );

  it('income: the sales pending settlement, charts with data; settled after the period', async () => {
    const lijg = await loginAs(t, 'lijg');
    const before = (await lijg.call(routes.accountInfo)).data;
    expect(before.pendingIncome).toBeGreaterThan(100_000);
    income = yuan(before.pendingIncome);
    await page.goto(`${t.url}/personSpace/index`);
    await eventually(() => page.getByTestId('income-card').getByTestId('account-待结算收入').textContent()).toBe(
      income,
    );
    await page.getByRole('navigation', { name: '个人空间导航' }).getByRole('link', { name: '收入与提现' }).click();
    await page.waitForURL(`${t.url}/personSpace/account/income/income`);
    const revenue = page.getByTestId('revenue-table');
    await revenue.getByText(BY_ALIPAY).waitFor();
    expect(await revenue.getByText('待结算', { exact: true }).count()).toBe(3);
    for (const chart of ['chart-daily', 'chart-monthly', 'chart-resource']) {
      await page.locator(`[data-testid="${chart}"][data-ready="true"] canvas`).waitFor();
    }
    await page.getByTestId('annual-bill').getByText(income).first().waitFor();

    expect(await settleDueIncome(t.prisma, 7, new Date(Date.now() + 8 * DAY_MS))).toBeGreaterThanOrEqual(3);
    await page.reload();
    await page.getByTestId('revenue-table').getByText(BY_ALIPAY).waitFor();
    await eventually(() => revenue.getByText('已结算', { exact: true }).count()).toBe(3);
    await eventually(() => page.getByTestId('account-可提现收入').textContent()).toBe(income);
    await page.locator('[data-testid="chart-daily"][data-ready="true"] canvas').waitFor();
    await screenshot(page, 'commerce-income.png');
  });

  it('verify: submits the identity with two ID photos and sets the pay password; approved by the admin', async () => {
    await page.goto(`${t.url}/personSpace/verify`);
    await eventually(() => page.getByTestId('verify-status').textContent()).toBe('未认证');
    const form = page.getByTestId('verify-form');
    await form.getByLabel('真实姓名').fill('李建国');
    await form.getByLabel('身份证号').fill('11010519491231002X');
    await form
      .getByLabel('选择身份证人像面照片')
      .setInputFiles({ name: '人像面.png', mimeType: 'image/png', buffer: png(120, 80) });
    await form
      .getByLabel('选择身份证国徽面照片')
      .setInputFiles({ name: '国徽面.png', mimeType: 'image/png', buffer: png(120, 80) });
    await eventually(() => form.getByText('已上传').count()).toBe(2);
    await form.getByRole('button', { name: '提交认证' }).click();
    await eventually(() => page.getByTestId('verify-status').textContent()).toBe('审核中');
    await page.getByText('认证申请审核中').waitFor();

    const pwd = page.getByTestId('paypwd-form');
    await pwd.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await pwd.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD);
    await pwd.getByLabel('确认支付密码').fill(PAY_PASSWORD);
    await pwd.getByRole('button', { name: '设置支付密码' }).click();
    await eventually(() => page.getByTestId('paypwd-status').textContent()).toBe('已设置');
    await screenshot(page, 'commerce-verify.png');

    const lijgId = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } })).id;
    const request = await t.prisma.identityVerification.findFirstOrThrow({
      where: { userId: lijgId, status: 'PENDING' },
    });
    await createVerificationAdmin(t.prisma).approve(request.id);
    await page.reload();
    await eventually(() => page.getByTestId('verify-status').textContent()).toBe('已认证');
  });

  it('withdrawal: binds Alipay in the sandbox, sees the tax live, withdraws with the pay password', async () => {
    await page.goto(`${t.url}/personSpace/account/income/withdrawal`);
    await page.getByRole('button', { name: '绑定支付宝' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/oauth\?/);
    await page.getByLabel('支付宝账户（昵称）').fill('李建国的支付宝');
    await page.getByRole('button', { name: '同意授权' }).click();
    await page.waitForURL(/\/personSpace\/account\/income\/withdrawal/);
    await eventually(() => page.getByTestId('alipay-outcome').textContent()).toContain(
      '已绑定支付宝账户：李建国的支付宝',
    );
    await eventually(() => page.url()).toBe(`${t.url}/personSpace/account/income/withdrawal`);
    await page.getByTestId('alipay-bound').getByText('李建国的支付宝').waitFor();

    await eventually(() => page.getByTestId('available-income').textContent()).toBe(income);
    await page.getByLabel('提现金额').fill('1000');
    const preview = page.getByTestId('withdrawal-preview');
    await preview.getByText('¥40.00').waitFor(); // (1000 - 800) × 20%
    await preview.getByText('¥960.00').waitFor();
    await page.getByTestId('alipay-outcome').locator('.ant-alert-close-icon').click();
    await screenshot(page, 'commerce-withdrawal.png');

    await page.getByRole('button', { name: '确认提现' }).click();
    await enterPayPassword(page);
    await page.getByTestId('withdrawal-done').getByText('提现申请已提交').waitFor();
    await eventually(() => page.getByTestId('available-income').count()).toBe(0);
  });

  it('aftertaxincome: gross, tax and net of the withdrawal, and the calculator', async () => {
    await page.goto(`${t.url}/personSpace/account/income/aftertaxincome`);
    const rows = page.getByTestId('aftertax-records');
    await rows.getByText('¥1000.00').waitFor();
    await rows.getByText('¥40.00').waitFor();
    await rows.getByText('¥960.00').waitFor();
    await page.getByLabel('试算金额').fill('5000');
    const calc = page.getByTestId('tax-preview');
    await calc.getByText('¥800.00').waitFor(); // 5000 × 80% × 20%
    await calc.getByText('¥4200.00').waitFor();
    await screenshot(page, 'commerce-aftertax.png');

    const lijgId = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } })).id;
    const w = await t.prisma.withdrawal.findFirstOrThrow({ where: { userId: lijgId, status: 'PENDING' } });
    await createWithdrawalAdmin(t.prisma).approve(w.id);
    await page.getByRole('link', { name: '提现记录' }).click();
    await page.waitForURL(`${t.url}/personSpace/account/income/withdrawalRecords`);
    const records = page.getByTestId('withdrawal-records');
    await records.getByText('已到账').waitFor();
    expect(await records.getByText('李建国的支付宝').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
