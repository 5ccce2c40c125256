import { mkdirSync } from 'node:fs';
import { type CatalogueNode, chapterText, type Envelope, routes } from '@zyk/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx } from '../support/files.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { overflowFindings, pageFindings, settle, VIEWPORTS, type ViewportName, watchPage } from './gate-checks.ts';

/**
 * The textbook catalogue where teachers meet it (issue 21): a teacher tags a document with a lesson on the upload
 * screen (教材章节, a cascader over 初中 数学's catalogue), the api keeps it, and once approved the details page shows
 * the chapter as a breadcrumb whose parts open the documents list of that node, and the document's card on the list
 * shows it on one line. The field remembers the volume, is filled again when editing, clears with the subject, says
 * when a subject has no catalogue, and fits a phone; a retired chapter shows as 已停用 without links. Every page is
 * checked as the gate checks it, at 1440×900 and 390×844. Screenshots go to tests/artifacts/e2e/catalogue/.
 */

const TRAIL = ['人教版', '八年级上册', '第十二章 全等三角形', '12.2 三角形全等的判定'];
const TITLE = '《三角形全等的判定》教学设计';
const RETIRED_TITLE = '《角的平分线的性质》课堂练习';
const POLL = { timeout: 15_000, interval: 100 };

let t: TestApp;
let browser: Browser;
let lijg: Awaited<ReturnType<typeof loginAs>>;
/** The ids along TRAIL, edition first. */
let path: number[] = [];
let docId = 0;
let retiredDocId = 0;
/** A 初中 subject without a catalogue. */
let bareSubject = '';

appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { RATE_LIMITS: 'false' },
);

const treeOf = async (stage: string, subject: string) => {
  const res = await t.client().call(routes.catalogueTree, { query: await dictIds(t, stage, subject) });
  expect(res.code, res.msg).toBe(0);
  return res.data.nodes;
};

/** The ids of a trail of names, edition first. */
const idsAlong = (nodes: CatalogueNode[], names: string[]) => {
  const ids: number[] = [];
  for (const name of names) {
    const parentId = ids.at(-1) ?? null;
    const node = nodes.find((n) => n.parentId === parentId && n.name === name);
    if (!node) throw new Error(`no catalogue node ${name} under ${parentId}`);
    ids.push(node.id);
  }
  return ids;
};

beforeAll(async () => {
  mkdirSync(artifact('catalogue'), { recursive: true });
  lijg = await loginAs(t, 'lijg');
  // The shipped catalogue (imported on first start) holds TRAIL.
  const math = await dictIds(t, '初中', '数学');
  const nodes = await treeOf('初中', '数学');
  path = idsAlong(nodes, TRAIL);

  for (const subject of ['音乐', '美术', '体育与健康', '劳动', '心理健康']) {
    if ((await treeOf('初中', subject)).length === 0) {
      bareSubject = subject;
      break;
    }
  }
  expect(bareSubject).not.toBe('');

  // A document on 12.3, whose unit is then retired: its chapter shows as 已停用.
  const retiredLesson = idsAlong(nodes, [...TRAIL.slice(0, 3), '12.3 角的平分线的性质']).at(-1)!;
  const uploaded = await postDocument(
    t.url,
    cookieOf(lijg.jar),
    '角的平分线的性质.docx',
    docx('角的平分线上的点到角的两边的距离相等。'),
  );
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
  const res = await lijg.call(routes.publishDocument, {
    body: {
      type: 'DOCUMENT',
      title: RETIRED_TITLE,
      ...math,
      fileIds: [String(uploaded.json.data.id)],
      catalogueNodeIds: [retiredLesson],
    },
  });
  expect(res.code, res.msg).toBe(0);
  retiredDocId = res.data.id;
  await createReviewAdmin(t.prisma).approve(retiredDocId);
  const admin = await loginAs(t, 'admin', 'Admin@2026');
  const retire = await admin.call(routes.adminCatalogueRetire, { body: { id: retiredLesson, retired: true } });
  expect(retire.code, retire.msg).toBe(0);
});

