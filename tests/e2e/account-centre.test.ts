import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { png } from '../support/files.ts';
import { demoAppAndBrowserForFile, openSession, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';
import { cn, eventually, toast } from './helpers.ts';

/**
 * The personal centre and the studios in Chromium, on the demo district (`pnpm start`'s seed): the user menu's
 * 个人中心 and each of the user's studio links land on real pages; a teacher edits the bio and uploads an avatar;
 * a studio's leader adds a member and posts an announcement, the new member shares a resource, a visitor sees all of
 * it without the management controls; an unknown studio code shows 工作室不存在. Each page at desktop and phone
 * widths: no console errors or failed requests, no sideways scrolling, axe. Screenshots go to /tmp/shots/centre.
 */

const SHOTS = '/tmp/shots/centre';

let t: TestApp;
let browser: Browser;
demoAppAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const visit = async (userName: string | null, viewport: ViewportName = 'desktop') => {
  const session = userName ? await returningSession(browser, { app: t, userName }) : await returningSession(browser);
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const problems = async (page: Page, watcher: { take: () => string[] }) => [
  ...watcher.take(),
  ...(await pageFindings(page)),
];

/** Opens the header's user menu and answers the menu item link named `name`. */
const menuLink = async (page: Page, name: string) => {
  const menu = page.getByRole('banner').getByTestId('user-menu').first();
  const item = page.getByRole('menuitem', { name }).getByRole('link', { name });
  await eventually(async () => {
    if (!(await item.isVisible())) await menu.click();
    return item.isVisible();
  }).toBe(true);
  return item;
};

describe('the personal centre', () => {
  it('opens from the user menu with the profile, roles, studios and projects; each studio link is a real page', async () => {
    const { context, page, watcher } = await visit('lijg');
    try {
      await page.goto(`${t.url}/home/index`);
      await settle(page);
      await (await menuLink(page, '个人中心')).click();
      await page.waitForURL(/\/auth\/personalCenter\?/);
      await heading(page, '个人中心').waitFor();
      await settle(page);
      const lijg = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
      expect(new URL(page.url()).searchParams.get('memberId')).toBe(lijg.memberId);
      const profile = page.getByTestId('centre-profile');
      await profile.getByRole('heading', { name: '李建国' }).waitFor();
      expect(await profile.textContent()).toContain('海淀区第二实验中学');
      expect(await profile.textContent()).toContain('初中 · 数学');
      expect(await page.getByTestId('centre-roles').textContent()).toContain('教师');
      const studios = page.getByTestId('centre-studios');
      const names = ['王春燕名师工作室', '初中数学学科工作坊', '小学语文阅读教学研究室', '区教研室课程研究中心'];
      for (const name of names) await studios.getByRole('link', { name }).waitFor();
      const projects = page.getByTestId('centre-projects');
      const project = await t.prisma.project.findFirstOrThrow({
        where: { members: { some: { userId: lijg.id } } },
        orderBy: { startDate: 'desc' },
      });
      await projects.getByRole('link', { name: project.name }).waitFor();
      expect(await projects.getByRole('link', { name: project.name }).getAttribute('href')).toBe(
        `/auth/trainingCenter/project?id=${project.id}`,
      );
      expect(await problems(page, watcher)).toEqual([]);
      await shot(page, 'personal-centre-desktop');

      // Someone else's member id in the address still shows the viewer's own centre.
      const other = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } });
      await page.goto(`${t.url}/auth/personalCenter?memberId=${other.memberId}`);
      await page.getByTestId('centre-profile').getByRole('heading', { name: '李建国' }).waitFor();

      // Each studio in the user menu opens (in a new window) on its real page.
      for (const name of names) {
        await page.goto(`${t.url}/home/index`);
        await settle(page);
        const link = await menuLink(page, name);
        const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
        const popupWatcher = await watchPage(context, popup);
        await popup.getByRole('heading', { name, level: 1 }).waitFor();
        expect(new URL(popup.url()).pathname).toMatch(/^\/auth\/studio\/\d{4}$/);
        await settle(popup);
        await popup.getByTestId('studio-leader').waitFor();
        expect(popupWatcher.take()).toEqual([]);
        await popup.close();
      }
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('edits the bio and uploads an avatar', async () => {
    const { context, page, watcher } = await visit('liujy');
    try {
      await page.goto(`${t.url}/auth/personalCenter`);
      await heading(page, '个人中心').waitFor();
      await settle(page);
      await page.getByRole('button', { name: '编辑资料' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑个人资料' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('姓名').isDisabled()).toBe(true);
      expect(await dialog.textContent()).toContain('由学校管理员维护');
      const file = `${SHOTS}/avatar.png`;
      writeFileSync(file, png(160, 160));
      await dialog.getByTestId('avatar-input').setInputFiles(file);
      await dialog.getByRole('img', { name: '刘佳怡的头像' }).and(page.getByTestId('avatar-image')).waitFor();
      const bio = '从教十二年，专注小学数学的图形与几何教学。';
      await dialog.getByLabel('个人简介').fill(bio);
      await shot(page, 'profile-editor-desktop');
      await dialog.getByRole('button', { name: cn('保存') }).click();
      await toast(page, '个人资料已保存').waitFor();
      await eventually(() => page.getByTestId('centre-bio').textContent()).toBe(bio);
      const avatar = page.getByTestId('centre-profile').getByTestId('avatar-image');
      await avatar.waitFor();
      expect(await avatar.getAttribute('src')).toMatch(/^\/api\/file\/content\/.+sig=/);
      await eventually(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
      const saved = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'liujy' } });
      expect(saved.bio).toBe(bio);
      expect(saved.avatarFileId).not.toBeNull();

      // After a reload the profile is the saved one.
      await page.reload();
      await eventually(() => page.getByTestId('centre-bio').textContent()).toBe(bio);
      await settle(page);
      expect(await problems(page, watcher)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a studio', () => {
  it('the leader adds a member and posts an announcement, the member shares a resource, a visitor sees it', async () => {
    const code = '1003';
    const title = '二年级古诗词教研安排';
    // zhangxm leads 1003; wangcy is not a member yet.
    const leader = await visit('zhangxm');
    try {
      await leader.page.goto(`${t.url}/auth/studio/${code}`);
      await heading(leader.page, '小学语文阅读教学研究室').waitFor();
      await settle(leader.page);
      await leader.page.getByRole('tab', { name: /成员/ }).click();
      await leader.page.getByLabel('用户名或手机号').fill('wangcy');
      await leader.page.getByRole('button', { name: '添加成员' }).click();
      await toast(leader.page, '已添加成员：王春燕').waitFor();
      await leader.page.getByTestId('studio-members').getByText('王春燕', { exact: true }).waitFor();
      await leader.page.getByRole('tab', { name: /公告/ }).click();
      await leader.page.getByRole('button', { name: '发布公告' }).click();
      const dialog = leader.page.getByRole('dialog', { name: '发布公告' });
      await dialog.getByLabel('标题').fill(title);
      await dialog.getByLabel('内容').fill('下周三下午在实验小学三楼会议室，围绕《静夜思》开展同课异构。');
      await dialog.getByRole('button', { name: cn('发布') }).click();
      await toast(leader.page, '公告已发布').waitFor();
      await leader.page.getByTestId('studio-announcements').getByRole('heading', { name: title }).waitFor();
      // A cover behind the band.
      await leader.page.getByRole('button', { name: '编辑简介' }).click();
      const intro = leader.page.getByRole('dialog', { name: '编辑工作室简介与封面' });
      const cover = `${SHOTS}/cover.png`;
      writeFileSync(cover, png(480, 160));
      await intro.getByTestId('cover-input').setInputFiles(cover);
      await intro.getByRole('img', { name: '封面预览' }).waitFor();
      await shot(leader.page, 'studio-cover-editor-desktop');
      await intro.getByRole('button', { name: cn('保存') }).click();
      await toast(leader.page, '简介已保存').waitFor();
      const band = leader.page.getByTestId('studio-cover');
      await eventually(() => band.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
      expect(await problems(leader.page, leader.watcher)).toEqual([]);
      await shot(leader.page, 'studio-leader-desktop');
    } finally {
      await leader.context.close();
    }

    const wangcy = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } });
    const own = await t.prisma.resource.findFirstOrThrow({
      where: {
        authorId: wangcy.id,
        status: 'PUBLISHED',
        deletedAt: null,
        studios: { none: { studio: { code } } },
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    });
    const member = await visit('wangcy');
    try {
      await member.page.goto(`${t.url}/auth/studio/${code}`);
      await heading(member.page, '小学语文阅读教学研究室').waitFor();
      await settle(member.page);
      // A member shares but does not manage.
      expect(await member.page.getByRole('button', { name: '编辑简介' }).count()).toBe(0);
      await member.page.getByRole('button', { name: '分享我的资源' }).click();
      const dialog = member.page.getByRole('dialog', { name: '分享我的资源' });
      await dialog.getByPlaceholder('按标题查找我已发布的资源').fill(own.title);
      await dialog.getByRole('button', { name: cn('查找') }).click();
      const row = dialog.getByRole('listitem').filter({ hasText: own.title }).first();
      await row.getByRole('button', { name: cn('分享') }).click();
      await toast(member.page, '已分享到工作室').waitFor();
      await row.getByText('已分享').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await member.page.getByTestId('studio-resources').getByRole('link', { name: own.title }).waitFor();
      expect(await problems(member.page, member.watcher)).toEqual([]);
    } finally {
      await member.context.close();
    }

    for (const viewport of ['desktop', 'phone'] as const) {
      const visitor = await visit(null, viewport);
      try {
        await visitor.page.goto(`${t.url}/auth/studio/${code}`);
        await heading(visitor.page, '小学语文阅读教学研究室').waitFor();
        await settle(visitor.page);
        expect(await visitor.page.getByTestId('studio-leader').textContent()).toContain('张晓梅');
        expect(await visitor.page.getByTestId('studio-intro').textContent()).toContain('整本书阅读');
        await eventually(() =>
          visitor.page
            .getByTestId('studio-cover')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        ).toBe(480);
        const resources = visitor.page.getByTestId('studio-resources');
        const card = resources.getByRole('link', { name: own.title });
        await card.waitFor();
        for (const control of ['分享我的资源', '编辑简介', '退出工作室']) {
          expect(await visitor.page.getByRole('button', { name: control }).count()).toBe(0);
        }
        expect(await problems(visitor.page, visitor.watcher)).toEqual([]);
        await shot(visitor.page, `studio-visitor-${viewport}`);
        await visitor.page.getByRole('tab', { name: /成员/ }).click();
        await visitor.page.getByTestId('studio-members').getByText('王春燕', { exact: true }).waitFor();
        expect(await visitor.page.getByLabel('用户名或手机号').count()).toBe(0);
        await visitor.page.getByRole('tab', { name: /公告/ }).click();
        await visitor.page.getByTestId('studio-announcements').getByRole('heading', { name: title }).waitFor();
        expect(await visitor.page.getByRole('button', { name: '发布公告' }).count()).toBe(0);
        expect(await visitor.page.getByRole('button', { name: /删除公告/ }).count()).toBe(0);
        expect(await problems(visitor.page, visitor.watcher)).toEqual([]);
        if (viewport === 'desktop') {
          // A card opens the resource's details page.
          await visitor.page.getByRole('tab', { name: /资源/ }).click();
          await card.click();
          await visitor.page.waitForURL(new RegExp(`/details\\?id=${own.id}$`));
          await visitor.page.getByRole('heading', { name: own.title }).first().waitFor();
        }
      } finally {
        await visitor.context.close();
      }
    }
  });

  it('an unknown studio code shows 工作室不存在', async () => {
    const { context, page, errors } = await openSession(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    try {
      await page.goto(`${t.url}/auth/studio/9999`);
      await page.getByTestId('studio-missing').getByText('工作室不存在', { exact: true }).waitFor();
      await settle(page);
      expect(errors).toEqual([]);
      // The browser reports the api's honest 404 for the studio; nothing else goes wrong.
      expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await page.getByRole('button', { name: '返回资源库' }).click();
      await page.waitForURL(/\/home\/index$/);
    } finally {
      await context.close();
    }
  });

  it('looks right at phone width: the personal centre and a studio with its management controls', async () => {
    for (const [userName, path, name] of [
      ['lijg', '/auth/personalCenter', 'personal-centre-phone'],
      ['wangcy', '/auth/studio/1001', 'studio-leader-phone'],
    ] as const) {
      const { context, page, watcher } = await visit(userName, 'phone');
      try {
        await page.goto(`${t.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settle(page);
        await page.getByTestId(path.includes('studio') ? 'studio-resources' : 'centre-projects').waitFor();
        expect(await problems(page, watcher)).toEqual([]);
        await shot(page, name);
      } finally {
        await context.close();
      }
    }
  });
});
