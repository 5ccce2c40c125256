import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';
import { loginDialog } from './helpers.ts';

/**
 * Every way into the account site lands on a real page: the user menu's 个人中心, 研修中心, 安全设置 and each studio,
 * personal space's 更多服务 and 我的工作室 links, the account site's own side navigation, and the login dialog's 注册
 * and 忘记密码. Each address is opened as the link gives it (query included), at desktop and phone size; it must
 * not end on the 404 page, must show its heading, and must log no console error and no failed request.
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

beforeAll(() => {
  mkdirSync(artifact('account-site'), { recursive: true });
});

/** Same-origin addresses of the links inside `scope`, by their text. */
const linksIn = async (page: Page, selector: string) =>
  page.$$eval(selector, (anchors) =>
    anchors
      .map((a) => ({ text: (a.textContent ?? '').trim(), href: (a as HTMLAnchorElement).href }))
      .filter((link) => link.href.startsWith(window.location.origin)),
  );

describe.each(['desktop', 'phone'] as ViewportName[])('links into the account site (%s)', (viewport) => {
  /** Opens each link and checks where it ends; answers the headings seen, by link text. */
  const follow = async (
    page: Page,
    watcher: Awaited<ReturnType<typeof watchPage>>,
    links: { text: string; href: string }[],
  ) => {
    const headings: Record<string, string> = {};
    for (const link of links) {
      watcher.take();
      await page.goto(link.href);
      await settle(page);
      const path = new URL(page.url()).pathname;
      expect(path, `${link.text} → ${link.href}`).not.toBe('/error/404');
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor();
      headings[link.text] = (await heading.textContent()) ?? '';
      expect(watcher.take(), `${link.text} → ${link.href}`).toEqual([]);
      await page.screenshot({
        path: artifact(`account-site/${viewport}${path.replaceAll('/', '-')}.png`),
        fullPage: true,
      });
    }
    return headings;
  };

  it('a teacher’s user menu, personal space and the site’s own navigation', async () => {
    const { context, page } = await returningSession(browser, { app: t, userName: 'lijg' });
    await page.setViewportSize(VIEWPORTS[viewport]);
    const watcher = await watchPage(context, page);
    try {
      await page.goto(`${t.url}/home/index`);
      await settle(page);
      await page.getByRole('banner').getByTestId('user-menu').first().click();
      const menu = page.locator('.ant-dropdown:visible');
      await menu.getByText('安全设置').waitFor();
      const fromMenu = (await linksIn(page, '.ant-dropdown:visible a')).filter((link) => link.href.includes('/auth/'));
      const names = fromMenu.map((link) => link.text);
      expect(names).toEqual(expect.arrayContaining(['个人中心', '研修中心', '安全设置']));
      const studios = await t.prisma.studio.count();
      expect(studios).toBeGreaterThan(0);
      // lijg's studios are listed after the three places (at least one: the teachers' role has studios).
      expect(fromMenu.length).toBeGreaterThan(3);
      const headings = await follow(page, watcher, fromMenu);
      expect(headings['个人中心']).toBe('个人中心');
      expect(headings['研修中心']).toBe('研修中心');
      expect(headings['安全设置']).toBe('安全设置');
      for (const studio of fromMenu.slice(3)) expect(headings[studio.text]).toContain(studio.text);

      await page.goto(`${t.url}/personSpace/index`);
      await settle(page);
      if (viewport === 'phone') await page.getByRole('button', { name: '个人空间菜单' }).click();
      const fromSpace = (await linksIn(page, 'nav[aria-label="更多服务"] a')).filter((link) =>
        link.href.includes('/auth/'),
      );
      expect(fromSpace.length).toBeGreaterThanOrEqual(3);
      await follow(page, watcher, fromSpace);

      await page.goto(`${t.url}/auth/personalCenter`);
      await settle(page);
      if (viewport === 'phone') await page.getByRole('button', { name: '账号中心菜单' }).click();
      const fromSite = await linksIn(page, 'nav[aria-label="账号中心导航"] a');
      expect(fromSite.map((link) => link.text)).toEqual(expect.arrayContaining(['个人中心', '研修中心', '安全设置']));
      await follow(page, watcher, fromSite);
    } finally {
      await context.close();
    }
  });

  it('a visitor’s login dialog: 注册 and 忘记密码', async () => {
    const { context, page } = await returningSession(browser);
    await page.setViewportSize(VIEWPORTS[viewport]);
    const watcher = await watchPage(context, page);
    try {
      await page.goto(`${t.url}/home/documents`);
      await settle(page);
      await page.getByRole('banner').getByRole('button', { name: '登录' }).first().click();
      await loginDialog(page).waitFor();
      const links = (await linksIn(page, '[role="dialog"] a')).filter((link) =>
        ['注册', '忘记密码'].includes(link.text),
      );
      expect(links.map((link) => link.text).sort()).toEqual(['忘记密码', '注册']);
      for (const link of links) {
        // They come back to where the visitor was.
        expect(new URL(link.href).searchParams.get('toUrl')).toBe(`${t.url}/home/documents`);
      }
      const headings = await follow(page, watcher, links);
      expect(headings['注册']).toContain('注册');
      expect(headings['忘记密码']).toContain('密码');
    } finally {
      await context.close();
    }
  });
});

describe('the user menu', () => {
  it('opens when its badge was clicked while the menu was still loading', async () => {
    const { context, page } = await returningSession(browser, { app: t, userName: 'lijg' });
    const watcher = await watchPage(context, page);
    // The menu's chunk is held back until the badge has been clicked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route('**/assets/user-menu-*.js', async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    try {
      await page.goto(`${t.url}/home/index`);
      await expect.poll(() => held).toBe(true);
      const badge = page.getByRole('banner').getByTestId('user-menu').first();
      await badge.click();
      release();
      await page.locator('.ant-dropdown:visible').getByText('安全设置').waitFor();
      expect(await badge.getAttribute('aria-expanded')).toBe('true');
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
