import { SEARCH_RANKED_LIMIT } from '@zyk/shared';
import type { Browser, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictNames } from '../../apps/api/src/modules/dict/service.ts';
import { resourceDocument, SEARCH_VERSION } from '../../apps/api/src/modules/library/search-index.ts';
import type { TestApp } from '../support/app.ts';
import { dictIds } from '../support/library.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { animationsSettled, overflowFindings, touchTargets, VIEWPORTS } from './gate-checks.ts';
import { eventually, sessionForBlock } from './helpers.ts';

/**
 * The search page's understanding of a query (issue 19): the recognised words as chips (只看 / ×), the results
 * counted by type, stage and subject as filters, related searches when few came back, and "100 条以上" for a
 * keyword whose matches pass the ranked limit; at desktop size and on a 390 px phone.
 */

let t: TestApp;
let browser: Browser;
const ids = { juniorPhysics: 0, seniorPhysics: 0 };

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

type Kind = 'MICRO_COURSE' | 'DOCUMENT' | 'ACHIEVEMENT';
interface Row {
  title: string;
  type: Kind;
  stage: string;
  subject: string;
  views: number;
}

const BUOYANCY: Row[] = [
  { title: '人教版八年级物理《浮力》微课', type: 'MICRO_COURSE', stage: '初中', subject: '物理', views: 80 },
  { title: '八年级物理《浮力》实验演示视频', type: 'MICRO_COURSE', stage: '初中', subject: '物理', views: 40 },
  { title: '人教版八年级物理《浮力》教学设计', type: 'DOCUMENT', stage: '初中', subject: '物理', views: 60 },
  { title: '八年级物理《浮力》同步练习', type: 'DOCUMENT', stage: '初中', subject: '物理', views: 20 },
  { title: '高一物理《浮力与阿基米德原理》学案', type: 'DOCUMENT', stage: '高中', subject: '物理', views: 30 },
];
const ARCHIMEDES = '阿基米德的故事：科学阅读材料';
const SUBJECTS: [string, string][] = [
  ['小学', '语文'],
  ['小学', '数学'],
  ['初中', '数学'],
  ['初中', '英语'],
  ['高中', '化学'],
];
const KINDS: Kind[] = ['MICRO_COURSE', 'DOCUMENT', 'DOCUMENT', 'ACHIEVEMENT'];
/** More matches of 单元复习 than a keyword search ranks. */
const REVIEWS: Row[] = Array.from({ length: SEARCH_RANKED_LIMIT + 30 }, (_, i) => {
  const [stage, subject] = SUBJECTS[i % SUBJECTS.length]!;
  return { title: `${stage}${subject}第${i + 1}单元 单元复习`, type: KINDS[i % 4]!, stage, subject, views: i };
});

/** Published rows written straight into the table with their search vectors, as the resource generator does. */
const insert = async (rows: Row[]) => {
  const names = await dictNames(t.prisma);
  const author = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
  for (const row of rows) {
    const { stageId, subjectId } = await dictIds(t, row.stage, row.subject);
    const trainType = row.type === 'ACHIEVEMENT' ? 'paper' : null;
    const description = '适用于新授课与复习课。';
    const doc = resourceDocument(
      { type: row.type, trainType, title: row.title, tags: [], description, stageId, subjectId },
      names,
    );
    await t.prisma.$executeRaw`
      INSERT INTO resources (type, train_type, title, description, tags, stage_id, subject_id, author_id, price,
        status, view_count, download_count, star_count, published_at, updated_at, search_vector, search_version)
      VALUES (${row.type}::"ResourceType", ${trainType}, ${row.title}, ${description}, ARRAY[]::text[], ${stageId},
        ${subjectId}, ${author.id}, 0, 'PUBLISHED', ${row.views}, 0, 0, now(), now(), ${doc}::tsvector,
        ${SEARCH_VERSION})`;
  }
};

beforeAll(async () => {
  await insert([
    ...BUOYANCY,
    { title: ARCHIMEDES, type: 'DOCUMENT', stage: '小学', subject: '科学', views: 5 },
    ...REVIEWS,
  ]);
  ids.juniorPhysics = (await dictIds(t, '初中', '物理')).subjectId;
  ids.seniorPhysics = (await dictIds(t, '高中', '物理')).subjectId;
}, 120_000);

