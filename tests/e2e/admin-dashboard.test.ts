import { routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { dictIds } from '../support/library.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { animationsSettled, pageFindings, settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';

/**
 * The console's dashboard part in Chromium: the dashboard draws its chart, a subject is disabled and enabled
 * again, a work order is answered, and the audit log shows those actions; each page at desktop and phone size,
 * without console errors, failed requests, sideways scrolling or serious axe findings.
 */

let t: TestApp;
let browser: Browser;
let workOrderId = 0;

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(async () => {
  const teacher = await loginAs(t, 'lijg');
  const created = await teacher.call(routes.workOrderInsert, {
    body: {
      category: 'upload',
      title: '课件上传后无法预览',
      description: '上传 PPT 后一直显示处理中',
      contact: '13912345602',
    },
  });
  workOrderId = created.data.id;
});

const adminPage = async (path: string, viewport: ViewportName = 'desktop') => {
  const session = await returningSession(browser, { app: t, userName: 'admin', password: 'Admin@2026' });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watch = await watchPage(session.context, session.page);
  await session.page.goto(`${t.url}/admin/${path}`);
  await settle(session.page);
  return { ...session, watch };
};

const shoot = (page: Page, name: string) => page.screenshot({ path: artifact(`admin/${name}.png`), fullPage: true });

describe('admin dashboard part', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`dashboard draws the 30-day chart (${viewport})`, async () => {
      const { page, context, watch } = await adminPage('dashboard', viewport);
      await page.getByRole('heading', { level: 1, name: '数据概览' }).waitFor();
      await page.locator('[data-testid="dashboard-trend"][data-ready="true"] canvas').first().waitFor();
      expect(await page.getByText('统计范围：全区').count()).toBe(1);
      expect(await page.getByText('后台任务队列').count()).toBe(1);
      // What the server converts with, as npm start printed it.
      expect(await page.getByTestId('dashboard-converters').textContent()).toMatch(/文档转换：.*音视频转码：/);
      await settle(page);
      await shoot(page, `dashboard-${viewport}`);
      expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
      expect(watch.take()).toEqual([]);
      await context.close();
    });
  }

  it('disables a subject and enables it again', async () => {
    const { subjectId } = await dictIds(t, '初中', '地理');
    const { page, context, watch } = await adminPage('dict');
    const toggle = page.getByRole('switch', { name: '停用学科地理' }).first();
    await toggle.waitFor();
    await toggle.click();
    await page.getByText('已停用“地理”').waitFor();
    expect((await t.prisma.dict.findUniqueOrThrow({ where: { id: subjectId } })).enabled).toBe(false);
    await shoot(page, 'dict-desktop');
    await page.getByRole('switch', { name: '启用学科地理' }).first().click();
    await page.getByText('已启用“地理”').waitFor();
    expect((await t.prisma.dict.findUniqueOrThrow({ where: { id: subjectId } })).enabled).toBe(true);
    expect(await pageFindings(page)).toEqual([]);
    expect(watch.take()).toEqual([]);
    await context.close();
  });

  it('dictionary page on a phone', async () => {
    const { page, context, watch } = await adminPage('dict', 'phone');
    await page.getByRole('switch', { name: '停用学科地理' }).first().waitFor();
    await shoot(page, 'dict-phone');
    expect(await pageFindings(page, { touch: true })).toEqual([]);
    expect(watch.take()).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`answers a work order (${viewport})`, async () => {
      const { page, context, watch } = await adminPage('workorders', viewport);
      const row = page.getByRole('row').filter({ hasText: '课件上传后无法预览' });
      if (viewport === 'phone') {
        // Answered on desktop already: the list of every status still shows it.
        await page.getByRole('combobox', { name: '工单状态' }).click();
        await page.locator('.ant-select-item-option[title="全部状态"]').click();
      }
      await row.getByRole('button', { name: /^处\s*理$/ }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('上传 PPT 后一直显示处理中').waitFor();
      if (viewport === 'desktop') {
        await drawer.getByLabel('回复内容').fill('已重新生成预览，请刷新页面查看。');
        await drawer.getByRole('button', { name: /^回\s*复$/ }).click();
        await page.getByText('已回复，提交人会收到站内消息').waitFor();
        const order = await t.prisma.workOrder.findUniqueOrThrow({ where: { id: workOrderId } });
        expect(order.status).toBe('ANSWERED');
      }
      await animationsSettled(page); // the drawer's slide-in
      await shoot(page, `workorders-${viewport}`);
      expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
      expect(watch.take()).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`audit log shows the actions above, with before and after (${viewport})`, async () => {
      const { page, context, watch } = await adminPage('audit', viewport);
      await page.getByText('学科“地理”：停用').waitFor();
      await page.getByText('学科“地理”：启用').waitFor();
      await page.getByText('回复工单“课件上传后无法预览”').waitFor();
      await page.getByRole('combobox', { name: '操作类型' }).click();
      // A click while the dropdown still slides in can miss the option (seen with two test files running).
      await page.locator('.ant-select-item-option[title="回复工单"]').waitFor();
      await animationsSettled(page);
      await page.locator('.ant-select-item-option[title="回复工单"]').click();
      await page.getByText('学科“地理”：停用').waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: '回复工单“课件上传后无法预览”' });
      await row.getByRole('button', { name: /^查\s*看$/ }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('heading', { name: '修改前' }).waitFor();
      expect(await drawer.locator('pre').nth(1).textContent()).toContain('ANSWERED');
      await animationsSettled(page); // the drawer's slide-in
      await shoot(page, `audit-${viewport}`);
      expect(await pageFindings(page, { touch: viewport === 'phone' })).toEqual([]);
      expect(watch.take()).toEqual([]);
      await context.close();
    });
  }
});
