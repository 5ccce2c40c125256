import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../apps/api/src/lib/password.ts';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';
import { cn, confirmPopover, eventually, motionEnded, toast } from './helpers.ts';

/**
 * The console's people pages in Chromium: as the district administrator, create a user, find it by search and
 * filter, disable it and reset a password (/admin/users); paste a roster with good and bad rows, preview, commit and
 * find the new teachers (/admin/roster); create a school in the area tree (/admin/schools); give a role a permission
 * with the password asked again (/admin/roles). As the demo school administrator 赵雪莲, the users page lists only
 * their school. Each page: no console errors or failed requests, no sideways scrolling, axe, 40 px targets on phones.
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
  mkdirSync(artifact('admin'), { recursive: true });
});

const visit = async (viewport: keyof typeof VIEWPORTS, userName = 'admin', password = 'Admin@2026') => {
  const session = await returningSession(browser, { app: t, userName, password });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};
const open = async (page: Page, path: string, title: string) => {
  await page.goto(`${t.url}${path}`);
  await settle(page);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
};
const userRow = (page: Page, userName: string) => page.getByTestId(`user-row-${userName}`);
/** Picks an option of an open antd select by its text. */
const pickOption = async (page: Page, text: string) => {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
};
/** Picks an option of a searchable antd select by typing its text. */
const choose = async (select: Locator, text: string) => {
  await select.click();
  await select.fill(text);
  await select.press('Enter');
  await expect
    .poll(
      async () => (await select.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').textContent()) ?? '',
    )
    .toContain(text);
};
const search = async (page: Page, text: string) => {
  const box = page.getByRole('searchbox', { name: /搜索用户/ });
  await box.fill(text);
  await box.press('Enter');
};

describe('users', () => {
  it('creates a user, finds it by search and filter, disables it and resets a password (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/users', '用户管理');
      await userRow(page, 'zhangxm').waitFor();
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-users-desktop.png'), fullPage: true });

      await page.getByRole('button', { name: '新建用户' }).click();
      const dialog = page.getByRole('dialog', { name: '新建用户' });
      await dialog.getByLabel('姓名').fill('郭明远');
      await dialog.getByLabel('用户名').fill('guomy');
      await dialog.getByLabel('初始密码').fill('Start2026a');
      await dialog.getByLabel('手机号').fill('13700005678');
      await choose(dialog.getByLabel('学段'), '初中');
      await choose(dialog.getByLabel('学科'), '物理');
      await choose(dialog.getByLabel('学校'), '海淀区第二实验中学');
      await page.screenshot({ path: artifact('admin/people-user-create-desktop.png') });
      await dialog.getByRole('button', { name: cn('创建') }).click();
      await toast(page, '已新建用户 郭明远').waitFor();
      const drawer = page.getByRole('dialog', { name: '郭明远（guomy）' });
      await drawer.getByTestId('user-detail').waitFor();
      expect(await drawer.textContent()).toContain('海淀区第二实验中学');
      await drawer.getByRole('button', { name: /^(关闭|Close)$/ }).click();

      await search(page, '郭明远');
      await userRow(page, 'guomy').waitFor();
      await eventually(() => page.getByRole('row').count()).toBe(2); // the header and the one match

      // Disable it from the drawer; the 已停用 filter then finds it.
      await userRow(page, 'guomy').getByRole('button', { name: '详情：郭明远（guomy）' }).click();
      await drawer.getByRole('button', { name: cn('停用') }).click();
      await confirmPopover(page, '停用');
      await toast(page, '已停用，其全部会话已退出').waitFor();
      await eventually(async () => (await drawer.textContent()) ?? '').toContain('已停用');
      await drawer.getByRole('button', { name: /^(关闭|Close)$/ }).click();
      await search(page, '');
      await page.getByRole('combobox', { name: '按状态筛选' }).click();
      await pickOption(page, '已停用');
      await userRow(page, 'guomy').waitFor();
      await eventually(() => userRow(page, 'zhangxm').count()).toBe(0);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'guomy' } })).status).toBe('DISABLED');

      // Reset another user's password.
      await page.getByRole('combobox', { name: '按状态筛选' }).click();
      await pickOption(page, '正常');
      await userRow(page, 'wangcy').getByRole('button', { name: '详情：王春燕（wangcy）' }).click();
      const wang = page.getByRole('dialog', { name: '王春燕（wangcy）' });
      await wang.getByRole('button', { name: '重置密码' }).click();
      const reset = page.getByRole('dialog', { name: '重置 王春燕 的密码' });
      await reset.getByLabel('新密码').fill('short');
      await reset.getByRole('button', { name: cn('重置') }).click();
      await reset.getByText('密码须为 8-32 位，同时包含字母和数字').waitFor();
      await reset.getByLabel('新密码').fill('Renewed2026');
      await reset.getByRole('button', { name: cn('重置') }).click();
      await toast(page, '密码已重置，其全部会话已退出').waitFor();
      const wangcy = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } });
      expect(await verifyPassword(wangcy.passwordHash, 'Renewed2026')).toBe(true);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-user-drawer-desktop.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone: filters wrap, the table scrolls in place, 40 px targets', async () => {
    const { page, context, watcher } = await visit('phone');
    try {
      await open(page, '/admin/users', '用户管理');
      await userRow(page, 'zhangxm').waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-users-phone.png'), fullPage: true });
      await userRow(page, 'zhangxm').getByRole('button', { name: '详情：张晓梅（zhangxm）' }).click();
      await page.getByTestId('user-detail').waitFor();
      await motionEnded(page);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-user-drawer-phone.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the school administrator 赵雪莲 only their school', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context, watcher } = await visit(viewport, 'zhaoxl', 'Teacher@2026');
      try {
        await open(page, '/admin/users', '用户管理');
        await userRow(page, 'zhangxm').waitFor();
        expect(await page.getByText('本校（海淀区实验小学）').count()).toBe(1);
        const names = await page
          .locator('[data-testid^="user-row-"]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('user-row-', '')).sort());
        expect(names).toEqual(['liujy', 'zhangxm', 'zhaoxl']);
        expect(await page.getByRole('combobox', { name: '按学校筛选' }).count()).toBe(0);
        if (viewport === 'desktop') {
          // The menu offers what a school administrator may do, and no more (on phones it sits in a drawer).
          expect(await page.getByRole('link', { name: '名册导入' }).count()).toBe(1);
          expect(await page.getByRole('link', { name: '学校管理' }).count()).toBe(0);
        }
        expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
        await page.screenshot({ path: artifact(`admin/people-users-school-admin-${viewport}.png`), fullPage: true });
        expect(watcher.take()).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('roster', () => {
  it('pastes a roster, previews good and bad rows, commits, and the users are there', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/roster', '名册导入');
      const csv = [
        'realName,userName,phone,idCard,stage,subject,school,role,password',
        '唐诗雨,tangsy,13600001111,,小学,语文,hdsy,teacher,Start@2026',
        '宋词清,songcq,,,初中,英语,海淀区第二实验中学,teacher,Start@2026',
        '元曲,yuanqu,,,小学,语文,火星小学,teacher,Start@2026',
        '明清,mq,,,小学,语文,hdsy,teacher,Start@2026',
      ].join('\n');
      await page.getByLabel('名册内容（CSV）').fill(csv);
      await page.getByTestId('roster-preview').click();
      const counts = page.getByTestId('roster-counts');
      await counts.waitFor();
      expect(await counts.textContent()).toContain('新建 2');
      expect(await counts.textContent()).toContain('拒绝 2');
      expect(await page.getByTestId('roster-line-4').textContent()).toContain('学校“火星小学”不存在');
      expect(await page.getByTestId('roster-line-5').textContent()).toContain('用户名须以字母开头');
      expect(await t.prisma.user.count({ where: { userName: { in: ['tangsy', 'songcq'] } } })).toBe(0);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-roster-preview-desktop.png'), fullPage: true });

      await page.getByTestId('roster-commit').click();
      await page.getByText('导入完成：新建 2 人，更新 0 人').waitFor();
      expect(await t.prisma.user.count({ where: { userName: { in: ['tangsy', 'songcq'] } } })).toBe(2);
      await page.screenshot({ path: artifact('admin/people-roster-done-desktop.png'), fullPage: true });

      await page.getByRole('link', { name: '用户管理' }).click();
      await page.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
      await search(page, '唐诗雨');
      await userRow(page, 'tangsy').waitFor();
      expect(await userRow(page, 'tangsy').textContent()).toContain('海淀区实验小学');
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const { page, context, watcher } = await visit('phone');
    try {
      await open(page, '/admin/roster', '名册导入');
      await page
        .getByLabel('名册内容（CSV）')
        .fill(
          'realName,userName,phone,idCard,stage,subject,school,role,password\n韩梅,hanmei,,,小学,英语,,teacher,Start@2026\n李雷,li,,,小学,英语,,teacher,x',
        );
      await page.getByTestId('roster-preview').click();
      await page.getByTestId('roster-counts').waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-roster-phone.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('schools', () => {
  it('creates a school in the area tree (desktop), and the page fits a phone', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/schools', '学校管理');
      await page.getByTestId('school-row-hdsy').waitFor();
      expect(await page.getByTestId('school-row-hdsy').textContent()).toContain('北京市 / 市辖区 / 海淀区');
      await page.getByRole('button', { name: '新建学校' }).click();
      const dialog = page.getByRole('dialog', { name: '新建学校' });
      await dialog.getByLabel('学校名称').fill('海淀区育英学校');
      await dialog.getByLabel('学校编码').fill('hdyy');
      await dialog.getByLabel('所在地区').click();
      for (const name of ['北京市', '市辖区', '海淀区']) {
        // Each column is clicked once the dropdown has stopped sliding in: a click during the motion can miss it.
        const item = page.locator('.ant-cascader-menu-item').filter({ hasText: name }).first();
        await item.waitFor();
        await motionEnded(page);
        await item.click();
      }
      // Choosing the district closes the menu (an Escape now would close the dialog instead).
      await page.locator('.ant-cascader-menu-item').first().waitFor({ state: 'hidden' });
      await dialog.getByLabel('排序号').fill('7');
      await dialog.getByRole('button', { name: cn('创建') }).click();
      await toast(page, '已新建学校 海淀区育英学校').waitFor();
      const row = page.getByTestId('school-row-hdyy');
      await row.waitFor();
      expect(await row.textContent()).toContain('北京市 / 市辖区 / 海淀区');
      expect(await row.textContent()).toContain('0 人');
      const school = await t.prisma.school.findUniqueOrThrow({ where: { code: 'hdyy' } });
      await page.mouse.move(0, 0); // a hovered row's shade is not what the page looks like
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(school).toMatchObject({ areaCode: '110108', sort: 7 });
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-schools-desktop.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
    const phone = await visit('phone');
    try {
      await open(phone.page, '/admin/schools', '学校管理');
      await phone.page.getByTestId('school-row-hdyy').waitFor();
      expect(await pageFindings(phone.page, { touch: true })).toEqual([]);
      await phone.page.screenshot({ path: artifact('admin/people-schools-phone.png'), fullPage: true });
      expect(phone.watcher.take()).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

describe('roles', () => {
  it('gives 教研员 a permission with the password asked again (desktop), and the page fits a phone', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/roles', '角色权限');
      await page.getByTestId('role-row-district_admin').waitFor();
      expect(await page.getByTestId('role-row-district_admin').textContent()).toContain('全部权限');
      await page.getByRole('button', { name: '设置权限：教研员' }).click();
      const dialog = page.getByRole('dialog', { name: '设置“教研员”的权限' });
      await dialog.getByRole('checkbox', { name: '处理举报' }).check();
      await page.screenshot({ path: artifact('admin/people-role-edit-desktop.png') });
      await dialog.getByRole('button', { name: cn('保存') }).click();
      const confirm = page.getByRole('dialog', { name: '确认修改“教研员”的权限' });
      // The console's password dialog (console/confirm-password.tsx) does not tie its label to the input.
      await confirm.locator('input[type="password"]').fill('Admin@2026');
      await confirm.getByRole('button', { name: cn('确认') }).click();
      await toast(page, '已更新“教研员”的权限').waitFor();
      await eventually(async () => (await page.getByTestId('role-row-researcher').textContent()) ?? '').toContain(
        '处理举报',
      );
      const granted = await t.prisma.rolePermission.findMany({ where: { role: { code: 'researcher' } } });
      expect(granted.map((g) => g.permission)).toContain('reports');
      expect(await t.prisma.auditLog.count({ where: { action: 'role.permissions' } })).toBe(1);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/people-roles-desktop.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
    const phone = await visit('phone');
    try {
      await open(phone.page, '/admin/roles', '角色权限');
      await phone.page.getByTestId('role-row-teacher').waitFor();
      expect(await pageFindings(phone.page, { touch: true })).toEqual([]);
      await phone.page.screenshot({ path: artifact('admin/people-roles-phone.png'), fullPage: true });
      expect(phone.watcher.take()).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