const searchPage = (page: Page, keyword: string) =>
  page.goto(`${t.url}/home/search?searchKeyWord=${encodeURIComponent(keyword)}`);
const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜索关键词' });
const cards = (page: Page) => page.getByRole('list', { name: '搜索结果' }).getByTestId('resource-card');
const titles = (page: Page) => cards(page).locator('h3').allTextContents();
const understood = (page: Page) => page.getByRole('list', { name: '识别出的搜索条件' });
const activeFilters = (page: Page) => page.getByRole('list', { name: '已选的筛选条件' });
const facetList = (page: Page, group: '学段' | '学科') => page.getByRole('list', { name: `按${group}筛选` });
const total = (page: Page) => page.getByTestId('search-total').textContent();
const nextSearch = (page: Page) => page.waitForRequest((r) => r.url().endsWith('/lib/search'));
const bodyOf = (request: Request) =>
  request.postDataJSON() as {
    content: string;
    type?: string | null;
    academicStageId?: number | null;
    subjectId?: number | null;
  };
const settled = (page: Page) => eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
/** A full-page screenshot from the top, once chips and cards have finished their transitions. */
const screenshot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(() => page.getByTestId('compact-header').getAttribute('aria-hidden')).toBe('true');
  await animationsSettled(page); // chips and cards finish their transitions
  await page.screenshot({ path: artifact(name), fullPage: true });
};

const QUERY = '初中物理 浮力 视频';