// ------------------------------------------------------------------------------------------------ page helpers

/** A browser session (a visitor, or lijg logged in) at a viewport's size, watched as the gate watches pages. */
const sessionOf = async (who: 'visitor' | 'lijg', viewport: ViewportName) => {
  const session = await returningSession(browser, who === 'visitor' ? undefined : { app: t, userName: who });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  return { ...session, watcher };
};

/** The gate's findings for the page scrolled back to its top (where the gate checks it). */
const findingsOf = async (page: Page, watcher: { take: () => string[] }, viewport: ViewportName) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compact-header]')?.getAttribute('aria-hidden') !== 'false',
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  return [...watcher.take(), ...(await pageFindings(page, { touch: viewport === 'phone' }))];
};

const motionEnded = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );

const form = (page: Page) => page.getByTestId('upload-document').locator('form');
/** The 教材章节 form item, and the cascader in it. */
const chapterItem = (page: Page) => form(page).locator('.ant-form-item').filter({ hasText: '教材章节' });
const chapterField = (page: Page) => chapterItem(page).locator('.ant-cascader');
/** The open cascader popup, and its columns. */
const popup = (page: Page) => page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
const column = (page: Page, index: number) => popup(page).locator('ul[role=menu]').nth(index);
const row = (page: Page, index: number, name: string) => column(page, index).locator(`li[title="${name}"]`);

/** The upload screen for documents, the statement agreed to and the stage and subject filled in (初中 数学). */
const openUploadScreen = async (page: Page, query = '') => {
  await page.goto(`${t.url}/home/uploadDoc${query}`);
  if (!query) {
    // The statement closes with a zoom; its mask takes the clicks meant for the form until it is gone.
    const statement = page.getByRole('dialog', { name: '原创声明' });
    await statement.getByRole('button', { name: '我已阅读并同意' }).click();
    await statement.waitFor({ state: 'hidden' });
  }
  await page.getByTestId('upload-notice').waitFor();
  await expect.poll(() => form(page).textContent(), POLL).toMatch(/初中[\s\S]*数学/);
  await settle(page);
  await motionEnded(page);
};

/** Opens the chapter field's popup. */
const openChapters = async (page: Page) => {
  await chapterField(page).click();
  await column(page, 0).waitFor();
  await motionEnded(page);
};

/** Picks a trail of names in the open popup, column by column (the last click checks it). */
const pick = async (page: Page, names: string[]) => {
  for (const [i, name] of names.entries()) {
    // Each column is clicked once it has stopped sliding in: a click during the motion can miss it.
    await row(page, i, name).waitFor();
    await motionEnded(page);
    await row(page, i, name).click();
  }
};

const closePopup = async (page: Page) => {
  await page.keyboard.press('Escape');
  await popup(page).waitFor({ state: 'hidden' });
};

