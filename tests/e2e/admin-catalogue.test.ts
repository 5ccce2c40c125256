import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { dictIds, publishDoc } from '../support/library.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { pageFindings, settle, VIEWPORTS, watchPage } from './gate-checks.ts';
import { cn, confirmPopover, eventually, motionEnded, toast } from './helpers.ts';

/**
 * The console's 教材目录 in Chromium. As the district administrator: choose 初中 数学 and see the seeded 人教版
 * volumes; add a lesson under 第十一章 三角形, rename it, drag it to another place, retire and restore it; import a
 * small CSV (a bad one shows the server's message, a good one is checked, then written); export JSON; merge a lesson
 * with resources into another. On a phone the page fits, with 40 px targets, and the node's panel is a drawer. A
 * 教研员 keeps to their own stage and subject.
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

const UNIT = '第十一章 三角形';
const FIRST_LESSON = '11.1 与三角形有关的线段';
const NEW_LESSON = '11.4 三角形的稳定性';
const RENAMED = '11.4 三角形的稳定性（探究）';
let maths = '';

beforeAll(async () => {
  mkdirSync(artifact('admin'), { recursive: true });
  const ids = await dictIds(t, '初中', '数学');
  maths = new URLSearchParams({ stageId: String(ids.stageId), subjectId: String(ids.subjectId) }).toString();
  // Two published documents on the unit's first lesson: the tree counts them up to the edition.
  const lesson = await t.prisma.catalogueNode.findFirstOrThrow({ where: { name: FIRST_LESSON, ...ids } });
  const lijg = await loginAs(t, 'lijg');
  for (const title of ['《与三角形有关的线段》教学设计', '三角形的高、中线与角平分线练习']) {
    await publishDoc(t, lijg.call, 'lijg', { title, chapters: [lesson.id] });
  }
});

const ADMIN = { userName: 'admin', password: 'Admin@2026' };
const visit = async (viewport: keyof typeof VIEWPORTS, login: { userName: string; password?: string } = ADMIN) => {
  const session = await returningSession(browser, { app: t, ...login });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};
const open = async (page: Page, path: string) => {
  await page.goto(`${t.url}${path}`);
  await settle(page);
};

const tree = (page: Page) => page.getByRole('tree', { name: '教材目录树' });
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** A node's row by its name (rc-tree renders the rows flat, so a row holds only its own title). */
const row = (page: Page, name: string) =>
  tree(page)
    .getByRole('treeitem')
    .filter({ has: page.locator('[data-node-code] > span:first-child', { hasText: exactly(name) }) });
/**
 * Waits until the tree has stopped sliding rows open or shut. rc-tree draws those rows in one wrapper that grows and
 * fades in (axe would measure their colours half-transparent) and takes the wrapper away once the motion has ended;
 * right after a click the motion may not have started yet, so the wrapper, not the running animations, is the sign.
 */
const treeMotionEnded = async (page: Page) => {
  await eventually(() => tree(page).locator('.ant-tree-treenode-motion').count()).toBe(0);
  await motionEnded(page);
};
const expand = async (item: Locator) => {
  // A node shown by an expansion still sliding open does not take clicks yet.
  await treeMotionEnded(item.page());
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.locator('.ant-tree-switcher').click();
  await eventually(() => item.getAttribute('aria-expanded')).toBe('true');
  await treeMotionEnded(item.page());
};
const panel = (page: Page) => page.getByTestId('catalogue-panel');
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: exactly(option) })
    .click();
};
/** The names of the lessons under the unit, in the tree's order. */
const lessonsOfUnit = async (page: Page) => {
  const names = await tree(page).locator('[data-node-code] > span:first-child').allInnerTexts();
  const start = names.indexOf(UNIT);
  const end = names.findIndex((n, i) => i > start && /^第.+章/.test(n));
  return names.slice(start + 1, end === -1 ? undefined : end);
};

