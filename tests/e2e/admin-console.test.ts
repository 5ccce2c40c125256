import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { importRoster } from '../../apps/api/src/modules/account/roster.ts';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { settle, VIEWPORTS, watchPage } from './gate-checks.ts';

/**
 * The console's frame as each role meets it: the user menu offers 管理后台 only to administrators; each role's side
 * menu lists exactly the pages its permissions open (a 教研员 reviews and keeps the catalogue, a school administrator
 * also manages people); a teacher who types /admin is told they have no access, without any request being refused
 * on the way; on a phone the menu is a drawer.
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

beforeAll(async () => {
  const school = await t.prisma.school.create({ data: { code: 'console-e2e', name: '海淀区第一实验小学' } });
  await importRoster(
    t.prisma,
    'realName,userName,phone,idCard,stage,subject,role,password\n钱校管,qianxg,,,小学,语文,school_admin,Teacher@2026',
  );
  await t.prisma.user.update({ where: { userName: 'qianxg' }, data: { schoolId: school.id } });
  mkdirSync(artifact('admin'), { recursive: true });
});

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '管理后台导航' });
const menuLabels = async (page: Page) =>
  (await sideMenu(page).getByRole('menuitem').allInnerTexts()).map((text) => text.trim());

const visit = async (userName: string, password?: string, viewport: keyof typeof VIEWPORTS = 'desktop') => {
  const session = await returningSession(browser, { app: t, userName, ...(password ? { password } : {}) });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

describe('the console frame', () => {
  it('a teacher is told there is no access, and no request is refused on the way', async () => {
    const { page, context, watcher } = await visit('lijg');
    try {
      await page.goto(`${t.url}/admin`);
      await settle(page);
      await expect.poll(() => page.getByText('无权访问管理后台').isVisible()).toBe(true);
      expect(watcher.take()).toEqual([]);
      await page.goto(`${t.url}/personSpace/index`);
      await settle(page);
      await page.getByTestId('user-menu').first().click();
      await expect.poll(() => page.getByRole('menuitem', { name: '个人空间' }).isVisible()).toBe(true);
      expect(await page.getByTestId('user-menu-console').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the district administrator reaches every page from the user menu and the side menu', async () => {
    const { page, context, watcher } = await visit('admin', 'Admin@2026');
    try {
      await page.goto(`${t.url}/personSpace/index`);
      await settle(page);
      await page.getByTestId('user-menu').first().click();
      await page.getByTestId('user-menu-console').click();
      await page.waitForURL(/\/admin\/dashboard$/);
      await settle(page);
      expect(await page.getByTestId('console-identity').textContent()).toContain('区县管理员');
      expect(await menuLabels(page)).toEqual([
        '数据概览',
        '资源审核',
        '课程与专题审核',
        '举报处理',
        '用户管理',
        '名册导入',
        '注册审核',
        '学校管理',
        '角色权限',
        '实名认证',
        '提现审核',
        '发票',
        '优惠券',
        '订单退款',
        '账本核对',
        '首页横幅与公告',
        '精品课堂推荐',
        '教材目录',
        '学段学科与地区',
        '工单',
        '操作日志',
      ]);
      await sideMenu(page).getByRole('menuitem', { name: '操作日志' }).click();
      await page.waitForURL(/\/admin\/audit$/);
      await settle(page);
      // The address changes as the navigation commits; the page renders right after.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('操作日志');
      await page.screenshot({ path: artifact('admin/console-district-desktop.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a 教研员 sees the review pages and the catalogue only, and a page beyond them says so', async () => {
    const { page, context, watcher } = await visit('chensy');
    try {
      await page.goto(`${t.url}/admin`);
      await page.waitForURL(/\/admin\/dashboard$/);
      await settle(page);
      expect(await menuLabels(page)).toEqual(['数据概览', '资源审核', '课程与专题审核', '教材目录']);
      expect(await page.getByTestId('console-identity').textContent()).toContain('初中英语');
      await page.goto(`${t.url}/admin/withdrawals`);
      await settle(page);
      await expect.poll(() => page.getByText('无权访问此页').isVisible()).toBe(true);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a school administrator also manages people, and on a phone the menu is a drawer', async () => {
    const { page, context, watcher } = await visit('qianxg', undefined, 'phone');
    try {
      await page.goto(`${t.url}/admin/users`);
      await settle(page);
      expect(await sideMenu(page).count()).toBe(0);
      await page.getByRole('button', { name: '管理后台菜单' }).click();
      await expect.poll(() => sideMenu(page).isVisible()).toBe(true);
      expect(await menuLabels(page)).toEqual(['数据概览', '资源审核', '用户管理', '名册导入', '注册审核']);
      await page.screenshot({ path: artifact('admin/console-school-phone-menu.png') });
      await sideMenu(page).getByRole('menuitem', { name: '资源审核' }).click();
      await page.waitForURL(/\/admin\/review$/);
      await expect.poll(() => sideMenu(page).isVisible()).toBe(false);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
