import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type CatalogueNode, chapterText, type ResourceType, routes } from '@zyk/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../apps/api/src/modules/catalogue/import.ts';
import { forgetCatalogue } from '../../apps/api/src/modules/catalogue/tree.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { dictIds } from '../support/library.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { overflowFindings, pageFindings, settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';

/**
 * Browsing the library by textbook chapter (issue 21): the chapter panel beside the three lists and the search
 * (editions, grades with their volumes, the volume's units and lessons as a tree with counts), its filter kept in the
 * address (`?catalogue=&grade=`) so a reload, a shared link or a details page's chapter breadcrumb opens the same
 * selection, the phones' 按教材 drawer with the selection as a removable chip, and the home page's 按教材找资源. The
 * tree's counts are the lists' totals. Every page is checked as the gate checks it, at 1440×900 and 390×844.
 * Screenshots go to tests/artifacts/e2e/catalogue-browse/.
 */

const POLL = { timeout: 15_000, interval: 100 };
const SHOTS = 'catalogue-browse';

let t: TestApp;
let browser: Browser;

appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { RATE_LIMITS: 'false' },
);

/** A second edition of 初中 数学, so there is an edition to choose. */
const SECOND_EDITION = {
  stage: '初中',
  subject: '数学',
  edition: { code: 'e2e-bs', name: '北师大版' },
  volumes: [
    {
      code: 'e2e-bs-8a',
      name: '八年级上册',
      grade: 8,
      units: [
        {
          code: 'e2e-bs-8a-u1',
          name: '第一章 勾股定理',
          lessons: [{ code: 'e2e-bs-8a-u1-l1', name: '1 探索勾股定理' }],
        },
      ],
    },
  ],
};

const EDITION = '人教版';
const VOLUME = '八年级上册';
const UNIT = '第十一章 三角形';
const LESSON = '11.1 与三角形有关的线段';
const RETIRED_LESSON = '11.3 多边形及其内角和';

/** Node ids by name (人教版's, and the second edition's lesson). */
const node = {
  edition: 0,
  v7a: 0,
  v8a: 0,
  u1: 0,
  l11: 0,
  l12: 0,
  l13: 0,
  u2: 0,
  l21: 0,
  bsLesson: 0,
};

/** The published resources, by title, with the nodes they hang on. */
const DOCS = {
  d1: { title: '《与三角形有关的线段》教学设计', on: ['l11'] },
  d2: { title: '三角形的高、中线与角平分线 课堂练习', on: ['l11'] },
  d3: { title: '《与三角形有关的角》教学设计', on: ['l12'] },
  d4: { title: '三角形与全等三角形 单元整合教学设计', on: ['l11', 'l21'] },
  d5: { title: '《全等三角形》导学案', on: ['u2'] },
  d6: { title: '八年级上册数学 期中复习教学设计', on: ['v8a'] },
  d7: { title: '七年级上册 有理数 教学设计', on: ['v7a'] },
  d8: { title: '《多边形及其内角和》课件', on: ['l13'] },
  d9: { title: '北师大版《探索勾股定理》教学设计', on: ['bsLesson'] },
  d10: { title: '初中数学 解题方法 教学设计', on: [] },
} as const satisfies Record<string, { title: string; on: (keyof typeof node)[] }>;
const ACHIEVEMENT = { title: '三角形教学研究 论文', on: ['l11'] as const };
const UNAPPROVED = { title: '未审核的三角形教学设计', on: ['l11'] as const };
const MICRO = { title: '《三角形》单元微课', on: ['u1'] as const };

const titlesOn = (nodes: (keyof typeof node)[]) =>
  Object.values(DOCS)
    .filter((d) => d.on.some((n) => (nodes as readonly string[]).includes(n)))
    .map((d) => d.title)
    .sort();

let math = { stageId: 0, subjectId: 0 };
let microPublished = false;

const treeOf = async (type: ResourceType | null) => {
  const res = await t.client().call(routes.catalogueTree, { query: { ...math, ...(type ? { type } : {}) } });
  expect(res.code, res.msg).toBe(0);
  return res.data.nodes;
};