const GOOD_CSV = [
  'code,parent_code,kind,name,stage,subject,grade',
  'e2e-bsd,,edition,北师大版（测试）,初中,数学,',
  'e2e-bsd-7a,e2e-bsd,volume,七年级上册,初中,数学,7',
  'e2e-bsd-7a-u1,e2e-bsd-7a,unit,第一章 丰富的图形世界,初中,数学,',
  'e2e-bsd-7a-u1-l1,e2e-bsd-7a-u1,lesson,1.1 生活中的立体图形,初中,数学,',
].join('\n');

describe('教材目录 (district administrator)', () => {
  it('edits, reorders, retires, imports, exports and merges (desktop)', async () => {
    const { page, context, watcher } = await visit('desktop');
    try {
      await open(page, '/admin/catalogue');
      await expect.poll(() => page.getByRole('heading', { name: '教材目录', level: 1 }).isVisible()).toBe(true);
      await page.getByText('请选择学段与学科').waitFor();
      await choose(page, '学段', '初中');
      await choose(page, '学科', '数学');
      await page.waitForURL(/stageId=\d+&subjectId=\d+/);

      // The seeded 人教版 with its volumes (editions open expanded); the documents count up the tree.
      await row(page, '人教版').waitFor();
      for (const volume of ['七年级上册', '七年级下册', '八年级上册', '八年级下册', '九年级上册', '九年级下册']) {
        await row(page, volume).waitFor();
      }
      await expand(row(page, '八年级上册'));
      await expand(row(page, UNIT));
      expect(await row(page, FIRST_LESSON).textContent()).toContain('2 个资源');
      expect(await row(page, UNIT).textContent()).toContain('2 个资源');
      expect(await row(page, '人教版').textContent()).toContain('2 个资源');

      // A new lesson under the unit, at its end.
      await row(page, UNIT).locator('.ant-tree-node-content-wrapper').click();
      await panel(page).getByRole('heading', { name: UNIT }).waitFor();
      await panel(page).getByRole('button', { name: '新建课' }).click();
      let dialog = page.getByRole('dialog', { name: `在“${UNIT}”下新建课` });
      await dialog.getByLabel('名称').fill(NEW_LESSON);
      await dialog.getByLabel('编号').fill('e2e-8a-u1-l4');
      await dialog.getByRole('button', { name: cn('创建') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await toast(page, `已新建“${NEW_LESSON}”`).waitFor();
      await row(page, NEW_LESSON).waitFor();
      await panel(page).getByRole('heading', { name: NEW_LESSON }).waitFor();
      expect(await panel(page).textContent()).toContain('e2e-8a-u1-l4');
      expect((await lessonsOfUnit(page)).at(-1)).toBe(NEW_LESSON);

      // Renamed.
      await panel(page)
        .getByRole('button', { name: cn('修改') })
        .click();
      dialog = page.getByRole('dialog', { name: '修改课' });
      await dialog.getByLabel('名称').fill(RENAMED);
      await dialog.getByRole('button', { name: cn('保存') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row(page, RENAMED).waitFor();
      await panel(page).getByRole('heading', { name: RENAMED }).waitFor();

      // Dragged with the mouse to just after the unit's first lesson.
      const before = await lessonsOfUnit(page);
      expect(before[0]).toBe(FIRST_LESSON);
      const source = row(page, RENAMED);
      const target = row(page, FIRST_LESSON);
      const targetBox = (await target.boundingBox())!;
      const moved = page.waitForResponse((r) => r.url().includes('/catalogue/node/move'));
      // Same x at both ends: no sideways movement, so the drop is beside the target, not a level up or in it.
      await source.dragTo(target, {
        sourcePosition: { x: 200, y: Math.round(targetBox.height / 2) },
        targetPosition: { x: 200, y: Math.round(targetBox.height * 0.8) },
      });
      expect((await moved).status()).toBe(200);
      await eventually(() => lessonsOfUnit(page)).toEqual([
        FIRST_LESSON,
        RENAMED,
        ...before.slice(1).filter((n) => n !== RENAMED),
      ]);
      await toast(page, `已移动“${RENAMED}”`).waitFor();
      // A lesson cannot be dropped among volumes: nothing is asked of the server, the order stays.
      let refused = 0;
      const count = (r: { url: () => string }) => {
        if (r.url().includes('/catalogue/node/move')) refused++;
      };
      page.on('request', count);
      await row(page, RENAMED).dragTo(row(page, '八年级下册'), {
        sourcePosition: { x: 200, y: Math.round(targetBox.height / 2) },
        targetPosition: { x: 200, y: Math.round(targetBox.height * 0.8) },
      });
      page.off('request', count);
      expect(refused).toBe(0);
      expect((await lessonsOfUnit(page))[1]).toBe(RENAMED);

      // Retired, then restored.
      await row(page, RENAMED).locator('.ant-tree-node-content-wrapper').click();
      await panel(page).getByRole('heading', { name: RENAMED }).waitFor();
      await panel(page)
        .getByRole('button', { name: cn('停用') })
        .click();
      await page.getByText('已挂在它上面的 0 个资源不受影响，仍可在上级“第十一章 三角形”下找到').waitFor();
      await confirmPopover(page, '停用');
      await eventually(() => row(page, RENAMED).textContent()).toContain('已停用');
      await panel(page)
        .getByRole('button', { name: cn('恢复') })
        .click();
      await confirmPopover(page, '恢复');
      await eventually(() => row(page, RENAMED).textContent()).not.toContain('已停用');
      await panel(page)
        .getByRole('button', { name: cn('停用') })
        .waitFor();

      // Import: a bad parent is named by the server, as it says it; a good CSV is checked, then written.
      await page.getByRole('button', { name: cn('导入') }).click();
      dialog = page.getByRole('dialog', { name: '导入教材目录' });
      const content = dialog.getByLabel(/目录内容/);
      await content.fill(`${GOOD_CSV}\ne2e-bad,no-such-parent,lesson,坏行,初中,数学,`);
      await dialog.getByRole('button', { name: cn('检查') }).click();
      await eventually(async () => (await dialog.getByTestId('catalogue-import-error').textContent()) ?? '').toContain(
        '上级编号 no-such-parent 不存在',
      );
      expect(await dialog.getByRole('button', { name: cn('导入') }).isDisabled()).toBe(true);
      await content.fill(GOOD_CSV);
      await dialog.getByRole('button', { name: cn('检查') }).click();
      await eventually(async () => (await dialog.getByTestId('catalogue-import-check').textContent()) ?? '').toContain(
        '将新建 4 个、更新 0 个、不变 0 个节点',
      );
      expect(await t.prisma.catalogueNode.count({ where: { code: { startsWith: 'e2e-bsd' } } })).toBe(0);
      await motionEnded(page);
      await page.screenshot({ path: artifact('admin/catalogue-import-desktop.png') });
      await dialog.getByRole('button', { name: cn('导入') }).click();
      await eventually(async () => (await dialog.getByTestId('catalogue-import-done').textContent()) ?? '').toContain(
        '新建 4 个、更新 0 个、不变 0 个节点',
      );
      await dialog.getByRole('button', { name: cn('完成') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row(page, '北师大版（测试）').waitFor();
      expect(await t.prisma.catalogueNode.count({ where: { code: { startsWith: 'e2e-bsd' } } })).toBe(4);

      // Export: the chosen stage and subject as JSON, with today's changes in it.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出 JSON' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('教材目录-初中数学.json');
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
        edition: { name: string };
        volumes: { name: string; units: { name: string; lessons: { name: string }[] }[] }[];
      }[];
      expect(exported.map((e) => e.edition.name)).toEqual(expect.arrayContaining(['人教版', '北师大版（测试）']));
      const unit = exported
        .find((e) => e.edition.name === '人教版')!
        .volumes.find((v) => v.name === '八年级上册')!
        .units.find((u) => u.name === UNIT)!;
      expect(unit.lessons.slice(0, 2).map((l) => l.name)).toEqual([FIRST_LESSON, RENAMED]);

      // Merge: the first lesson's documents go to the new lesson, and the first lesson says where it went.
      await row(page, FIRST_LESSON).locator('.ant-tree-node-content-wrapper').click();
      await panel(page).getByRole('heading', { name: FIRST_LESSON }).waitFor();
      const into = panel(page).getByRole('combobox', { name: '合并到哪个课' });
      await into.click();
      await into.fill('稳定性');
      // One option is left: Enter takes it (a click can land while the list is still sliding in).
      await page.locator('.ant-select-item-option').filter({ hasText: RENAMED }).waitFor();
      await into.press('Enter');
      await eventually(() =>
        panel(page)
          .getByRole('button', { name: cn('合并') })
          .isEnabled(),
      ).toBe(true);
      await panel(page)
        .getByRole('button', { name: cn('合并') })
        .click();
      await confirmPopover(page, '合并');
      await eventually(async () => (await page.getByTestId('catalogue-merge-result').textContent()) ?? '').toContain(
        '移动了 2 个资源、0 个下级节点',
      );
      await eventually(() => row(page, FIRST_LESSON).textContent()).toContain(`已合并到 ${RENAMED}`);
      await eventually(() => row(page, RENAMED).textContent()).toContain('2 个资源');

      await page.mouse.move(0, 0);
      await motionEnded(page);
      expect(await pageFindings(page)).toEqual([]);
      await page.screenshot({ path: artifact('admin/catalogue-desktop.png'), fullPage: true });
      // The bad import answered 400 on purpose; nothing else may have gone wrong.
      const expected = (p: string) =>
        p.includes('answered 400: POST') ? p.includes('/catalogue/import') : p.includes('status of 400');
      expect(watcher.take().filter((p) => !expected(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone: the page fits with 40 px targets, and the node panel is a drawer', async () => {
    const { page, context, watcher } = await visit('phone');
    try {
      await open(page, `/admin/catalogue?${maths}`);
      await row(page, '人教版').waitFor();
      await expand(row(page, '八年级上册'));
      await expand(row(page, UNIT));
      await row(page, FIRST_LESSON).waitFor();
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/catalogue-phone.png'), fullPage: true });

      await row(page, UNIT).locator('.ant-tree-node-content-wrapper').click();
      const drawer = page.getByRole('dialog', { name: '节点详情' });
      await drawer.getByRole('heading', { name: UNIT }).waitFor();
      await motionEnded(page);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/catalogue-phone-panel.png') });
      await drawer.getByRole('button', { name: '新建课' }).click();
      const dialog = page.getByRole('dialog', { name: `在“${UNIT}”下新建课` });
      await dialog.getByLabel('名称').waitFor();
      await motionEnded(page);
      expect(await pageFindings(page, { touch: true })).toEqual([]);
      await page.screenshot({ path: artifact('admin/catalogue-phone-form.png') });
      await dialog.getByRole('button', { name: cn('取消') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // Without a mouse to drag with: 下移 in the panel.
      const order = await lessonsOfUnit(page);
      const at = order.indexOf(RENAMED);
      await row(page, RENAMED).locator('.ant-tree-node-content-wrapper').click();
      await drawer.getByRole('heading', { name: RENAMED }).waitFor();
      await drawer.getByRole('button', { name: '下移' }).click();
      await toast(page, `已移动“${RENAMED}”`).waitFor();
      await eventually(() => lessonsOfUnit(page)).toEqual([
        ...order.slice(0, at),
        order[at + 1],
        RENAMED,
        ...order.slice(at + 2),
      ]);
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('教材目录 (教研员)', () => {
  it('keeps to their own stage and subject', async () => {
    const { page, context, watcher } = await visit('desktop', { userName: 'chensy' });
    try {
      await open(page, '/admin/catalogue');
      await page.getByText('学段学科：初中英语（本人负责）').waitFor();
      expect(await page.getByRole('combobox', { name: '学段' }).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: '学科' }).count()).toBe(0);
      // The seeded 人教版 English, its volumes shown.
      for (const volume of ['七年级上册', '八年级下册', '九年级全一册']) await row(page, volume).waitFor();
      await page.screenshot({ path: artifact('admin/catalogue-researcher-desktop.png') });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
