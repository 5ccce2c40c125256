import { mkdirSync } from 'node:fs';
import { routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { demoAppAndBrowserForFile, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';
import { cn, eventually } from './helpers.ts';

/**
 * The training centre in Chromium, on the demo district (`pnpm start`'s seed): the user menu's 研修中心 lands on
 * the centre; a project card opens its detail; the progress shown is the api's; a course's 继续学习 opens the real
 * course page, and once a lesson there has been studied the project's progress has risen. Filters by status, the
 * empty state of a teacher without projects, a project of someone else. Each page at desktop and phone widths: no
 * console errors or failed requests, no sideways scrolling, axe. Screenshots go to /tmp/shots/training.
 */

const SHOTS = '/tmp/shots/training';
const DISTRICT = '信息技术与学科教学深度融合的区域推进研究';
const MATH_COURSE = '初中数学核心概念精讲';

let t: TestApp;
let browser: Browser;
demoAppAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const visit = async (userName: string, viewport: ViewportName = 'desktop') => {
  const session = await returningSession(browser, { app: t, userName });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** What the api says of the user's projects (a fresh login of the same user). */
const apiProjects = async (userName: string) => {
  const client = await loginAs(t, userName);
  return (await client.call(routes.getProjectPage, { query: { size: 50 } })).data.objList;
};
const apiDetail = async (userName: string, id: number) => {
  const client = await loginAs(t, userName);
  return (await client.call(routes.getProjectDetail, { query: { id } })).data;
};

/** The percent a progress bar shows, as its number. */
const shownPercent = async (bar: ReturnType<Page['getByTestId']>) =>
  Number(
    ((await bar.locator('.ant-progress-indicator, .ant-progress-text').first().textContent()) ?? '').replace('%', ''),
  );

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('the training centre', () => {
  it('opens from the user menu, shows the projects with the api’s progress, and a project’s detail', async () => {
    const { context, page, watcher } = await visit('lijg');
    try {
      await page.goto(`${t.url}/home/index`);
      await settle(page);
      // The menu opens once the page is interactive; its auth-site links once the client config has come.
      const menu = page.getByRole('banner').getByTestId('user-menu').first();
      const item = page.getByRole('menuitem', { name: '研修中心' }).getByRole('link', { name: '研修中心' });
      await eventually(async () => {
        if (!(await item.isVisible())) await menu.click();
        return item.isVisible();
      }).toBe(true);
      await item.click();
      await page.waitForURL(/\/auth\/trainingCenter\?/);
      await heading(page, '研修中心').waitFor();
      const lijg = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
      expect(new URL(page.url()).pathname).toBe('/auth/trainingCenter');
      expect(new URL(page.url()).searchParams.get('memberId')).toBe(lijg.memberId);
      await settle(page);

      const projects = await apiProjects('lijg');
      expect(projects.map((p) => p.name).sort()).toEqual([DISTRICT, '“双减”背景下初中数学分层作业设计研究'].sort());
      for (const p of projects) {
        const card = page.getByTestId(`project-card-${p.id}`);
        await card.getByRole('link', { name: p.name }).waitFor();
        expect(await card.textContent()).toContain(p.level);
        expect(await card.textContent()).toContain(p.status);
        expect(await card.textContent()).toContain(p.memberRole);
        expect(await card.textContent()).toContain(`${p.startDate} 至 今`);
        expect(await shownPercent(card.getByTestId('project-progress'))).toBe(p.progress);
        expect(p.progress).toBeGreaterThan(0);
        expect(p.progress).toBeLessThan(100);
      }
      expect(await page.getByRole('radio', { name: /进行中（2）/ }).count()).toBe(1);
      expect([...watcher.take(), ...(await pageFindings(page))]).toEqual([]);
      await shot(page, 'centre-desktop');

      const district = projects.find((p) => p.name === DISTRICT)!;
      await page.getByTestId(`project-card-${district.id}`).getByRole('link', { name: DISTRICT }).click();
      await heading(page, DISTRICT).waitFor();
      await settle(page);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        `/auth/trainingCenter/project?id=${district.id}`,
      );
      const detail = await apiDetail('lijg', district.id);
      const header = page.getByTestId('project-header');
      expect(await header.textContent()).toContain(detail.organizer);
      expect(await header.textContent()).toContain(detail.intro);
      expect(await shownPercent(page.getByTestId('project-overall').getByTestId('project-progress'))).toBe(
        detail.progress,
      );
      expect(await page.getByTestId('project-overall').textContent()).toContain(
        `已学 ${detail.studiedCount} / ${detail.lessonCount} 课时`,
      );
      for (const c of detail.courses) {
        const row = page.getByTestId(`project-course-${c.id}`);
        expect(await shownPercent(row.getByTestId('course-progress'))).toBe(c.progress);
        expect(await row.textContent()).toContain(c.required ? '必修' : '选修');
      }
      const members = page.getByTestId('project-members');
      for (const m of detail.members) expect(await members.textContent()).toContain(m.name);
      expect(await members.textContent()).toContain('陈思远主持人');
      expect([...watcher.take(), ...(await pageFindings(page))]).toEqual([]);
      await shot(page, 'detail-desktop');
    } finally {
      await context.close();
    }
  });

  it('a course’s 继续学习 opens the course page; after studying a lesson there the progress has risen', async () => {
    const { context, page, watcher } = await visit('lijg');
    try {
      const district = (await apiProjects('lijg')).find((p) => p.name === DISTRICT)!;
      const before = await apiDetail('lijg', district.id);
      const math = before.courses.find((c) => c.title === MATH_COURSE)!;
      expect(math.studiedCount).toBeGreaterThan(0);
      expect(math.studiedCount).toBeLessThan(math.lessonCount);

      await page.goto(`${t.url}/auth/trainingCenter/project?id=${district.id}`);
      await heading(page, DISTRICT).waitFor();
      await settle(page);
      await page.getByRole('link', { name: `继续学习：${MATH_COURSE}` }).click();
      await page.getByTestId('course-detail').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(MATH_COURSE);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/pcourse/courseDetail?id=${math.id}`);

      // The first lesson not yet studied: open it; a video is played (a document counts once opened).
      const lessons = page.getByTestId('lesson');
      const states = await lessons.getByTestId('lesson-state').allTextContents();
      const next = states.indexOf('未学习');
      expect(next).toBe(math.studiedCount);
      await lessons.nth(next).click();
      const video = page.getByTestId('lesson-video');
      if (await video.isVisible().catch(() => false)) {
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          await v.play();
        });
        await eventually(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
      }
      await eventually(() => lessons.nth(next).getByTestId('lesson-state').textContent()).not.toBe('未学习');

      await page.goBack();
      await heading(page, DISTRICT).waitFor();
      const after = await apiDetail('lijg', district.id);
      expect(after.studiedCount).toBe(before.studiedCount + 1);
      expect(after.progress).toBeGreaterThan(before.progress);
      await eventually(() => shownPercent(page.getByTestId('project-overall').getByTestId('project-progress'))).toBe(
        after.progress,
      );
      await eventually(() =>
        shownPercent(page.getByTestId(`project-course-${math.id}`).getByTestId('course-progress')),
      ).toBe(after.courses.find((c) => c.id === math.id)!.progress);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('filters by status; a teacher without projects is told what a training project is', async () => {
    const { context, page, watcher } = await visit('wangcy');
    try {
      await page.goto(`${t.url}/auth/trainingCenter`);
      await heading(page, '研修中心').waitFor();
      await settle(page);
      const cards = page.locator('[data-testid^="project-card-"]');
      await eventually(() => cards.count()).toBe(2);
      await page.locator('.ant-segmented-item').filter({ hasText: '已结题（1）' }).click();
      await eventually(() => cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('高中物理实验探究能力培养的实践研究');
      expect(new URL(page.url()).searchParams.get('status')).toBe('已结题');
      expect(await shownPercent(cards.first().getByTestId('project-progress'))).toBe(100);
      // A finished bar's number stays readable (axe contrast).
      expect([...watcher.take(), ...(await pageFindings(page))]).toEqual([]);
    } finally {
      await context.close();
    }
    const empty = await visit('zhaoxl');
    try {
      await empty.page.goto(`${t.url}/auth/trainingCenter`);
      await heading(empty.page, '研修中心').waitFor();
      await empty.page.getByText('你还没有参加研修项目').waitFor();
      expect(await empty.page.getByTestId('empty-state').textContent()).toContain(
        '研修项目是区、校组织的课题研究或教师培训',
      );
      expect([...empty.watcher.take(), ...(await pageFindings(empty.page))]).toEqual([]);
      await shot(empty.page, 'centre-empty-desktop');
    } finally {
      await empty.context.close();
    }
  });

  it('a project of others says so in Chinese; a visitor is asked to log in', async () => {
    const physics = await t.prisma.project.findFirstOrThrow({ where: { name: '高中物理实验探究能力培养的实践研究' } });
    const { context, page } = await visit('lijg');
    try {
      await page.goto(`${t.url}/auth/trainingCenter/project?id=${physics.id}`);
      await page.getByTestId('load-error').getByText('你不是该研修项目的成员，无法查看项目详情').waitFor();
      expect(await page.getByTestId('load-error').getByRole('button', { name: '重试' }).count()).toBe(0);
    } finally {
      await context.close();
    }
    const visitor = await returningSession(browser);
    try {
      await visitor.page.goto(`${t.url}/auth/trainingCenter`);
      await visitor.page.getByTestId('site-login-required').waitFor();
      await visitor.page
        .getByTestId('site-login-required')
        .getByRole('button', { name: cn('登录') })
        .click();
      await visitor.page.getByRole('dialog', { name: '账号登录' }).waitFor();
    } finally {
      await visitor.context.close();
    }
  });

  it('fits a phone: cards and course rows stack, nothing scrolls sideways', async () => {
    const { context, page, watcher } = await visit('lijg', 'phone');
    try {
      const district = (await apiProjects('lijg')).find((p) => p.name === DISTRICT)!;
      for (const [path, title, name] of [
        ['/auth/trainingCenter', '研修中心', 'centre-phone'],
        [`/auth/trainingCenter/project?id=${district.id}`, DISTRICT, 'detail-phone'],
      ] as const) {
        await page.goto(`${t.url}${path}`);
        await heading(page, title).waitFor();
        await settle(page);
        expect([...watcher.take(), ...(await pageFindings(page, { touch: true }))]).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS.phone.width,
        );
        await shot(page, name);
      }
    } finally {
      await context.close();
    }
  });
});