const idOf = (nodes: CatalogueNode[], parentId: number | null, name: string) => {
  const found = nodes.find((n) => n.parentId === parentId && n.name === name);
  if (!found) throw new Error(`no catalogue node ${name} under ${parentId}`);
  return found.id;
};

beforeAll(async () => {
  mkdirSync(artifact(SHOTS), { recursive: true });
  math = await dictIds(t, '初中', '数学');
  // The shipped catalogue (imported on first start) holds 人教版 初中数学; a second edition is the test's own.
  await importCatalogue(t.prisma, 'json', JSON.stringify(SECOND_EDITION));
  forgetCatalogue();

  const nodes = await treeOf(null);
  node.edition = idOf(nodes, null, EDITION);
  node.v7a = idOf(nodes, node.edition, '七年级上册');
  node.v8a = idOf(nodes, node.edition, VOLUME);
  node.u1 = idOf(nodes, node.v8a, UNIT);
  node.l11 = idOf(nodes, node.u1, LESSON);
  node.l12 = idOf(nodes, node.u1, '11.2 与三角形有关的角');
  node.l13 = idOf(nodes, node.u1, RETIRED_LESSON);
  node.u2 = idOf(nodes, node.v8a, '第十二章 全等三角形');
  node.l21 = idOf(nodes, node.u2, '12.1 全等三角形');
  const bs = idOf(nodes, null, '北师大版');
  node.bsLesson = idOf(nodes, idOf(nodes, idOf(nodes, bs, VOLUME), '第一章 勾股定理'), '1 探索勾股定理');

  const lijg = await loginAs(t, 'lijg');
  const owner = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
  const review = createReviewAdmin(t.prisma);
  /**
   * A stored-file row as an upload leaves it (the id in the files module's format, so the cards' thumbnails answer
   * their placeholder), published with its chapters as lijg and approved.
   */
  const publish = async (
    title: string,
    on: readonly (keyof typeof node)[],
    { type = 'DOCUMENT', approve = true }: { type?: ResourceType; approve?: boolean } = {},
  ) => {
    const id = Array.from({ length: 26 }, () => 'abcdefghijklmnopqrstuvwxyz234567'[randomInt(32)]).join('');
    const video = type === 'MICRO_COURSE';
    const name = video ? `${title}.mp4` : `${title}.docx`;
    await t.prisma.storedFile.create({
      data: {
        id,
        ownerId: owner.id,
        storageKey: `test/${id}`,
        originalName: name,
        size: 1024n,
        mimeType: video ? 'video/mp4' : 'application/octet-stream',
        extension: video ? 'mp4' : 'docx',
        kind: video ? 'video' : 'document',
        sha256: '0'.repeat(64),
      },
    });
    const common = { title, ...math, catalogueNodeIds: on.map((n) => node[n]) };
    const res = video
      ? await lijg.call(routes.publishMinuteCourse, { body: { ...common, fileId: id } })
      : await lijg.call(routes.publishDocument, {
          body: { ...common, type: type as 'DOCUMENT' | 'ACHIEVEMENT', fileIds: [id] },
        });
    expect(res.code, res.msg).toBe(0);
    if (approve) await review.approve(res.data.id);
  };
  for (const doc of Object.values(DOCS)) await publish(doc.title, doc.on);
  await publish(ACHIEVEMENT.title, ACHIEVEMENT.on, { type: 'ACHIEVEMENT' });
  await publish(UNAPPROVED.title, UNAPPROVED.on, { approve: false });
  await publish(MICRO.title, MICRO.on, { type: 'MICRO_COURSE' });
  microPublished = true;

  // 11.3 is retired while a document still hangs on it: the tree keeps it, marked 已停用.
  const admin = await loginAs(t, 'admin', 'Admin@2026');
  const retire = await admin.call(routes.adminCatalogueRetire, { body: { id: node.l13, retired: true } });
  expect(retire.code, retire.msg).toBe(0);
}, 120_000);

// ------------------------------------------------------------------------------------------------ page helpers

const sessionOf = async (viewport: ViewportName) => {
  const session = await returningSession(browser);
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

const motionEnded = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );

/** The gate's findings for the page scrolled back to its top (where the gate checks it). */
const findingsOf = async (page: Page, watcher: { take: () => string[] }, viewport: ViewportName) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compact-header]')?.getAttribute('aria-hidden') !== 'false',
  );
  await motionEnded(page);
  return [...watcher.take(), ...(await pageFindings(page, { touch: viewport !== 'desktop' }))];
};

const shot = async (page: Page, name: string, fullPage = true) => {
  await motionEnded(page);
  await page.screenshot({ path: artifact(`${SHOTS}/${name}.png`), fullPage });
};

/** The chapter panel (in the left column, the search's side column or the phones' drawer). */
const panelOf = (scope: Page | Locator) => scope.getByTestId('chapter-panel');
const volumeChip = (panel: Locator, name: string) => panel.getByRole('button', { name: new RegExp(`^${name}`) });
const treeItem = (panel: Locator, name: string) =>
  panel.getByRole('treeitem').filter({ has: panel.page().getByText(name, { exact: true }) });
/** Clicks a tree node's title (selecting it, not only expanding it). */
const clickNode = (panel: Locator, name: string) => treeItem(panel, name).getByText(name, { exact: true }).click();

const listTotal = async (page: Page) => {
  const text = await page.getByTestId('resource-list-total').textContent({ timeout: 15_000 });
  return Number(text?.match(/\d+/)?.[0]);
};
const listTitles = async (page: Page) =>
  (await page.getByTestId('resource-card').locator('h3').allTextContents()).map((s) => s.trim()).sort();

/** Waits for the list to show `titles` exactly (any order) and its total to say so. */
const expectList = async (page: Page, titles: string[]) => {
  await expect.poll(() => listTitles(page), POLL).toEqual([...titles].sort());
  await expect.poll(() => listTotal(page), POLL).toBe(titles.length);
};

/** The count a tree node or volume chip shows. */
const shownCount = async (el: Locator) => Number(await el.getByTestId('chapter-count').textContent());

/** The selection in the page's stage and subject rows. */
const chooseJuniorMaths = async (page: Page) => {
  await page.getByRole('group', { name: '学段' }).getByRole('button', { name: '初中', exact: true }).click();
  await page.getByRole('group', { name: '学科' }).getByRole('button', { name: '数学', exact: true }).click();
};

const search = (page: Page) => new URL(page.url()).searchParams;

// ------------------------------------------------------------------------------------------------ the tests

