import { encryptPassword, routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleDueIncome } from '../../apps/api/src/modules/commerce/settlement.ts';
import { createVerificationAdmin } from '../../apps/api/src/modules/commerce/verification.ts';
import { creditBalance, grantCoupon } from '../../apps/api/src/modules/commerce/wallet.ts';
import { createWithdrawalAdmin } from '../../apps/api/src/modules/commerce/withdrawals.ts';
import type { TestApp } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs, TRANSPORT_KEY } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { dictIds, publishUploadedDocument } from '../support/library.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { animationsSettled } from './gate-checks.ts';
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
const FIRST_BALANCE_PAYMENT = '九年级数学《相似三角形》分层作业';
const PAY_PASSWORD = '258013';
/** The narrowest phone the pages are made for (the page gate looks at 390 px). */
const PHONE = { width: 360, height: 780 };
const DAY_MS = 86_400_000;

let t: TestApp;
let browser: Browser;
const ids = { balance: 0, coupon: 0, alipay: 0, firstBalancePayment: 0 };

appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { SETTLEMENT_DAYS: '7', WITHDRAWAL_MIN_FEN: '1000' },
);

beforeAll(async () => {
  const math = await dictIds(t, '初中', '数学');
  const lijg = await loginAs(t, 'lijg');
  const publish = (title: string, price: number, seller = lijg) =>
    publishUploadedDocument(
      t,
      seller,
      { name: `${title}.txt`, bytes: Buffer.from(`${title}\n`, 'utf8') },
      { title, price, ...math },
    );
  ids.balance = await publish(BY_BALANCE, 990);
  ids.coupon = await publish(BY_COUPON, 500);
  ids.alipay = await publish(BY_ALIPAY, 150_000);
  // Another seller's, so lijg's sales below stay the three above.
  ids.firstBalancePayment = await publish(FIRST_BALANCE_PAYMENT, 880, await loginAs(t, 'zhangxm'));

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
  await animationsSettled(page);
  await page.screenshot({ path: artifact(name), fullPage: true });
};
/** The page is no wider than the window (nothing to scroll sideways to). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
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
    expect(await page.getByTestId('pay-countdown').textContent()).toMatch(/\d\d:\d\d/);
    // The only usable coupon is preselected; the buyer keeps it for the next purchase.
    await eventually(() => page.getByRole('radio', { name: /教研活动专享券/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('pay-amount').textContent()).toBe('¥4.90');
    await page.getByRole('radio', { name: '不使用优惠券' }).check();
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥9.90');
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
    // Preselected, it covers the price: nothing is left to pay, so no way to pay is asked for.
    await eventually(() => page.getByRole('radio', { name: /教研活动专享券/ }).isChecked()).toBe(true);
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥0.00');
    await page.getByTestId('coupon-covers').waitFor();
    expect(await page.getByRole('radiogroup', { name: '支付方式' }).count()).toBe(0);
    await page.getByRole('button', { name: '确认支付' }).click();
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    await downloadFromDetails(page, ids.coupon);
  });

  it('pays through the sandbox Alipay cashier; the page waits for the notification, then downloads', async () => {
    await page.goto(`${t.url}/pay?resourceId=${ids.alipay}`);
    await page.waitForURL(/\/pay\?orderNo=\d{20}$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo');
    // Payments go to the built-in sandbox here: the choice says so, and that no money moves.
    await page.getByRole('radio', { name: '支付宝（沙箱） （内置沙箱收银台，不会真实扣款）' }).check();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
    await page.getByText('￥1500.00').waitFor();
    await page.screenshot({ path: artifact('commerce-sandbox-cashier.png'), fullPage: true });
    await page.getByRole('button', { name: '确认付款' }).click();
    await page.waitForURL(`${t.url}/pay?orderNo=${orderNo}&returned=1`);
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    // The method's name says 沙箱 once the site's settings have loaded (the page came back from the cashier afresh).
    await page.getByTestId('pay-result').getByText('支付宝（沙箱）', { exact: true }).waitFor();
    expect(await page.getByTestId('pay-result').getByText('支付宝（沙箱）', { exact: true }).count()).toBe(1);
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
    await spending.getByText('支付宝（沙箱）', { exact: true }).waitFor();
    expect(await spending.getByText('支付宝（沙箱）', { exact: true }).count()).toBe(1);
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

  it('on a 360 px phone: spending, orders and invoicing read as cards, and nothing scrolls sideways', async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${t.url}/personSpace/account/expenditure/expenditure`);
      const spending = page.getByTestId('expenditure-table');
      await spending.getByText(BY_ALIPAY).waitFor();
      expect(await spending.locator('table').count()).toBe(0);
      expect(await spending.getByRole('listitem').count()).toBe(3);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'commerce-phone-expenditure.png');

      await page.getByRole('tab', { name: '我的订单' }).click();
      const orders = page.getByTestId('order-table');
      await orders.getByText(BY_COUPON).waitFor();
      expect(await orders.getByRole('listitem').count()).toBe(3);
      // Six order states in a row would run off the screen: a select on a phone.
      await page.getByRole('combobox', { name: '订单状态' }).waitFor();
      await expectNoSidewaysScroll(page);

      await page.goto(`${t.url}/invoicing`);
      const card = page.getByTestId('invoice-orders').getByRole('listitem').filter({ hasText: BY_BALANCE });
      await card.getByRole('checkbox').check();
      await page.getByText('已选 1 个订单，开票金额 ¥9.90').waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'commerce-phone-invoicing.png');
      expect(errors).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe('a first balance payment, on a phone: the pay password is set on the pay page', () => {
  let page: Page;
  let errors: string[];

  sessionForBlock(
    () => sessionOf('liujy'),
    (session) => {
      ({ page, errors } = session);
    },
  );

  it('preselects the coupon taking the most off, one coupon control with 不使用, then sets the pay password in a dialog and pays the same order', async () => {
    const buyer = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'liujy' } });
    expect((await t.prisma.payAccount.findUnique({ where: { userId: buyer.id } }))?.payPasswordHash ?? null).toBeNull();
    await creditBalance(t.prisma, buyer.id, 10_000, '测试充值');
    const coupon = (name: string, amountOff: number, threshold: number, resourceType: 'MICRO_COURSE' | null = null) =>
      grantCoupon(t.prisma, {
        userId: buyer.id,
        name,
        amountOff,
        threshold,
        resourceType,
        validFrom: new Date(Date.now() - DAY_MS),
        validTo: new Date(Date.now() + 30 * DAY_MS),
      });
    const threeOff = await coupon('无门槛 3 元券', 300, 0);
    await coupon('满 8 元减 2 元', 200, 800);
    await coupon('微课 5 元券', 500, 0, 'MICRO_COURSE'); // not for a document

    await page.setViewportSize(PHONE);
    await page.goto(`${t.url}/pay?resourceId=${ids.firstBalancePayment}`);
    await page.waitForURL(/\/pay\?orderNo=\d{20}$/);
    const orderUrl = page.url();

    // The one coupon control: the two usable coupons and 不使用优惠券; paying is by balance or Alipay only.
    const coupons = page.getByRole('radiogroup', { name: '优惠券' });
    await eventually(() => coupons.getByRole('radio').count()).toBe(3);
    await eventually(() => coupons.getByRole('radio', { name: /无门槛 3 元券/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('pay-amount').textContent()).toBe('¥5.80');
    const methods = page.getByRole('radiogroup', { name: '支付方式' });
    expect(await methods.getByRole('radio').count()).toBe(2);
    expect(await methods.getByRole('radio', { name: /^余额支付/ }).isChecked()).toBe(true);
    await coupons.getByRole('radio', { name: '不使用优惠券' }).check();
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥8.80');
    await coupons.getByRole('radio', { name: /满 8 元减 2 元/ }).check();
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥6.80');
    await coupons.getByRole('radio', { name: /无门槛 3 元券/ }).check();
    await eventually(() => page.getByTestId('pay-amount').textContent()).toBe('¥5.80');
    await page.getByText('尚未设置支付密码').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'commerce-phone-pay.png');

    // No pay password yet: 确认支付 asks for one right here; a wrong login password is said in the dialog.
    await page.getByRole('button', { name: '确认支付' }).click();
    const dialog = page.getByRole('dialog', { name: '设置支付密码' });
    await dialog.getByLabel('登录密码').fill('Wrong@2026');
    await dialog.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD);
    await dialog.getByLabel('确认支付密码').fill(PAY_PASSWORD);
    expect(await dialog.getByTestId('set-pay-password-amount').textContent()).toBe('¥5.80');
    await dialog.getByRole('button', { name: '设置并支付' }).click();
    await eventually(() => dialog.getByTestId('set-pay-password-failure').textContent()).toBe('登录密码错误');
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the dialog fits the screen').toBe(true);
    await page.screenshot({ path: artifact('commerce-phone-set-pay-password.png') });

    await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: '设置并支付' }).click();
    await eventually(() => page.getByTestId('pay-result-title').textContent()).toBe('支付成功');
    expect(page.url()).toBe(orderUrl);
    const order = await t.prisma.order.findFirstOrThrow({
      where: { buyerId: buyer.id, resourceId: ids.firstBalancePayment },
    });
    expect(order).toMatchObject({ status: 'PAID', payMethod: 'BALANCE', couponId: threeOff.id, payAmount: 580 });
    expect(
      (await t.prisma.payAccount.findUniqueOrThrow({ where: { userId: buyer.id } })).payPasswordHash,
    ).not.toBeNull();
    await screenshot(page, 'commerce-phone-pay-result.png');
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
