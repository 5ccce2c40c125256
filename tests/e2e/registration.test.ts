import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../apps/api/src/lib/password.ts';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';
import { cn, confirmPopover, eventually, isPuzzle, isVerify, loginDialog, motionEnded, toast } from './helpers.ts';

/**
 * The account site's registration and password recovery in Chromium, as a new teacher and a forgetful one go
 * through them: register (slider, SMS code read from the development outbox, password rule, school, stage, subject)
 * → the demo school administrator 赵雪莲 approves in 注册审核 → the teacher logs in; forgot password → log in with
 * the new one; the login dialog's 注册 and 忘记密码 links land on these pages. No console errors, no failed
 * requests, no sideways scrolling, axe clean; screenshots at both sizes.
 */

let t: TestApp;
let browser: Browser;
appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { RATE_LIMITS: 'false' },
);

const SHOTS = 'register';
beforeAll(() => {
  mkdirSync(artifact(SHOTS), { recursive: true });
});
const shot = (name: string) => artifact(`${SHOTS}/${name}.png`);

const visit = async (viewport: keyof typeof VIEWPORTS, login?: { userName: string; password?: string }) => {
  const session = await returningSession(browser, login ? { app: t, ...login } : undefined);
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

/** The newest code the development SMS sender "sent" to `phone`. */
const smsCode = async (phone: string) => {
  const row = await t.prisma.smsOutbox.findFirstOrThrow({ where: { phone }, orderBy: { id: 'desc' } });
  return /验证码 (\d{6})/.exec(row.content)![1]!;
};

/**
 * Solves the slider inside `scope` from the keyboard (Shift+→ 10 px, → 1 px, Enter drops): the hole's position is read
 * from the server's record of the newest puzzle (once `puzzle`, the page's request, has answered), scaled to the
 * picture's size on screen. The
 * mouse and the finger are the login tests' business; a keyboard drop lands on the exact pixel on any screen.
 */
const solveSlider = async (page: Page, scope: Locator, puzzle: Promise<import('playwright-core').Response>) => {
  const body = (await (await puzzle).json()) as { data: { width: number } };
  const captcha = scope.getByTestId('slider-captcha');
  const handle = captcha.getByRole('slider');
  await expect.poll(() => handle.getAttribute('aria-disabled')).toBe('false');
  // The puzzle on screen is the newest one: a dialog that mounts again as the page changes under it asks for another.
  await settle(page);
  const { x } = await t.prisma.captchaChallenge.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
  // Layout width, not the box on screen: the login dialog's opening animation scales it for a moment.
  await motionEnded(page);
  const shown = await captcha
    .locator('img')
    .first()
    .evaluate((img) => (img as HTMLImageElement).offsetWidth);
  const target = Math.round((x * shown) / body.data.width);
  await handle.focus();
  for (let i = 0; i < Math.floor(target / 10); i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < target % 10; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe(String(target));
  const verified = page.waitForResponse(isVerify);
  await page.keyboard.press('Enter');
  expect(((await (await verified).json()) as { data: number }).data).toBe(1);
  await eventually(() => captcha.getAttribute('data-phase')).toBe('success');
};

/** Picks an option of an antd select by its text (typed first when the select is searchable). */
const choose = async (page: Page, select: Locator, text: string) => {
  await select.click();
  if (await select.isEditable()) await select.fill(text);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
};

/** Opens the login dialog with `open` and logs in (the puzzle is awaited from before the dialog asks for it). */
const logInThroughDialog = async (page: Page, open: () => Promise<void>, userName: string, password: string) => {
  const puzzle = page.waitForResponse(isPuzzle);
  await open();
  const dialog = loginDialog(page);
  await dialog.waitFor();
  await dialog.getByLabel('账号').fill(userName);
  await dialog.getByLabel('密码').fill(password);
  await solveSlider(page, dialog, puzzle);
  await dialog.getByRole('button', { name: cn('登录') }).click();
  await toast(page, '登录成功').waitFor();
};

describe('register → approval → login', () => {
  it('registers a teacher, 赵雪莲 approves in 注册审核, and the teacher logs in (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      const puzzle = page.waitForResponse(isPuzzle);
      await page.goto(`${t.url}/auth/register?toUrl=${encodeURIComponent('/home/documents')}`);
      await settle(page);
      await page.getByRole('heading', { name: '注册账号', level: 1 }).waitFor();
      await page.getByText('注册后由所选学校的管理员审核').waitFor();
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: shot('register-desktop'), fullPage: true });

      // The code cannot be asked for before the puzzle is solved.
      await page.getByLabel('真实姓名').fill('孙晓燕');
      await page.getByLabel('用户名').fill('sunxy');
      await page.getByLabel('手机号').fill('13700001111');
      const send = page.getByTestId('send-sms-code');
      expect(await send.isDisabled()).toBe(true);
      await solveSlider(page, page.locator('form'), puzzle);
      await eventually(() => send.isDisabled()).toBe(false);
      await send.click();
      await toast(page, '验证码已发送，5 分钟内有效').waitFor();
      await eventually(async () => (await send.textContent()) ?? '').toMatch(/秒后重发/);
      await page.getByLabel('短信验证码').fill(await smsCode('13700001111'));

      // The password rule shows, with a strength hint; a weak one is refused in the form.
      const password = page.getByLabel('登录密码');
      await password.fill('abcdefgh');
      await page.getByTestId('password-strength').getByText('不符合要求').waitFor();
      await password.fill('welcome2026');
      await page
        .getByTestId('password-strength')
        .getByText(/强度：弱/)
        .waitFor();
      await password.fill('Welcome2026-Spring');
      await page
        .getByTestId('password-strength')
        .getByText(/强度：强/)
        .waitFor();
      await page.getByLabel('确认密码').fill('Welcome2026-Spring');
      await choose(page, page.getByLabel('所在学校'), '海淀区实验小学');
      await choose(page, page.getByLabel('学段'), '小学');
      await choose(page, page.getByLabel('学科'), '语文');
      await page.screenshot({ path: shot('register-filled-desktop'), fullPage: true });
      await page.getByRole('button', { name: '提交注册申请' }).click();
      await page.getByTestId('register-pending').getByText('注册申请已提交', { exact: true }).waitFor();
      const applicant = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'sunxy' } });
      expect(applicant.status).toBe('PENDING');
      expect(await verifyPassword(applicant.passwordHash, 'Welcome2026-Spring')).toBe(true);
      await page.screenshot({ path: shot('register-pending-desktop'), fullPage: true });
      expect(watcher.take()).toEqual([]);

      // 赵雪莲 (school administrator of 海淀区实验小学) approves in the console.
      const admin = await visit('desktop', { userName: 'zhaoxl' });
      try {
        await admin.page.goto(`${t.url}/admin/registrations`);
        await settle(admin.page);
        await admin.page.getByRole('heading', { name: '注册审核', level: 1 }).waitFor();
        const row = admin.page.getByRole('row').filter({ hasText: '孙晓燕' });
        await row.waitFor();
        expect(await row.textContent()).toContain('海淀区实验小学');
        expect(await pageFindings(admin.page)).toEqual([]);
        await admin.page.screenshot({ path: shot('admin-registrations-desktop'), fullPage: true });
        await row.getByRole('button', { name: '通过 孙晓燕 的注册申请' }).click();
        await confirmPopover(admin.page, '通过');
        await toast(admin.page, '已通过 孙晓燕 的注册申请，已短信通知').waitFor();
        await admin.page.getByText('没有待审核的注册申请').waitFor();
        expect(admin.watcher.take()).toEqual([]);
      } finally {
        await admin.context.close();
      }
      expect(
        (await t.prisma.smsOutbox.findFirstOrThrow({ where: { phone: '13700001111' }, orderBy: { id: 'desc' } }))
          .content,
      ).toContain('已通过审核');

      // Back where the teacher came from, and logged in with the new account.
      await page.getByRole('button', { name: cn('返回') }).click();
      await page.waitForURL(`${t.url}/home/documents`);
      await logInThroughDialog(
        page,
        () =>
          page
            .getByRole('banner')
            .getByRole('button', { name: cn('登录') })
            .click(),
        'sunxy',
        'Welcome2026-Spring',
      );
      await page.getByRole('banner').getByTestId('user-menu').waitFor();
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('forgot password', () => {
  it('resets the password by SMS at phone width and logs in with the new one', async () => {
    const { page, context, watcher } = await visit('phone');
    try {
      const puzzle = page.waitForResponse(isPuzzle);
      await page.goto(`${t.url}/auth/forgetPassword?toUrl=${encodeURIComponent('/home/index')}`);
      await settle(page);
      await page.getByRole('heading', { name: '找回密码', level: 1 }).waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: shot('forgot-phone'), fullPage: true });

      await page.getByLabel('账号').fill('wangcy');
      await solveSlider(page, page.locator('form'), puzzle);
      await page.getByRole('button', { name: '发送验证码' }).click();
      await page.getByTestId('reset-sent-to').getByText('139****5603').waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.getByLabel('短信验证码').fill(await smsCode('13912345603'));
      await page.getByLabel('新密码', { exact: true }).fill('Recovered2026');
      await page.getByLabel('确认新密码').fill('Recovered2026');
      await page.screenshot({ path: shot('forgot-step2-phone'), fullPage: true });
      await page.getByRole('button', { name: '重置密码' }).click();
      await page.getByTestId('reset-done').getByText('密码已重置').waitFor();
      await page.screenshot({ path: shot('forgot-done-phone'), fullPage: true });
      const wangcy = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } });
      expect(await verifyPassword(wangcy.passwordHash, 'Recovered2026')).toBe(true);

      await logInThroughDialog(
        page,
        async () => {
          await page.getByRole('button', { name: '去登录' }).click();
          await page.waitForURL(`${t.url}/home/index`);
        },
        'wangcy',
        'Recovered2026',
      );
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the same kind of answer for an account that does not exist, and no SMS goes out', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      const outbox = await t.prisma.smsOutbox.count();
      const puzzle = page.waitForResponse(isPuzzle);
      await page.goto(`${t.url}/auth/forgetPassword`);
      await settle(page);
      await page.getByLabel('账号').fill('nobody.here');
      await solveSlider(page, page.locator('form'), puzzle);
      await page.getByRole('button', { name: '发送验证码' }).click();
      await eventually(async () => (await page.getByTestId('reset-sent-to').textContent()) ?? '').toMatch(
        /验证码已发送至 1\d{2}\*{4}\d{4}/,
      );
      expect(await t.prisma.smsOutbox.count()).toBe(outbox);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: shot('forgot-step2-desktop'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('login dialog links', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`注册 and 忘记密码 land on their pages (${viewport})`, async () => {
      const { page, context, watcher } = await visit(viewport);
      try {
        await page.goto(`${t.url}/home/index`);
        await settle(page);
        const openLogin = async () => {
          const banner = page.getByRole('banner');
          const button = banner.getByRole('button', { name: cn('登录') });
          if (await button.isVisible()) await button.click();
          else
            await page
              .getByRole('button', { name: cn('登录') })
              .first()
              .click();
          await loginDialog(page).waitFor();
        };
        await openLogin();
        await loginDialog(page).getByRole('link', { name: '注册' }).click();
        await page.waitForURL(/\/auth\/register\?toUrl=/);
        await page.getByRole('heading', { name: '注册账号', level: 1 }).waitFor();
        await settle(page);
        expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
        await page.screenshot({ path: shot(`register-${viewport}-from-login`), fullPage: true });
        await page.goBack();
        await settle(page);
        await openLogin();
        await loginDialog(page).getByRole('link', { name: '忘记密码' }).click();
        await page.waitForURL(/\/auth\/forgetPassword\?toUrl=/);
        await page.getByRole('heading', { name: '找回密码', level: 1 }).waitFor();
        await settle(page);
        expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
        expect(watcher.take()).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