describe('a visitor browses 教学文档 by chapter on a desktop', () => {
  it('picks 人教版 › 八年级上册 › 第十一章 › 11.1 in three clicks after the subject; counts are the totals', async () => {
    const { context, page, watcher } = await sessionOf('desktop');
    try {
      const counts = new Map((await treeOf('DOCUMENT')).map((n) => [n.id, n.count]));
      // The server counts each published document once per node, whatever it hangs on below.
      expect([counts.get(node.l11), counts.get(node.u1), counts.get(node.v8a)]).toEqual([3, 5, 7]);

      await page.goto(`${t.url}/home/documents`);
      await settle(page);
      const panel = panelOf(page);
      await expect.poll(() => panel.textContent(), POLL).toContain('选择学段学科后可按教材章节查找');
      await chooseJuniorMaths(page);
      const unfiltered = await listTotal(page);

      // 人教版 is the first edition, chosen already; the editions are a segmented control.
      const editions = panel.getByRole('radiogroup', { name: '教材版本' });
      await editions.waitFor();
      expect(
        await editions.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.closest('label')?.textContent)),
      ).toEqual([EDITION, '北师大版']);
      expect(await editions.getByRole('radio', { name: EDITION }).isChecked()).toBe(true);
      // Grade chips, each with its volumes; counts as the server gives them, empty ones muted.
      const eighth = await panel
        .getByRole('group', { name: '八年级' })
        .getByRole('button')
        .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent));
      expect(eighth.slice(0, 2)).toEqual(['八年级', `八年级上册，${counts.get(node.v8a)} 个资源`]);
      await shot(page, 'documents-subject-desktop');

      // 1: the volume.
      const request = page.waitForRequest((r) => r.url().endsWith(routes.resourceList.path));
      await volumeChip(panel, VOLUME).click();
      expect((await request).postDataJSON()).toMatchObject({ catalogueNodeId: node.v8a, type: 'DOCUMENT' });
      await expect.poll(() => search(page).get('catalogue'), POLL).toBe(String(node.v8a));
      await expectList(page, titlesOn(['l11', 'l12', 'l13', 'l21', 'u2', 'v8a']));
      expect(await listTotal(page)).toBe(await shownCount(volumeChip(panel, VOLUME)));
      expect(await volumeChip(panel, VOLUME).getAttribute('aria-pressed')).toBe('true');

      // 2: the unit (it opens).
      await clickNode(panel, UNIT);
      await expectList(page, titlesOn(['l11', 'l12', 'l13']));
      expect(await listTotal(page)).toBe(await shownCount(treeItem(panel, UNIT)));
      expect(await treeItem(panel, UNIT).getAttribute('aria-expanded')).toBe('true');

      // 3: the lesson: exactly its documents (not the achievement on it, not the unapproved one).
      await clickNode(panel, LESSON);
      await expectList(page, titlesOn(['l11']));
      expect(await listTotal(page)).toBe(3);
      expect(await treeItem(panel, LESSON).getAttribute('aria-selected')).toBe('true');
      expect(search(page).get('catalogue')).toBe(String(node.l11));

      // Every node in the tree shows the server's count of documents; nodes without any are muted, the retired
      // lesson (still holding a document) says 已停用.
      for (const [name, id] of [
        [UNIT, node.u1],
        [LESSON, node.l11],
        ['11.2 与三角形有关的角', node.l12],
        [RETIRED_LESSON, node.l13],
        ['第十二章 全等三角形', node.u2],
      ] as const) {
        expect(await shownCount(treeItem(panel, name)), name).toBe(counts.get(id));
      }
      expect(await treeItem(panel, RETIRED_LESSON).getByTestId('chapter-retired').textContent()).toBe('已停用');
      await clickNode(panel, '第十二章 全等三角形');
      await expectList(page, titlesOn(['u2', 'l21']));
      expect(await listTotal(page)).toBe(await shownCount(treeItem(panel, '第十二章 全等三角形')));
      // 12.2 has nothing on it: shown, muted; 12.1 is not.
      const empty = treeItem(panel, '12.2 三角形全等的判定');
      expect(await shownCount(empty)).toBe(0);
      expect(await empty.locator('[data-empty]').count()).toBe(1);
      expect(await treeItem(panel, '12.1 全等三角形').locator('[data-empty]').count()).toBe(0);

      // Back to the lesson, for the screenshot and the checks.
      await clickNode(panel, LESSON);
      await expectList(page, titlesOn(['l11']));
      await shot(page, 'documents-lesson-desktop');
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      // The same node again lifts the filter.
      await clickNode(panel, LESSON);
      await expect.poll(() => search(page).get('catalogue'), POLL).toBeNull();
      await expect.poll(() => listTotal(page), POLL).toBe(unfiltered);
      expect(await panel.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');

      // A grade without a volume: 人教版's 七年级 volumes.
      await panel.getByRole('group', { name: '七年级' }).getByRole('button', { name: '七年级', exact: true }).click();
      await expect.poll(() => search(page).toString(), POLL).toBe(`catalogue=${node.edition}&grade=7`);
      await expectList(page, titlesOn(['v7a']));
      // 全部 lifts it.
      await panel.getByRole('button', { name: '全部' }).click();
      await expect.poll(() => search(page).toString(), POLL).toBe('');
      await expect.poll(() => listTotal(page), POLL).toBe(unfiltered);

      // The other edition: its volumes, its tree.
      await editions.getByText('北师大版', { exact: true }).click();
      await volumeChip(panel, VOLUME).click();
      await clickNode(panel, '第一章 勾股定理');
      await expectList(page, titlesOn(['bsLesson']));
      await shot(page, 'documents-second-edition-desktop');
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a reload, and the link opened in a new session with nothing chosen, show the same selection', async () => {
    const { context, page, watcher } = await sessionOf('desktop');
    try {
      // A new visitor (全部 | 全部学科) opens a shared link: the page takes the node's stage and subject.
      await page.goto(`${t.url}/home/documents?catalogue=${node.l11}`);
      await settle(page);
      await expectList(page, titlesOn(['l11']));
      const header = page.getByRole('region', { name: '教学文档', exact: true });
      await expect.poll(() => header.textContent(), POLL).toContain('当前筛选：初中 | 数学');
      const panel = panelOf(page);
      await expect.poll(() => treeItem(panel, LESSON).getAttribute('aria-selected'), POLL).toBe('true');
      expect(await treeItem(panel, UNIT).getAttribute('aria-expanded')).toBe('true');
      expect(await panel.getByRole('radio', { name: EDITION }).isChecked()).toBe(true);
      expect(await listTotal(page)).toBe(await shownCount(treeItem(panel, LESSON)));

      await page.reload();
      await settle(page);
      await expectList(page, titlesOn(['l11']));
      await expect.poll(() => treeItem(panel, LESSON).getAttribute('aria-selected'), POLL).toBe('true');
      await shot(page, 'documents-reloaded-desktop');
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      // Choosing another subject drops the chapter (it belongs to 数学).
      await page.getByRole('group', { name: '学科' }).getByRole('button', { name: '语文', exact: true }).click();
      await expect.poll(() => search(page).get('catalogue'), POLL).toBeNull();
      await expect.poll(() => panel.textContent(), POLL).not.toContain(LESSON);
    } finally {
      await context.close();
    }
  });

  it('the details breadcrumbs’ links (`?catalogue=`) work on all three lists', async () => {
    const { context, page, watcher } = await sessionOf('desktop');
    try {
      await page.goto(`${t.url}/home/achievements?catalogue=${node.l11}`);
      await settle(page);
      await expectList(page, [ACHIEVEMENT.title]);
      const panel = panelOf(page);
      await expect.poll(() => treeItem(panel, LESSON).getAttribute('aria-selected'), POLL).toBe('true');
      // The achievements' tree counts achievements.
      expect(await shownCount(treeItem(panel, LESSON))).toBe(1);
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      expect(microPublished).toBe(true);
      await page.goto(`${t.url}/home/cousrseResources?catalogue=${node.u1}`);
      await settle(page);
      await expectList(page, [MICRO.title]);
      await expect.poll(() => treeItem(panel, UNIT).getAttribute('aria-selected'), POLL).toBe('true');
      expect(await shownCount(treeItem(panel, UNIT))).toBe(1);

      // An edition (the breadcrumb's first part): the whole edition's documents.
      await page.goto(`${t.url}/home/documents?catalogue=${node.edition}`);
      await settle(page);
      await expectList(page, titlesOn(['v7a', 'v8a', 'u1', 'u2', 'l11', 'l12', 'l13', 'l21']));
      expect(await panel.getByRole('radio', { name: EDITION }).isChecked()).toBe(true);
      await shot(page, 'documents-edition-desktop');
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      // From a card to its details (the list stays alive beneath) and back up through its chapter breadcrumb.
      await page.goto(`${t.url}/home/documents?catalogue=${node.l12}`);
      await settle(page);
      await expectList(page, [DOCS.d3.title]);
      await page.getByTestId('resource-card').getByRole('link', { name: DOCS.d3.title }).first().click();
      const crumbs = page.getByTestId('resource-chapter');
      await crumbs.getByRole('link', { name: UNIT }).click();
      await page.waitForURL(`**/home/documents?catalogue=${node.u1}`);
      await expectList(page, titlesOn(['l11', 'l12', 'l13']));
      await expect.poll(() => treeItem(panel, UNIT).getAttribute('aria-selected'), POLL).toBe('true');
      expect(await treeItem(panel, '11.2 与三角形有关的角').getAttribute('aria-selected')).toBe('false');
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      // Back up by 当前位置 (its link keeps the details' query, not the chapter): the list keeps its chapter, and the
      // address gets it back.
      await page.getByTestId('resource-card').getByRole('link', { name: DOCS.d1.title }).first().click();
      await page.getByTestId('resource-chapter').first().waitFor();
      await page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '教学文档' }).click();
      await expect.poll(() => search(page).get('catalogue'), POLL).toBe(String(node.u1));
      expect(search(page).get('id')).not.toBeNull();
      await expectList(page, titlesOn(['l11', 'l12', 'l13']));
      expect(await treeItem(panel, UNIT).getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  });
});

