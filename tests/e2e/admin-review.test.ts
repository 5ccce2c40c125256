import { mkdirSync } from 'node:fs';
import { routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { pdf } from '../support/files.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { animationsSettled, overflowFindings, pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';

/**
 * The console's review pages in Chromium, as the district administrator: the queue with its filter, the drawer with
 * the PDF drawn inline, approval (one in the drawer, a batch from the table) and the resource on the public
 * documents list right after, a rejection with its reason, a course approved on the classroom page, and reports
 * dismissed; at 1440×900 and 390×844, with no console errors and no refused request.
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

type Client = Awaited<ReturnType<typeof loginAs>>;
let teacher: Client;

/** A real PDF uploaded by lijg and submitted for review (pending). */
const submitPdf = async (title: string) => {
  const uploaded = await postDocument(t.url, cookieOf(teacher.jar), `${title}.pdf`, pdf());
  if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.json));
  const { stageId, subjectId } = await dictIds(t, '初中', '数学');
  const res = await teacher.call(routes.publishDocument, {
    body: {
      type: 'DOCUMENT',
      fileIds: [String(uploaded.json.data.id)],
      title,
      description: '用于审核的示例文档',
      tags: ['审核'],
      stageId,
      subjectId,
      price: 0,
    },
  });
  if (res.code !== 0) throw new Error(res.msg);
  return res.data.id;
};

let ids: Record<'drawer' | 'reject' | 'batchA' | 'batchB' | 'reported', number>;
let courseId = 0;

beforeAll(async () => {
  mkdirSync(artifact('admin'), { recursive: true });
  teacher = await loginAs(t, 'lijg');
  ids = {
    drawer: await submitPdf('一次函数图像与性质'),
    reject: await submitPdf('待完善的练习卷'),
    batchA: await submitPdf('批量审核甲'),
    batchB: await submitPdf('批量审核乙'),
    reported: await submitPdf('被举报的讲义'),
  };
  const admin = await loginAs(t, 'admin', 'Admin@2026');
  await admin.call(routes.adminReviewApprove, { body: { ids: [ids.reported] } });
  for (const userName of ['zhangxm', 'wangcy']) {
    const reporter = await loginAs(t, userName);
    await reporter.call(routes.report, {
      body: { resourceId: ids.reported, category: 'copyright', content: `${userName} 认为转载自教材` },
    });
  }
  const author = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
  const math = await dictIds(t, '初中', '数学');
  courseId = (
    await t.prisma.course.create({
      data: { title: '七年级数学专题复习', description: '八个课时', authorId: author.id, status: 'PENDING', ...math },
    })
  ).id;
});

const visit = async (path: string, viewport: keyof typeof VIEWPORTS = 'desktop') => {
  const session = await returningSession(browser, { app: t, userName: 'admin', password: 'Admin@2026' });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  await session.page.goto(`${t.url}${path}`);
  await settle(session.page);
  return { ...session, watcher };
};

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });
const statusOf = async (id: number) => (await t.prisma.resource.findUniqueOrThrow({ where: { id } })).status;