const detailsUrl = (id: number) => `${t.url}/home/documents/details?id=${id}`;
const cardOf = (page: Page, title: string) =>
  page.getByTestId('resource-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** The box of a locator must lie inside the viewport's width. */
const insideWidth = async (locator: Locator, width: number) => {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
};

// ------------------------------------------------------------------------------------------------ the tests

describe('a teacher tags a document with a lesson while uploading it', () => {
  it('picks 人教版 › 八年级上册 › 第十二章 全等三角形 › 12.2 and submits; the api keeps the chapter', async () => {
    const { context, page, watcher } = await sessionOf('lijg', 'desktop');
    try {
      await openUploadScreen(page);
      await page.getByTestId('upload-input').setInputFiles({
        name: '三角形全等的判定.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx('三角形全等的判定：三边分别相等的两个三角形全等（SSS）。'),
      });
      const item = page.locator('[data-testid="upload-item"][data-name="三角形全等的判定.docx"]');
      await expect.poll(() => item.getAttribute('data-status'), POLL).toBe('success');
      await page.getByLabel('资源标题').fill(TITLE);

      // The field is the cascader of 初中 数学's catalogue; an edition has no checkbox of its own.
      await openChapters(page);
      expect(await row(page, 0, '人教版').locator('.ant-cascader-checkbox-disabled').count()).toBe(1);
      await pick(page, TRAIL);
      await expect.poll(() => chapterField(page).textContent(), POLL).toContain(TRAIL[3]);
      // Four columns: editions, volumes, units, lessons — the whole popup within the window.
      expect(await popup(page).locator('ul[role=menu]').count()).toBe(4);
      await insideWidth(popup(page), VIEWPORTS.desktop.width);
      await page.screenshot({ path: artifact('catalogue/upload-chapter-picked-desktop.png') });
      await closePopup(page);
      // The tag names the lesson; its title is the whole trail.
      expect(
        await chapterField(page)
          .locator(`[title="${chapterText(TRAIL)}"]`)
          .count(),
      ).toBe(1);

      // Searching by name finds chapters by any part of their trail; a retired lesson (12.3) is not offered.
      const search = chapterField(page).locator('input');
      await search.fill('全等三角形');
      await popup(page)
        .getByText(chapterText([...TRAIL.slice(0, 3), '12.1 全等三角形']))
        .waitFor();
      await search.fill('角的平分');
      await popup(page).getByText('没有找到相关章节').waitFor();
      await search.fill('');
      await closePopup(page);
      await page.screenshot({ path: artifact('catalogue/upload-form-desktop.png'), fullPage: true });
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      const request = page.waitForRequest((r) => r.url().endsWith('/es/resource/lib/publish/document'));
      const published = page.waitForResponse((r) => r.url().endsWith('/es/resource/lib/publish/document'));
      await page.getByRole('button', { name: '提交审核' }).click();
      expect((await request).postDataJSON()).toMatchObject({ title: TITLE, catalogueNodeIds: [path[3]] });
      const answer = (await (await published).json()) as Envelope<{ id: number }>;
      expect(answer.code, answer.msg).toBe(0);
      docId = answer.data!.id;
      await page.getByTestId('publish-success').waitFor();

      const info = await lijg.call(routes.resourceEditInfo, { query: { id: docId } });
      expect(info.code, info.msg).toBe(0);
      expect(info.data.chapters).toEqual([{ id: path[3], path, trail: TRAIL, retired: false }]);

      // The next upload opens the field at the volume picked last (八年级上册): its units are there at once.
      await page.getByRole('button', { name: '继续上传文档' }).click();
      await page.getByTestId('upload-notice').waitFor();
      await expect.poll(() => form(page).textContent(), POLL).toMatch(/初中[\s\S]*数学/);
      await openChapters(page);
      await row(page, 2, TRAIL[2]!).waitFor();
      expect(await row(page, 1, TRAIL[1]!).getAttribute('class')).toContain('ant-cascader-menu-item-active');
      await page.screenshot({ path: artifact('catalogue/upload-remembered-volume-desktop.png') });
      await closePopup(page);
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('editing fills the field from the chapters; another subject clears it; a subject without a catalogue says so', async () => {
    expect(docId).toBeGreaterThan(0);
    const { context, page, watcher } = await sessionOf('lijg', 'desktop');
    try {
      // A chapter retired since it was chosen stays (the server keeps it on saving), named and marked.
      await openUploadScreen(page, `?id=${retiredDocId}`);
      await expect.poll(() => chapterField(page).textContent(), POLL).toContain('12.3 角的平分线的性质（已停用）');

      await openUploadScreen(page, `?id=${docId}`);
      await expect.poll(() => chapterField(page).textContent(), POLL).toContain(TRAIL[3]);
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);

      await page.getByLabel('学科').click();
      const subjects = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await subjects.waitFor();
      await motionEnded(page);
      await subjects.getByTitle(bareSubject).click();
      await expect.poll(() => form(page).textContent(), POLL).toContain(`学段学科初中${bareSubject}`);
      await expect.poll(() => chapterField(page).textContent(), POLL).not.toContain(TRAIL[3]);
      await expect.poll(() => chapterItem(page).textContent(), POLL).toContain('该学科暂无教材目录');
      expect(await chapterField(page).getAttribute('class')).toContain('ant-select-disabled');
      await page.screenshot({ path: artifact('catalogue/upload-no-catalogue-desktop.png') });
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the approved document shows its chapter', () => {
  beforeAll(async () => {
    expect(docId).toBeGreaterThan(0);
    await createReviewAdmin(t.prisma).approve(docId);
  });

  it.each(['desktop', 'phone'] as const)('on its details page and its card, at %s size', async (viewport) => {
    const { context, page, watcher } = await sessionOf('visitor', viewport);
    try {
      await page.goto(detailsUrl(docId));
      await settle(page);
      const chapter = page.getByTestId('resource-chapter');
      await expect.poll(() => chapter.count(), POLL).toBe(1);
      expect((await chapter.textContent())?.replace(/\s+/g, '')).toBe(TRAIL.join('›').replace(/\s+/g, ''));
      // Each part opens the documents list of its node.
      const links = chapter.getByRole('link');
      expect(await links.allTextContents()).toEqual(TRAIL);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
        path.map((id) => `/home/documents?catalogue=${id}`),
      );
      await page.screenshot({ path: artifact(`catalogue/details-${viewport}.png`) });
      expect(await findingsOf(page, watcher, viewport)).toEqual([]);

      await page.goto(`${t.url}/home/documents`);
      await settle(page);
      const card = cardOf(page, TITLE);
      await card.waitFor();
      const line = card.getByTestId('card-chapter');
      expect(await line.textContent()).toBe(chapterText(TRAIL));
      expect(await line.getAttribute('title')).toBe(chapterText(TRAIL));
      // One line: cut with an ellipsis rather than wrapped.
      const { height, lineHeight } = await line.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height).toBeLessThanOrEqual(lineHeight + 1);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: artifact(`catalogue/card-${viewport}.png`) });
      expect(await findingsOf(page, watcher, viewport)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a retired chapter shows its trail with 已停用 and no links', async () => {
    const { context, page, watcher } = await sessionOf('visitor', 'desktop');
    try {
      await page.goto(detailsUrl(retiredDocId));
      await settle(page);
      const chapter = page.getByTestId('resource-chapter');
      await chapter.waitFor();
      expect(await chapter.textContent()).toContain('12.3 角的平分线的性质');
      expect(await chapter.getByTestId('chapter-retired').textContent()).toBe('已停用');
      expect(await chapter.getByRole('link').count()).toBe(0);
      await page.screenshot({ path: artifact('catalogue/details-retired-desktop.png') });
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the chapter field on a phone', () => {
  it('fits 390 px: the popup stays inside the screen and its columns scroll sideways within it', async () => {
    const { context, page, watcher } = await sessionOf('lijg', 'phone');
    try {
      await openUploadScreen(page);
      await insideWidth(chapterField(page), VIEWPORTS.phone.width);
      await openChapters(page);
      await pick(page, TRAIL.slice(0, 3));
      await row(page, 3, TRAIL[3]!).waitFor();
      await motionEnded(page);
      await insideWidth(popup(page), VIEWPORTS.phone.width);
      expect(await overflowFindings(page)).toEqual([]);
      // The newest column (the lessons) is scrolled into sight.
      await expect
        .poll(async () => {
          const box = await row(page, 3, TRAIL[3]!).boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width;
        }, POLL)
        .toBe(true);
      await page.screenshot({ path: artifact('catalogue/upload-popup-phone.png') });
      await row(page, 3, TRAIL[3]!).click();
      await closePopup(page);
      await expect.poll(() => chapterField(page).textContent(), POLL).toContain(TRAIL[3]);
      await page.screenshot({ path: artifact('catalogue/upload-form-phone.png'), fullPage: true });
      expect(await findingsOf(page, watcher, 'phone')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