describe('on a 390 px phone', () => {
  it('按教材 opens the panel in a drawer; the selection is a removable chip above the results', async () => {
    const { context, page, watcher } = await sessionOf('phone');
    try {
      await page.goto(`${t.url}/home/documents`);
      await settle(page);
      await chooseJuniorMaths(page);
      const unfiltered = await listTotal(page);
      // No column: the panel is behind 按教材.
      expect(await panelOf(page).count()).toBe(0);
      await page.getByTestId('chapter-drawer-button').click();
      const drawer = page.getByRole('dialog', { name: '按教材章节' });
      await drawer.waitFor();
      const panel = panelOf(drawer);
      await volumeChip(panel, VOLUME).click();
      await clickNode(panel, UNIT);
      await treeItem(panel, LESSON).waitFor();
      await motionEnded(page);
      await shot(page, 'documents-drawer-phone', false);
      expect(await findingsOf(page, watcher, 'phone')).toEqual([]);
      expect(await overflowFindings(page)).toEqual([]);
      // The footer says how many the unit holds.
      await expect
        .poll(() => drawer.getByRole('button', { name: /^查看/ }).textContent(), POLL)
        .toBe(`查看 ${titlesOn(['l11', 'l12', 'l13']).length} 个资源`);

      // A lesson closes the drawer.
      await clickNode(panel, LESSON);
      await drawer.waitFor({ state: 'hidden' });
      await expectList(page, titlesOn(['l11']));
      const chip = page.getByTestId('chapter-chip');
      expect(await chip.textContent()).toBe(chapterText([EDITION, VOLUME, UNIT, LESSON]));
      await shot(page, 'documents-chip-phone');
      expect(await findingsOf(page, watcher, 'phone')).toEqual([]);
      expect(await overflowFindings(page)).toEqual([]);

      // The chip's × lifts the filter.
      await chip.getByRole('button', { name: `取消教材筛选：${chapterText([EDITION, VOLUME, UNIT, LESSON])}` }).click();
      await expect.poll(() => search(page).get('catalogue'), POLL).toBeNull();
      await expect.poll(() => listTotal(page), POLL).toBe(unfiltered);
      expect(await chip.count()).toBe(0);

      // A shared link on a phone: the chip and the drawer open at the lesson.
      await page.goto(`${t.url}/home/documents?catalogue=${node.l11}`);
      await settle(page);
      await expectList(page, titlesOn(['l11']));
      await expect.poll(() => chip.textContent(), POLL).toBe(chapterText([EDITION, VOLUME, UNIT, LESSON]));
      await page.getByTestId('chapter-drawer-button').click();
      await expect.poll(() => treeItem(panel, LESSON).getAttribute('aria-selected'), POLL).toBe('true');
    } finally {
      await context.close();
    }
  });
});