describe('resource review', () => {
  it('previews a pending PDF in the drawer, approves it, and the public list shows it', async () => {
    const { page, context, watcher } = await visit('/admin/review');
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('资源审核');
      await expect.poll(() => rowOf(page, '一次函数图像与性质').count()).toBe(1);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/review-desktop.png') });

      // The keyword filter narrows the queue.
      await page.getByRole('searchbox', { name: '标题关键词' }).fill('批量');
      await page.getByRole('searchbox', { name: '标题关键词' }).press('Enter');
      await expect.poll(() => page.getByRole('row').filter({ hasText: '批量审核' }).count()).toBe(2);
      await expect.poll(() => rowOf(page, '一次函数图像与性质').count()).toBe(0);
      await page.getByRole('searchbox', { name: '标题关键词' }).fill('');
      await page.getByRole('searchbox', { name: '标题关键词' }).press('Enter');
      await expect.poll(() => rowOf(page, '一次函数图像与性质').count()).toBe(1);

      await rowOf(page, '一次函数图像与性质').getByRole('button', { name: '一次函数图像与性质', exact: true }).click();
      const drawer = page.getByTestId('review-detail');
      await drawer.waitFor();
      // The reviewer sees the document's pages, drawn in the page, while it is still pending.
      await expect.poll(() => drawer.getByTestId('preview-pdf').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => drawer.getByTestId('pdf-page-count').textContent()).toMatch(/共 \d+ 页/);
      await page.screenshot({ path: artifact('admin/review-drawer-desktop.png') });

      await drawer.getByRole('button', { name: '通过' }).click();
      await expect.poll(() => page.getByText('已通过并发布 1 个资源').isVisible()).toBe(true);
      await expect.poll(() => rowOf(page, '一次函数图像与性质').count()).toBe(0);
      expect(await statusOf(ids.drawer)).toBe('PUBLISHED');
      expect(watcher.take()).toEqual([]);

      await page.goto(`${t.url}/home/documents`);
      await settle(page);
      await expect.poll(() => page.getByText('一次函数图像与性质').first().isVisible()).toBe(true);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('approves a batch from the table and rejects one with a reason', async () => {
    const { page, context, watcher } = await visit('/admin/review');
    try {
      await page.getByRole('checkbox', { name: '选择《批量审核甲》' }).check();
      await page.getByRole('checkbox', { name: '选择《批量审核乙》' }).check();
      await page.getByRole('button', { name: /批量通过（2）/ }).click();
      await expect.poll(() => page.getByText('已通过并发布 2 个资源').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('row').filter({ hasText: '批量审核' }).count()).toBe(0);
      expect(await statusOf(ids.batchA)).toBe('PUBLISHED');
      expect(await statusOf(ids.batchB)).toBe('PUBLISHED');

      await rowOf(page, '待完善的练习卷').getByRole('button', { name: '驳回' }).click();
      const dialog = page.getByRole('dialog', { name: '驳回《待完善的练习卷》' });
      await dialog.waitFor();
      await animationsSettled(page);
      await dialog.getByRole('button', { name: '驳回' }).click();
      await expect.poll(() => dialog.getByText('请填写驳回原因').isVisible()).toBe(true);
      await dialog.getByLabel('驳回原因').fill('缺少答案与评分标准');
      await page.screenshot({ path: artifact('admin/review-reject-desktop.png') });
      await dialog.getByRole('button', { name: '驳回' }).click();
      await expect.poll(() => page.getByText('已驳回《待完善的练习卷》，作者会收到驳回原因').isVisible()).toBe(true);
      await expect.poll(() => rowOf(page, '待完善的练习卷').count()).toBe(0);
      const rejected = await t.prisma.resource.findUniqueOrThrow({ where: { id: ids.reject } });
      expect(rejected).toMatchObject({ status: 'REJECTED', reviewNote: '缺少答案与评分标准' });
      expect(await t.prisma.auditLog.count({ where: { action: 'resource.reject' } })).toBe(1);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone: no sideways scrolling, large touch targets, the drawer full width', async () => {
    await submitPdf('手机审核的学案');
    const { page, context, watcher } = await visit('/admin/review', 'phone');
    try {
      await expect.poll(() => rowOf(page, '手机审核的学案').count()).toBe(1);
      expect(await overflowFindings(page)).toEqual([]);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/review-phone.png'), fullPage: true });
      await rowOf(page, '手机审核的学案').getByRole('button', { name: '手机审核的学案', exact: true }).click();
      await page.getByTestId('review-detail').waitFor();
      await expect
        .poll(() => page.getByTestId('review-detail').getByTestId('preview-pdf').isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await overflowFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/review-drawer-phone.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('classroom review', () => {
  it('lists pending courses and approves one', async () => {
    const { page, context, watcher } = await visit('/admin/classroom-review');
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('课程与专题审核');
      await expect.poll(() => rowOf(page, '七年级数学专题复习').count()).toBe(1);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/classroom-review-desktop.png') });
      await page.getByRole('button', { name: '通过课程《七年级数学专题复习》' }).click();
      await expect.poll(() => page.getByText('已通过课程《七年级数学专题复习》，已发布').isVisible()).toBe(true);
      await expect.poll(() => rowOf(page, '七年级数学专题复习').count()).toBe(0);
      expect((await t.prisma.course.findUniqueOrThrow({ where: { id: courseId } })).status).toBe('PUBLISHED');
      await page.getByRole('tab', { name: '待审核专题' }).click();
      await expect.poll(() => page.getByText('没有待审核的专题').isVisible()).toBe(true);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const { page, context, watcher } = await visit('/admin/classroom-review', 'phone');
    try {
      expect(await overflowFindings(page)).toEqual([]);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/classroom-review-phone.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('reports', () => {
  it('shows reports grouped by resource and dismisses them with a note', async () => {
    const { page, context, watcher } = await visit('/admin/reports');
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('举报处理');
      const row = rowOf(page, '被举报的讲义');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('2 条');
      expect(await row.textContent()).toContain('zhangxm 认为转载自教材');
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/reports-desktop.png') });

      await page.getByRole('button', { name: '驳回举报：《被举报的讲义》' }).click();
      const dialog = page.getByRole('dialog', { name: '驳回对《被举报的讲义》的举报' });
      await dialog.getByLabel('处理说明').fill('已核实为作者原创');
      await dialog.getByRole('button', { name: '驳回举报' }).click();
      await expect.poll(() => page.getByText('已驳回 2 条举报，资源保持不变').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('没有未处理的举报').isVisible()).toBe(true);
      expect(await t.prisma.report.count({ where: { resourceId: ids.reported, status: 'DISMISSED' } })).toBe(2);
      expect(await statusOf(ids.reported)).toBe('PUBLISHED');
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const { page, context, watcher } = await visit('/admin/reports', 'phone');
    try {
      expect(await overflowFindings(page)).toEqual([]);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/reports-phone.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
