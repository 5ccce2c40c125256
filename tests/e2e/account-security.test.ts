import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@zyk/shared';
import type { Browser, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { appAndBrowserForFile, openSession, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';
import { cn, dragSlider, isPuzzle, loginDialog, motionEnded, slider, toast } from './helpers.ts';

/**
 * The security settings page in Chromium, as a teacher uses it: change the password and log in with the new one;
 * change the phone with the SMS code (read from the development outbox); bind WeChat through the sandbox's own
 * pages and unbind it; sign out the other devices (a second browser loses its session). Each page: no console
 * errors or failed requests, no sideways scrolling, axe.
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

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/security';
const shot = (name: string) => path.join(SHOTS, name);
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const POLL = { timeout: 15_000, interval: 100 };
const PAGE = '/auth/securitySettings?roleTypeId=1&roleId=1';

const visit = async (viewport: keyof typeof VIEWPORTS, userName: string) => {
  const session = await returningSession(browser, { app: t, userName });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};
const openSecurity = async (page: Page) => {
  await page.goto(`${t.url}${PAGE}`);
  await settle(page);
  await page.getByRole('heading', { name: '安全设置', level: 1 }).waitFor();
};
const section = (page: Page, id: string) => page.getByTestId(`security-${id}`);

/** Solves the puzzle with the real mouse (the hole's position read from the server's own record) and logs in. */
const logInThroughDialog = async (page: Page, puzzle: Promise<Response>, userName: string, password: string) => {
  await puzzle;
  const dialog = loginDialog(page);
  await dialog.getByLabel('账号').fill(userName);
  await dialog.getByLabel('密码').fill(password);
  await expect.poll(() => slider(page).getAttribute('aria-disabled'), POLL).toBe('false');
  // The puzzle on screen is the newest one (a dialog that mounts again asks for another).
  await settle(page);
  const { x } = await t.prisma.captchaChallenge.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
  const verified = await dragSlider(page, x);
  expect(((await verified.json()) as { data: number }).data).toBe(1);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

describe('security settings', () => {
  it('changes the password, and the new one logs in (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop', 'liujy');
    try {
      await openSecurity(page);
      await section(page, 'password').waitFor();
      await section(page, 'phone').getByText('已绑定 139****5605').waitFor();
      await section(page, 'wechat')
        .getByText(/未绑定/)
        .waitFor();
      await section(page, 'devices').getByText('本机').waitFor();
      await section(page, 'history').getByText('登录成功').first().waitFor();
      await motionEnded(page);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: shot('security-desktop.png'), fullPage: true });

      await section(page, 'password').getByRole('button', { name: '修改密码' }).click();
      const dialog = page.getByRole('dialog', { name: '修改登录密码' });
      await dialog.getByLabel('原密码').fill('Teacher@2026');
      await dialog.getByLabel('新密码', { exact: true }).fill('short1');
      await dialog.getByLabel('确认新密码').fill('short1');
      await dialog.getByRole('button', { name: '确认修改' }).click();
      await dialog.getByText(MESSAGES.account.passwordWeak, { exact: true }).waitFor();
      await dialog.getByLabel('新密码', { exact: true }).fill('Spring2027ok');
      await dialog.getByLabel('确认新密码').fill('Spring2027ok');
      await motionEnded(page);
      await page.screenshot({ path: shot('password-dialog-desktop.png') });
      await dialog.getByRole('button', { name: '确认修改' }).click();
      await toast(page, MESSAGES.account.passwordChanged).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
    await expect(loginAs(t, 'liujy')).rejects.toThrow(MESSAGES.login.badCredentials);

    // A fresh browser: the page asks to log in; the new password logs in and the page appears.
    const fresh = await openSession(browser);
    try {
      await fresh.context.addInitScript(() => window.sessionStorage?.setItem('hasVisited', '1'));
      await fresh.page.goto(`${t.url}${PAGE}`);
      await settle(fresh.page);
      const card = fresh.page.getByTestId('site-login-required');
      await card.waitFor();
      const puzzle = fresh.page.waitForResponse(isPuzzle);
      await card.getByRole('button', { name: cn('登录') }).click();
      await logInThroughDialog(fresh.page, puzzle, 'liujy', 'Spring2027ok');
      await section(fresh.page, 'password').waitFor();
      await expect.poll(() => section(fresh.page, 'devices').getByTestId('security-session').count(), POLL).toBe(2);
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });

  it('changes the phone in two steps with the SMS code (phone)', async () => {
    const { page, context, watcher } = await visit('phone', 'chensy');
    try {
      await openSecurity(page);
      await motionEnded(page);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: shot('security-phone.png'), fullPage: true });

      await section(page, 'phone').getByRole('button', { name: '更换手机号' }).click();
      const dialog = page.getByRole('dialog', { name: '更换手机号' });
      await dialog.getByLabel('新手机号').fill('12345');
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await dialog.getByText(MESSAGES.account.phoneInvalid).waitFor();
      await dialog.getByLabel('新手机号').fill('13700009876');
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await toast(page, MESSAGES.account.smsSent).waitFor();
      await dialog.getByText(/已发送至 137\*\*\*\*9876/).waitFor();
      await dialog.getByRole('button', { name: /\d+ 秒后重发/ }).waitFor();
      expect(await dialog.getByRole('button', { name: /秒后重发/ }).isDisabled()).toBe(true);

      const sms = await t.prisma.smsOutbox.findFirstOrThrow({
        where: { phone: '13700009876' },
        orderBy: { id: 'desc' },
      });
      const code = /验证码 (\d{6})/.exec(sms.content)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);

      // A wrong code first: a clear error, the phone unchanged.
      await dialog.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
      await dialog.getByRole('button', { name: '确认更换' }).click();
      await dialog.getByRole('alert').getByText(MESSAGES.account.smsInvalid).waitFor();
      expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'chensy' } })).phone).toBe('13912345604');
      await motionEnded(page);
      await page.screenshot({ path: shot('phone-dialog-phone.png') });

      await dialog.getByLabel('短信验证码').fill(code);
      await dialog.getByRole('button', { name: '确认更换' }).click();
      await toast(page, '手机号已更换为 137****9876').waitFor();
      await section(page, 'phone').getByText('已绑定 137****9876').waitFor();
      expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'chensy' } })).phone).toBe('13700009876');
      // The refused code answered 400 on purpose; nothing else may have gone wrong.
      const refused = (p: string) =>
        p.includes('400: PUT') ? p.includes('/api/open/center/sendPhoneAfterVerify') : p.includes('status of 400');
      expect(watcher.take().filter((p) => !refused(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('binds WeChat through the sandbox pages and unbinds it (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop', 'zhangxm');
    try {
      await openSecurity(page);
      const wechat = section(page, 'wechat');
      await wechat.getByText('沙箱').waitFor();
      await wechat.getByRole('button', { name: '绑定微信' }).click();

      // WeChat's (sandbox) QR-code page, served by this server.
      await page.waitForURL(/\/sandbox\/wechat\/open\/connect\/qrconnect\?/);
      await page.getByRole('heading', { name: '微信登录' }).waitFor();
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: shot('wechat-sandbox-desktop.png'), fullPage: true });
      await page.getByLabel('微信昵称').fill('张老师的微信');
      await page.getByRole('button', { name: '确认登录' }).click();

      await page.waitForURL((url) => url.pathname === '/auth/securitySettings');
      await settle(page);
      await page.getByTestId('security-wechat-notice').getByText(MESSAGES.security.wechatBound).waitFor();
      await wechat.getByText(/已绑定微信“张老师的微信”，绑定于/).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.has('wechatBind'), POLL).toBe(false);
      expect(new URL(page.url()).searchParams.get('roleTypeId')).toBe('1');
      await motionEnded(page);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: shot('wechat-bound-desktop.png'), fullPage: true });
      const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } });
      expect(user.wechatNickname).toBe('张老师的微信');
      expect(user.wechatOpenId).toMatch(/^o/);

      await wechat.getByRole('button', { name: '解除绑定' }).click();
      const confirm = page.getByRole('dialog', { name: '解除微信绑定' });
      await confirm.getByText(/张老师的微信/).waitFor();
      await confirm.getByRole('button', { name: '解除绑定' }).click();
      await toast(page, MESSAGES.security.wechatUnbound).waitFor();
      await wechat.getByText(/未绑定/).waitFor();
      await wechat.getByRole('button', { name: '绑定微信' }).waitFor();
      expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } })).wechatOpenId).toBeNull();
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs out the other devices: the second browser loses its session (phone)', async () => {
    const other = await returningSession(browser, { app: t, userName: 'zhaoxl' });
    const { page, context, watcher } = await visit('phone', 'zhaoxl');
    try {
      await other.page.goto(`${t.url}${PAGE}`);
      await settle(other.page);
      await section(other.page, 'password').waitFor();

      await openSecurity(page);
      const devices = section(page, 'devices');
      await expect.poll(() => devices.getByTestId('security-session').count(), POLL).toBe(2);
      await motionEnded(page);
      await page.screenshot({ path: shot('devices-phone.png'), fullPage: true });
      await devices.getByRole('button', { name: '退出其他设备' }).click();
      await page.getByRole('button', { name: '全部退出' }).click();
      await toast(page, MESSAGES.security.othersEnded(1)).waitFor();
      await expect.poll(() => devices.getByTestId('security-session').count(), POLL).toBe(1);
      await devices.getByText('本机').waitFor();
      await expect(devices.getByRole('button', { name: '退出其他设备' }).isDisabled()).resolves.toBe(true);
      expect(watcher.take()).toEqual([]);

      // The other browser: its next page finds no session and asks to log in.
      await other.page.goto(`${t.url}${PAGE}`);
      await settle(other.page);
      await other.page.getByTestId('site-login-required').waitFor();
    } finally {
      await context.close();
      await other.context.close();
    }
  });
});