describe('the search with a keyword and a chapter', () => {
  it.each(['desktop', 'phone'] as const)(
    'narrows the results to the chapter, kept in the address (%s)',
    async (viewport) => {
      const { context, page, watcher } = await sessionOf(viewport);
      try {
        await page.goto(`${t.url}/home/search?searchKeyWord=${encodeURIComponent('三角形')}`);
        await settle(page);
        const titles = async () =>
          (await page.getByTestId('resource-card').locator('h3').allTextContents()).map((s) => s.trim()).sort();
        await expect.poll(titles, POLL).toContain(DOCS.d3.title);
        // Stage and subject from the results' counts; then the chapter panel has a subject.
        await page.getByRole('list', { name: '按学段筛选' }).getByRole('button', { name: /^初中/ }).click();
        await page
          .getByRole('list', { name: '按学科筛选' })
          .getByRole('button', { name: /^初中数学|^数学/ })
          .click();
        let panel = panelOf(page);
        if (viewport === 'phone') {
          await page.getByTestId('chapter-drawer-button').click();
          panel = panelOf(page.getByRole('dialog', { name: '按教材章节' }));
        }
        const request = page.waitForRequest(
          (r) => r.url().endsWith(routes.search.path) && r.postDataJSON()?.catalogueNodeId === node.l11,
        );
        await volumeChip(panel, VOLUME).click();
        await clickNode(panel, UNIT);
        await clickNode(panel, LESSON);
        expect((await request).postDataJSON()).toMatchObject({ content: '三角形', catalogueNodeId: node.l11 });
        // Everything on 11.1 that matches (the achievement too: the search has every type), nothing else.
        const expected = [...titlesOn(['l11']), ACHIEVEMENT.title].sort();
        await expect.poll(titles, POLL).toEqual(expected);
        expect(search(page).get('catalogue')).toBe(String(node.l11));
        const chip = page.getByTestId('chapter-chip');
        expect(await chip.textContent()).toBe(chapterText([EDITION, VOLUME, UNIT, LESSON]));
        await shot(page, `search-chapter-${viewport}`);
        expect(await findingsOf(page, watcher, viewport)).toEqual([]);
        expect(await overflowFindings(page)).toEqual([]);

        // The address alone restores it.
        await page.reload();
        await settle(page);
        await expect.poll(titles, POLL).toEqual(expected);
        await expect.poll(() => chip.textContent(), POLL).toBe(chapterText([EDITION, VOLUME, UNIT, LESSON]));
        await chip.getByRole('button').click();
        await expect.poll(titles, POLL).toContain(DOCS.d3.title);
        expect(search(page).get('catalogue')).toBeNull();
      } finally {
        await context.close();
      }
    },
  );
});