describe.each([
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const)('searching on %s', (size, viewport) => {
  let page: Page;
  let errors: string[];
  sessionForBlock(
    async () => {
      const session = await returningSession(browser);
      await session.page.setViewportSize(viewport);
      return session;
    },
    (session) => {
      ({ page, errors } = session);
    },
  );

  it('shows what it recognised as chips, and the results counted by stage and subject', async () => {
    await searchPage(page, QUERY);
    await cards(page).first().waitFor();
    expect(
      await understood(page)
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => e.ariaLabel)),
    ).toEqual([
      '只看初中',
      '从搜索词中去掉“初中”',
      '只看物理',
      '从搜索词中去掉“物理”',
      '只看视频',
      '从搜索词中去掉“视频”',
    ]);
    expect(await page.getByTestId('search-understood').textContent()).toContain('识别');
    expect(await titles(page)).toEqual(expect.arrayContaining(BUOYANCY.map((r) => r.title)));
    expect(await total(page)).toBe(`找到 ${BUOYANCY.length} 条相关结果`);
    // The recognised words rank the junior-school physics videos first.
    expect((await titles(page)).slice(0, 2).sort()).toEqual([BUOYANCY[0]!.title, BUOYANCY[1]!.title].sort());
    // Both stages have a 物理, so the subject facets say which is which.
    expect(await facetList(page, '学科').getByRole('button').allTextContents()).toEqual(['初中物理4', '高中物理1']);
    expect(await facetList(page, '学段').getByRole('button').allTextContents()).toEqual(['初中4', '高中1']);
    // The type counts are on the type chips.
    const typeChips = page.getByRole('group', { name: '资源类型' }).getByRole('button');
    expect(await typeChips.allTextContents()).toEqual(['全部', '微课2', '文档3', '成果']);
    // On a phone the facets are above the results, in the main column; on desktop beside them.
    const inAside = await page.getByTestId('search-facets').evaluate((el) => el.closest('aside') !== null);
    expect(inAside).toBe(size === 'desktop');
    await settled(page);
    if (size === 'phone') expect(await touchTargets(page)).toEqual([]);
    await screenshot(page, `search-understood-${size}.png`);
  });

  it('a facet filters the results (the request carries it) and comes off again', async () => {
    const sent = nextSearch(page);
    await facetList(page, '学科')
      .getByRole('button', { name: /^高中物理/ })
      .click();
    expect(bodyOf(await sent).subjectId).toBe(ids.seniorPhysics);
    await eventually(() => titles(page)).toEqual([BUOYANCY[4]!.title]);
    expect(await activeFilters(page).getByRole('button').allTextContents()).toEqual(['高中物理']);
    await settled(page);
    await screenshot(page, `search-facet-${size}.png`);

    // Unfiltered results are still in the cache: no request needed.
    await activeFilters(page).getByRole('button', { name: '取消筛选：高中物理' }).click();
    await eventually(() => cards(page).count()).toBe(BUOYANCY.length);
    expect(await page.getByTestId('search-active-filters').count()).toBe(0);
    expect(await facetList(page, '学科').getByRole('button', { pressed: true }).count()).toBe(0);
  });

  it('a chip body shows only that kind, as a filter that can be removed', async () => {
    const sent = nextSearch(page);
    await understood(page).getByRole('button', { name: '只看视频' }).click();
    expect(bodyOf(await sent).type).toBe('MICRO_COURSE');
    await eventually(() => cards(page).count()).toBe(2);
    expect(await understood(page).getByRole('button', { name: '只看视频' }).getAttribute('aria-pressed')).toBe('true');
    const typeChip = page.getByRole('group', { name: '资源类型' }).getByRole('button', { name: /^微课/ });
    expect(await typeChip.getAttribute('aria-pressed')).toBe('true');
    await activeFilters(page).getByRole('button', { name: '取消筛选：微课' }).click();
    await eventually(() => cards(page).count()).toBe(BUOYANCY.length);
  });

  it('× searches again without that word', async () => {
    const sent = nextSearch(page);
    await understood(page).getByRole('button', { name: '从搜索词中去掉“物理”' }).click();
    expect(bodyOf(await sent).content).toBe('初中 浮力 视频');
    await page.waitForURL(`${t.url}/home/search?searchKeyWord=${encodeURIComponent('初中 浮力 视频')}`);
    await eventually(() => searchBox(page).inputValue()).toBe('初中 浮力 视频');
    await eventually(() => understood(page).getByRole('button', { name: /^只看/ }).allTextContents()).toEqual([
      '初中',
      '视频',
    ]);
  });

  it('shows a grade as teachers know it (初二 is 八年级) and × takes out the word typed', async () => {
    await searchPage(page, '初二 浮力');
    await eventually(() => page.getByTestId('search-understood').textContent()).toContain('八年级');
    const sent = nextSearch(page);
    await understood(page).getByRole('button', { name: '从搜索词中去掉“初二”' }).click();
    expect(bodyOf(await sent).content).toBe('浮力');
  });

  it('offers related searches when few results came back; one click runs it', async () => {
    await searchPage(page, '阿基米德 潜水艇');
    const suggestions = page.getByRole('navigation', { name: '相关搜索' });
    await suggestions.waitFor();
    expect(await cards(page).count()).toBe(2);
    expect(await page.getByTestId('search-missing').textContent()).toBe(
      '没有找到含“潜水艇”的资源，以下结果只含其余的词',
    );
    await settled(page);
    await screenshot(page, `search-suggestions-${size}.png`);
    await suggestions.getByRole('button', { name: '阿基米德', exact: true }).click();
    await page.waitForURL(`${t.url}/home/search?searchKeyWord=${encodeURIComponent('阿基米德')}`);
    await eventually(() => titles(page)).toContain(ARCHIMEDES);
  });

  it('a broad word says 100 条以上, pages through the best 100, and fits the screen', async () => {
    await searchPage(page, '单元复习');
    await cards(page).first().waitFor();
    expect(await total(page)).toBe(
      `找到 ${SEARCH_RANKED_LIMIT} 条以上相关结果，按相关度显示前 ${SEARCH_RANKED_LIMIT} 条`,
    );
    const pager = page.getByTestId('pager');
    expect(await pager.textContent()).toContain(`前 ${SEARCH_RANKED_LIMIT} 条`);
    expect(
      await pager
        .getByRole('button', { name: /^第 \d+ 页$/ })
        .last()
        .textContent(),
    ).toBe(String(SEARCH_RANKED_LIMIT / 10));
    expect(await page.getByTestId('search-facets').textContent()).toContain(
      `按最相关的前 ${SEARCH_RANKED_LIMIT} 条统计`,
    );
    await settled(page);
    expect(await overflowFindings(page)).toEqual([]);
    await screenshot(page, `search-broad-${size}.png`);
    if (size === 'phone') {
      await page.setViewportSize(VIEWPORTS.narrowPhone);
      expect(await overflowFindings(page)).toEqual([]);
      expect(await touchTargets(page)).toEqual([]);
      await page.setViewportSize(viewport);
    }
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
