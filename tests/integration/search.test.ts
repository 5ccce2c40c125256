import { routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResources } from '../../apps/api/src/db/generate-resources.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { publishDoc } from '../support/library.ts';

let t: TestApp;
let teacher: Awaited<ReturnType<typeof loginAs>>;
let ids: { titleHit: number; descHit: number; tagHit: number; pythagoras: number; pending: number };
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMITS: 'false' } });
  teacher = await loginAs(t, 'lijg');
  await generateResources(t.prisma, { count: 200 });
  ids = {
    titleHit: await publishDoc(t, teacher.call, 'lijg', { title: '初中数学微课资源', description: '配套练习' }),
    descHit: await publishDoc(t, teacher.call, 'lijg', {
      title: '代数专题复习',
      description: '包含十个微课资源与讲义',
    }),
    tagHit: await publishDoc(t, teacher.call, 'lijg', { title: '期末总复习', tags: ['微课'] }),
    pythagoras: await publishDoc(t, teacher.call, 'lijg', {
      title: '勾股定理的证明方法',
      stage: '初中',
      subject: '数学',
    }),
    pending: await publishDoc(t, teacher.call, 'lijg', { title: '尚未审核的微课资源', approve: false }),
  };
});
afterAll(async () => {
  await t?.close();
});

const search = (content: string, extra: Record<string, unknown> = {}, call = t.client().call) =>
  call(routes.search, { body: { content, current: 1, size: 50, ...extra } });

describe('Chinese search', () => {
  it('finds 微课 inside 初中数学微课资源 and ranks title > tags > description', async () => {
    const res = await search('微课');
    const found = res.data.objList.map((r) => r.id);
    expect(found).toContain(ids.titleHit);
    expect(found.indexOf(ids.titleHit)).toBeLessThan(found.indexOf(ids.tagHit));
    expect(found.indexOf(ids.tagHit)).toBeLessThan(found.indexOf(ids.descHit));
    expect(found).not.toContain(ids.pending);
  });

  it('highlights the matched words of the title as plain segments', async () => {
    const res = await search('数学微课');
    const hit = res.data.objList.find((r) => r.id === ids.titleHit)!;
    expect(hit.titleSegments).toEqual([
      { text: '初中', hit: false },
      { text: '数学微课', hit: true },
      { text: '资源', hit: false },
    ]);
  });

  it('serves one- and two-character queries, and words jieba splits differently', async () => {
    for (const q of ['勾股', '勾', '股定', '勾股定']) {
      const res = await search(q);
      expect(
        res.data.objList.map((r) => r.id),
        q,
      ).toContain(ids.pythagoras);
    }
  });

  it('filters by type, stage and subject, and pages with a total', async () => {
    const res = await t
      .client()
      .call(routes.search, { body: { content: '数学', current: 1, size: 10, type: 'DOCUMENT' } });
    expect(res.data.objList.length).toBeGreaterThan(0);
    expect(res.data.objList.every((r) => r.type === 'DOCUMENT')).toBe(true);
    expect(res.data.pageBean.size).toBe(10);
    const page2 = await t
      .client()
      .call(routes.search, { body: { content: '数学', current: 2, size: 10, type: 'DOCUMENT' } });
    const overlap = page2.data.objList.filter((r) => res.data.objList.some((x) => x.id === r.id));
    expect(overlap).toHaveLength(0);
  });

  it('treats search syntax and SQL in the query as plain text', async () => {
    for (const q of ["微课' OR 1=1 --", '微课 & !资源', '(微课) | :*', '\\', "'"]) {
      const res = await search(q);
      expect(res.code, q).toBe(0);
    }
  });

  it('finds a resource published after the same search was answered, and drops it once taken down', async () => {
    const word = '电解质溶液';
    const found = async () => (await search(word)).data.objList.map((r) => r.id);
    expect(await found()).toEqual([]);
    const id = await publishDoc(t, teacher.call, 'lijg', { title: `${word}的导电性`, stage: '高中', subject: '化学' });
    expect(await found()).toEqual([id]);
    await createReviewAdmin(t.prisma).takeDown(id, '重复上传');
    expect(await found()).toEqual([]);
  });

  it('answers in exactly the declared shape (search skips re-validation on the way out)', async () => {
    const res = await search('微课');
    expect(res.data.objList.length).toBeGreaterThan(0);
    // Parsing drops unknown keys and rejects wrong types: an exact answer parses to itself.
    expect(routes.search.response.parse(res.data)).toEqual(res.data);
  });

  it('answers nothing for a word no resource has', async () => {
    expect((await search('量子纠缠超导')).data.pageBean.totalCount).toBe(0);
  });
});

describe('search records and hot words', () => {
  it('records a user’s searches (newest first, no empties, no duplicates), deletes one and all', async () => {
    const user = await loginAs(t, 'zhangxm');
    for (const q of ['勾股定理', '  ', '微课', '勾股定理', '二次函数']) await search(q, {}, user.call);
    const list = await user.call(routes.searchRecordList);
    expect(list.data.map((r) => r.keyword)).toEqual(['二次函数', '勾股定理', '微课']);
    const other = await loginAs(t, 'wangcy');
    expect((await other.call(routes.searchRecordList)).data).toEqual([]);
    // Another user cannot delete these records.
    await other.call(routes.searchRecordDelete, { query: { id: list.data[0]!.id } });
    expect((await user.call(routes.searchRecordList)).data).toHaveLength(3);
    await user.call(routes.searchRecordDelete, { query: { id: list.data[0]!.id } });
    expect((await user.call(routes.searchRecordList)).data.map((r) => r.keyword)).toEqual(['勾股定理', '微课']);
    await user.call(routes.searchRecordDeleteAll);
    expect((await user.call(routes.searchRecordList)).data).toEqual([]);
  });

  it('ranks hot words by real search counts over the recent window, 8 at most', async () => {
    const counts: Record<string, number> = { 期末复习: 15, 单元复习: 12, 专题探究: 10 };
    for (const [word, n] of Object.entries(counts)) for (let i = 0; i < n; i++) await search(word);
    for (const word of ['人教版', '北师大版', '苏教版', '部编版', '沪教版', '湘教版', '七年级', '高一'])
      await search(word);
    await t.prisma
      .$executeRaw`INSERT INTO search_word_daily (keyword, day, count) VALUES ('过期热词', current_date - 30, 1000)`;
    const hot = await t.client().call(routes.hotWords);
    expect(hot.data).toHaveLength(8);
    expect(hot.data.slice(0, 3)).toEqual([
      { keyword: '期末复习', count: 15 },
      { keyword: '单元复习', count: 12 },
      { keyword: '专题探究', count: 10 },
    ]);
    expect(hot.data.map((w) => w.keyword)).not.toContain('过期热词');
  });

  it('never offers a word that found nothing as a hot word, however often it was searched', async () => {
    const user = await loginAs(t, 'wangcy');
    for (let i = 0; i < 30; i++) expect((await search('量子纠缠超导', {}, user.call)).data.pageBean.totalCount).toBe(0);
    const hot = await t.client().call(routes.hotWords);
    expect(hot.data.map((w) => w.keyword)).not.toContain('量子纠缠超导');
    // The searcher's own history still has it.
    expect((await user.call(routes.searchRecordList)).data.map((r) => r.keyword)).toContain('量子纠缠超导');
  });
});