describe('按教材找资源 on the home page', () => {
  it.each(['desktop', 'phone'] as const)(
    'shows 初中 数学’s volumes with counts, each opening its list (%s)',
    async (viewport) => {
      const { context, page, watcher } = await sessionOf(viewport);
      try {
        const documents = new Map((await treeOf('DOCUMENT')).map((n) => [n.id, n.count]));
        const micro = new Map((await treeOf('MICRO_COURSE')).map((n) => [n.id, n.count]));
        await page.goto(`${t.url}/home/index`);
        await settle(page);
        // A visitor who chose nothing sees 初中 数学.
        const section = page.getByTestId('home-textbooks');
        await expect.poll(() => section.getByTestId('home-textbooks-subject').textContent(), POLL).toBe('初中 · 数学');
        const volume = section.getByRole('link', { name: new RegExp(`^${VOLUME}`) });
        await expect.poll(() => volume.textContent(), POLL).toBe(`上册${documents.get(node.v8a)}`);
        expect(await volume.getAttribute('aria-label')).toBe(`${VOLUME}，${documents.get(node.v8a)} 个教学文档`);
        expect(await volume.getAttribute('href')).toBe(`/home/documents?catalogue=${node.v8a}`);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: artifact(`${SHOTS}/home-section-${viewport}.png`) });
        expect(await findingsOf(page, watcher, viewport)).toEqual([]);

        // 微课资源: the micro-courses' counts and list.
        await section.getByText('微课资源', { exact: true }).click();
        await expect.poll(() => volume.textContent(), POLL).toBe(`上册${micro.get(node.v8a)}`);
        expect(await volume.getAttribute('href')).toBe(`/home/cousrseResources?catalogue=${node.v8a}`);
        await section.getByText('教学文档', { exact: true }).click();

        await volume.click();
        await page.waitForURL(`**/home/documents?catalogue=${node.v8a}`);
        await expectList(page, titlesOn(['l11', 'l12', 'l13', 'l21', 'u2', 'v8a']));
        if (viewport === 'desktop') {
          await expect.poll(() => volumeChip(panelOf(page), VOLUME).getAttribute('aria-pressed'), POLL).toBe('true');
        } else {
          await expect
            .poll(() => page.getByTestId('chapter-chip').textContent(), POLL)
            .toBe(chapterText([EDITION, VOLUME]));
        }
      } finally {
        await context.close();
      }
    },
  );
});
