import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';
import { cn, motionEnded } from './helpers.ts';

/**
 * The console's curation pages in Chromium, as the district administrator: a banner made on /admin/banners shows
 * on the home page (a carousel with labelled controls) at desktop and phone sizes; an announcement is published and
 * listed; a course featured on /admin/featured comes first on the classroom home. Each page is checked for console
 * errors, failed requests, sideways scrolling, axe and (on phones) touch targets.
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

const OLD_COURSE = '初中数学中考总复习精讲';
const BANNER = '暑期优秀课例征集';
const SECOND_BANNER = '新学期教研活动安排';

beforeAll(async () => {
  mkdirSync(artifact('admin'), { recursive: true });
  const author = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
  // Nine newer courses fill the classroom home's eight places; the old one shows there only once featured.
  await t.prisma.course.create({
    data: { title: OLD_COURSE, authorId: author.id, status: 'PUBLISHED', publishedAt: new Date('2025-01-01') },
  });
  for (let i = 1; i <= 9; i++) {
    await t.prisma.course.create({
      data: {
        title: `七年级数学第${i}单元`,
        authorId: author.id,
        status: 'PUBLISHED',
        publishedAt: new Date(Date.UTC(2026, 0, i)),
      },
    });
  }
});

const visit = async (viewport: keyof typeof VIEWPORTS) => {
  const session = await returningSession(browser, { app: t, userName: 'admin', password: 'Admin@2026' });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};
const open = async (page: Page, path: string) => {
  await page.goto(`${t.url}${path}`);
  await settle(page);
};
const banners = (page: Page) => page.getByRole('region', { name: '首页横幅' });
const shownSlide = (page: Page) => banners(page).locator('[aria-roledescription="slide"][aria-hidden="false"]');

describe('home banners', () => {
  it('made on /admin/banners, they show on the home page as a carousel (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/home/index');
      expect(await banners(page).count(), 'no banners yet: the home page as before').toBe(0);

      await open(page, '/admin/banners');
      await expect.poll(() => page.getByRole('heading', { name: '首页横幅与公告', level: 1 }).isVisible()).toBe(true);
      await page.getByText('还没有横幅').waitFor();
      for (const [title, subtitle, link] of [
        [BANNER, '面向全区教师征集优秀课例', '/pcourse/index'],
        [SECOND_BANNER, '', ''],
      ] as const) {
        await page.getByRole('button', { name: '新建横幅' }).click();
        const dialog = page.getByRole('dialog', { name: '新建横幅' });
        await dialog.getByLabel('标题', { exact: true }).fill(title);
        if (subtitle) await dialog.getByLabel('副标题').fill(subtitle);
        if (link) await dialog.getByLabel('链接').fill(link);
        await dialog.getByRole('button', { name: cn('保存') }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('row', { name: new RegExp(title) }).waitFor();
      }
      // A bad link is refused in the form, before any request.
      await page.getByRole('button', { name: '新建横幅' }).click();
      const dialog = page.getByRole('dialog', { name: '新建横幅' });
      await dialog.getByLabel('标题', { exact: true }).fill('坏链接');
      await dialog.getByLabel('链接').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: cn('保存') }).click();
      await dialog.getByText('链接须为以 / 开头的站内路径').waitFor();
      await dialog.getByRole('button', { name: cn('取消') }).click();
      await dialog.waitFor({ state: 'hidden' });

      const rows = page.getByRole('row').filter({ hasText: '展示中' });
      expect(await rows.count()).toBe(2);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-banners-desktop.png'), fullPage: true });

      // Second first, by the order buttons.
      await page.getByRole('button', { name: `上移《${SECOND_BANNER}》` }).click();
      await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain(SECOND_BANNER);
      await page.getByRole('button', { name: `上移《${BANNER}》` }).click();
      await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain(BANNER);

      await open(page, '/home/index');
      await banners(page).waitFor();
      expect(await shownSlide(page).textContent()).toContain(BANNER);
      expect(await shownSlide(page).textContent()).toContain('面向全区教师征集优秀课例');
      await banners(page).getByRole('button', { name: '下一条横幅' }).click();
      await expect.poll(async () => (await shownSlide(page).textContent()) ?? '').toContain(SECOND_BANNER);
      await banners(page)
        .getByRole('button', { name: `第 1 条横幅：${BANNER}` })
        .click();
      await expect.poll(async () => (await shownSlide(page).textContent()) ?? '').toContain(BANNER);
      expect(
        await banners(page)
          .getByRole('button', { name: /暂停轮播|继续轮播/ })
          .count(),
      ).toBe(1);
      await page.mouse.move(0, 0);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-home-banners-desktop.png') });

      // The banner leads where it says.
      await shownSlide(page).getByRole('link').click();
      await page.waitForURL(`${t.url}/pcourse/index`);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone: the console page and the home banners fit, with 40 px targets', async () => {
    const { page, context, watcher } = await visit('phone');
    try {
      await open(page, '/admin/banners');
      await page.getByRole('row', { name: new RegExp(BANNER) }).waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-banners-phone.png'), fullPage: true });

      await open(page, '/home/index');
      await banners(page).waitFor();
      expect(await shownSlide(page).textContent()).toContain(BANNER);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await banners(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact('admin/curation-home-banners-phone.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('reduced motion', () => {
  /**
   * Whether antd zoomed a dialog in: the classes of the motion's active step, seen by an observer from before the
   * click (without motion the dialog still passes through a prepare step, which moves nothing).
   */
  const dialogZoomed = async (page: Page, open: () => Promise<void>) => {
    await page.evaluate(() => {
      const seen = { zoom: false };
      (window as unknown as { zoomSeen: typeof seen }).zoomSeen = seen;
      new MutationObserver((records) => {
        for (const record of records)
          if (record.target instanceof Element && /ant-zoom-(appear|enter)-active/.test(record.target.className))
            seen.zoom = true;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    });
    await open();
    await page.getByRole('dialog', { name: '新建横幅' }).waitFor();
    await motionEnded(page);
    return page.evaluate(() => (window as unknown as { zoomSeen: { zoom: boolean } }).zoomSeen.zoom);
  };

  it('asked for, the banners hold still and dialogs open at once; not asked for, both move', async () => {
    for (const [reducedMotion, moving] of [
      ['reduce', false],
      ['no-preference', true],
    ] as const) {
      const { page, context, watcher } = await visit('desktop');
      try {
        await page.emulateMedia({ reducedMotion });
        await open(page, '/home/index');
        await banners(page).waitFor();
        await page.mouse.move(0, 0);
        const toggle = banners(page).getByRole('button', { name: /暂停轮播|继续轮播/ });
        expect(await toggle.getAttribute('aria-label'), reducedMotion).toBe(moving ? '暂停轮播' : '继续轮播');

        await open(page, '/admin/banners');
        await page.getByRole('row', { name: new RegExp(BANNER) }).waitFor();
        expect(
          await dialogZoomed(page, () => page.getByRole('button', { name: '新建横幅' }).click()),
          reducedMotion,
        ).toBe(moving);
        expect(watcher.take()).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('announcements', () => {
  it('publishes one and lists it', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/banners');
      await page.getByRole('tab', { name: '系统公告' }).click();
      await page.getByText('还没有发布过公告').waitFor();
      await page.getByLabel('公告标题').fill('寒假系统维护通知');
      await page.getByLabel('公告内容').fill('1 月 20 日 22:00 至 23:00 系统维护，期间暂停访问。');
      await page.getByRole('button', { name: '发布公告' }).click();
      await page.getByRole('button', { name: cn('发布') }).click();
      await page.getByRole('listitem').filter({ hasText: '寒假系统维护通知' }).waitFor();
      expect(await page.getByLabel('公告标题').inputValue()).toBe('');
      // The confirmation fades out: check the page once it has gone.
      await page.getByRole('button', { name: cn('发布') }).waitFor({ state: 'hidden' });
      await motionEnded(page);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-announcements-desktop.png'), fullPage: true });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('featured courses', () => {
  it('a course featured on /admin/featured comes first on /pcourse/index (desktop and phone)', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/pcourse/index');
      const courses = page.getByRole('list', { name: '精选课程' });
      await courses.waitFor();
      expect(await courses.textContent()).not.toContain(OLD_COURSE);

      await open(page, '/admin/featured');
      await expect.poll(() => page.getByRole('heading', { name: '精品课堂推荐', level: 1 }).isVisible()).toBe(true);
      await page.getByText('还没有推荐的课程').waitFor();
      const select = page.getByRole('combobox', { name: '选择要推荐的课程' });
      await select.click();
      await select.fill('中考');
      await page.locator('.ant-select-item-option').filter({ hasText: OLD_COURSE }).click();
      await page.getByRole('row', { name: new RegExp(OLD_COURSE) }).waitFor();
      expect(await page.getByRole('heading', { name: '推荐课程（1/8）' }).isVisible()).toBe(true);
      // The confirmation toast fades in and out: axe reads its colours only once they are final.
      await motionEnded(page);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-featured-desktop.png'), fullPage: true });

      await open(page, '/pcourse/index');
      await courses.waitFor();
      await expect
        .poll(async () => (await courses.getByRole('listitem').first().textContent()) ?? '')
        .toContain(OLD_COURSE);
      await page.screenshot({ path: artifact('admin/curation-classroom-desktop.png') });

      await page.setViewportSize(VIEWPORTS.phone);
      await open(page, '/admin/featured');
      await page.getByRole('row', { name: new RegExp(OLD_COURSE) }).waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/curation-featured-phone.png'), fullPage: true });
      await open(page, '/pcourse/index');
      await expect
        .poll(async () => (await courses.getByRole('listitem').first().textContent()) ?? '')
        .toContain(OLD_COURSE);
      await page.screenshot({ path: artifact('admin/curation-classroom-phone.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
