import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { searchCommands as commands } from '../../apps/api/src/cli/search-commands.ts';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { reindexStale, SEARCH_VERSION } from '../../apps/api/src/modules/library/search-index.ts';
import { addSynonyms, listSynonyms, removeSynonyms } from '../../apps/api/src/modules/library/synonyms.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { runBare } from '../support/cli.ts';
import { dictIds, publishDoc } from '../support/library.ts';

let t: TestApp;
let teacher: Awaited<ReturnType<typeof loginAs>>;
let ids: { titleHit: number; descHit: number; tagHit: number; pythagoras: number; pending: number };
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
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

const search = (content: string, extra: Record<string, unknown> = {}, call = t.client().call) =>
  call(routes.search, { body: { content, current: 1, size: 50, ...extra } });

describe('Chinese search', () => {
  it('finds 微课 inside 初中数学微课资源 and ranks title > tags > description', async () => {
    // Among documents: every micro-course is a 微课 (its kind), so it outranks a document naming 微课 in its text.
    const res = await search('微课', { type: 'DOCUMENT' });
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
    const word = '甲烷燃料电池';
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

describe('search that understands teachers', () => {
  let own: Record<
    | 'gouguAll'
    | 'gouguTopic'
    | 'buoyancyJunior'
    | 'buoyancySenior'
    | 'cellBio'
    | 'cellTitleOnly'
    | 'descOnly'
    | 'logic'
    | 'essay'
    | 'wordStart'
    | 'buried'
    | 'thesis',
    number
  >;
  beforeAll(async () => {
    const pub = (title: string, o: Partial<Parameters<typeof publishDoc>[3]> = {}) =>
      publishDoc(t, teacher.call, 'lijg', { title, ...o });
    own = {
      gouguAll: await pub('人教版八年级勾股定理课件', { stage: '初中', subject: '数学' }),
      gouguTopic: await pub('勾股定理的逆定理', { stage: '初中', subject: '数学' }),
      buoyancyJunior: await pub('浮力专题讲解', { stage: '初中', subject: '物理' }),
      buoyancySenior: await pub('浮力专题讲解（拓展）', { stage: '高中', subject: '物理' }),
      cellBio: await pub('细胞的基本结构', { stage: '初中', subject: '生物学' }),
      cellTitleOnly: await pub('细胞分裂', { stage: '高中', subject: '化学' }),
      descOnly: await pub('第二单元教学设计', { description: '探究氢氧化钠溶液的变质问题，培养证据意识。' }),
      logic: await pub('逻辑运算“与”“或”“非”及其应用', { stage: '高中', subject: '信息技术' }),
      essay: await pub('小学生习作指导：写一处景物', { stage: '小学', subject: '语文' }),
      wordStart: await pub('电磁铁的磁性强弱', { stage: '初中', subject: '物理' }),
      buried: await pub('充电磁带机原理简介', { stage: '初中', subject: '物理' }),
      thesis: await pub('大单元作业设计的实践研究', { stage: '初中', subject: '物理', type: 'ACHIEVEMENT' }),
    };
  });
  const ids = async (content: string, extra: Record<string, unknown> = {}) =>
    (await search(content, extra)).data.objList.map((r) => r.id);

  it('degrades gracefully: every word first, then most words, never empty when some word matches', async () => {
    const found = await ids('人教版 八年级 勾股定理 课件');
    expect(found[0]).toBe(own.gouguAll);
    // A resource with the topic but none of the other words still comes, before ones with only the lesser words.
    expect(found).toContain(own.gouguTopic);
    const unknown = await search('勾股定理 量子纠缠超导');
    expect(unknown.data.objList.map((r) => r.id)).toContain(own.gouguTopic);
    expect(unknown.data.objList[0]!.title).toContain('勾股定理');
    // Whichever word it is that matches.
    expect(await ids('量子 纠缠 超导 勾股定理')).toContain(own.gouguTopic);
  });

  it('understands stage, subject and kind words, boosts them, and returns them', async () => {
    const res = await search('初中物理浮力');
    const found = res.data.objList.map((r) => r.id);
    expect(found.indexOf(own.buoyancyJunior)).toBeLessThan(found.indexOf(own.buoyancySenior));
    const junior = await dictIds(t, '初中', '物理');
    expect(res.data.understood).toEqual({
      stage: { id: junior.stageId, name: '初中', word: '初中' },
      subject: { id: junior.subjectId, name: '物理', word: '物理' },
    });
    const video = await search('浮力 视频');
    expect(video.data.understood?.type).toEqual({ value: 'MICRO_COURSE', word: '视频' });
    expect((await search('大单元作业论文')).data.understood?.type?.value).toBe('ACHIEVEMENT');
    expect((await ids('作业设计论文'))[0]).toBe(own.thesis);
  });

  it('knows grades (七年级 = 初一), editions and subject aliases (生物 → 生物学)', async () => {
    const grade = await search('初一 数学');
    expect(grade.data.understood).toMatchObject({
      grade: { name: '七年级', word: '初一' },
      stage: { name: '初中' },
      subject: { name: '数学' },
    });
    expect((await search('统编版 背影')).data.understood?.edition).toEqual({ name: '部编版', word: '统编版' });
    const bio = await search('初中生物 细胞');
    expect(bio.data.understood?.subject?.name).toBe('生物学');
    const found = bio.data.objList.map((r) => r.id);
    // The subject is indexed under its alias too: a biology resource outranks a chemistry one of the same topic.
    expect(found.indexOf(own.cellBio)).toBeLessThan(found.indexOf(own.cellTitleOnly));
  });

  it('matches sub-words in descriptions', async () => {
    expect(await ids('氢氧化钠')).toContain(own.descOnly);
    expect(await ids('氧化钠溶液')).toContain(own.descOnly);
  });

  it('prefers a word start to a piece buried inside another word', async () => {
    const found = await ids('电磁');
    expect(found).toContain(own.buried);
    expect(found.indexOf(own.wordStart)).toBeLessThan(found.indexOf(own.buried));
  });

  it('finds words of stop characters listed apart (与或非), and a single stop character alone', async () => {
    expect(await ids('与或非')).toContain(own.logic);
    expect((await search('的')).code).toBe(0);
  });

  it('uses synonym sets from the table, and lists, adds and removes them', async () => {
    expect(await ids('作文指导')).toContain(own.essay);
    const before = await listSynonyms(t.prisma);
    expect(before.some((s) => s.words.includes('习作') && s.words.includes('作文'))).toBe(true);
    expect(await ids('导体')).not.toContain(own.descOnly);
    const added = await addSynonyms(t.prisma, ['导体', '氢氧化钠']);
    expect(added.words).toEqual(['导体', '氢氧化钠']);
    expect(await ids('导体')).toContain(own.descOnly);
    expect(await removeSynonyms(t.prisma, added.id)).toBe(true);
    expect(await removeSynonyms(t.prisma, added.id)).toBe(false);
    expect((await listSynonyms(t.prisma)).length).toBe(before.length);
    await expect(addSynonyms(t.prisma, ['同一个', '同一个'])).rejects.toThrow('至少需要两个不同的词');
    await expect(addSynonyms(t.prisma, ['好词', 'a b'])).rejects.toThrow('须为 1-20 个汉字、字母或数字');
  });

  it('edits synonym sets with pnpm admin synonyms / synonym-add / synonym-remove', async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args) => void printed.push(args.join(' ')));
    try {
      expect(await runBare(commands['synonym-add']!, t.app, ['电能', '电功'])).toBe(0);
      const id = Number(/同义词组 (\d+)/.exec(printed.at(-1)!)![1]);
      expect(await runBare(commands.synonyms!, t.app, [])).toBe(0);
      expect(printed).toContain(`${id}\t电能 · 电功`);
      expect(await runBare(commands['synonym-remove']!, t.app, [String(id)])).toBe(0);
      await expect(runBare(commands['synonym-remove']!, t.app, [String(id)])).rejects.toThrow(`同义词组 ${id} 不存在`);
      await expect(runBare(commands['synonym-add']!, t.app, ['电能'])).rejects.toThrow('至少需要两个不同的词');
    } finally {
      log.mockRestore();
    }
  });

  it('counts results per type, stage and subject', async () => {
    const res = await search('浮力');
    const facets = res.data.facets!;
    const junior = await dictIds(t, '初中', '物理');
    expect(facets.type.find((f) => f.value === 'DOCUMENT')!.count).toBeGreaterThanOrEqual(2);
    expect(facets.stage.find((f) => f.id === junior.stageId)).toMatchObject({ name: '初中' });
    expect(facets.subject.find((f) => f.id === junior.subjectId)).toMatchObject({
      name: '物理',
      stageId: junior.stageId,
    });
    const sum = (list: { count: number }[]) => list.reduce((n, f) => n + f.count, 0);
    expect(sum(facets.type)).toBe(res.data.pageBean.totalCount);
    expect(sum(facets.stage)).toBe(res.data.pageBean.totalCount);
  });

  it('suggests related searches when few results come back', async () => {
    const res = await search('细胞分裂量子纠缠');
    expect(res.data.pageBean.totalCount).toBeLessThan(5);
    expect(res.data.suggestions).toContain('细胞分裂');
    // Hot words sharing a pair of characters (期末复习 was searched above).
    const hot = await search('期末量子纠缠');
    expect(hot.data.suggestions).toEqual(expect.arrayContaining(['期末', '期末复习']));
    expect((await search('数学')).data.suggestions).toEqual([]);
  });

  it('names the words no result contains', async () => {
    const res = await search('细胞分裂量子纠缠');
    expect(res.data.pageBean.totalCount).toBeGreaterThan(0);
    expect(res.data.missing).toEqual(['量子', '纠缠']);
    expect((await search('细胞分裂')).data.missing).toEqual([]);
    // Nothing found at all: no list of missing words, the page says there are no results.
    expect((await search('量子纠缠')).data.missing).toEqual([]);
  });

  it('re-indexes rows written by an older version of the search', async () => {
    await t.prisma.$executeRaw`UPDATE resources SET search_vector = NULL, search_version = 0 WHERE id = ${own.essay}`;
    expect(await ids('习作指导')).not.toContain(own.essay);
    expect(await reindexStale(t.prisma)).toBe(1);
    const [row] = await t.prisma.$queryRaw<
      { v: number }[]
    >`SELECT search_version AS v FROM resources WHERE id = ${own.essay}`;
    expect(row!.v).toBe(SEARCH_VERSION);
    expect(await ids('习作指导', { current: 1, size: 50, type: 'DOCUMENT' })).toContain(own.essay);
  });

  it('refuses a keyword too long with the Chinese error envelope', async () => {
    const res = await fetch(`${t.url}${routes.search.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: '长'.repeat(51), current: 1, size: 10 }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, data: null });
    expect(body.msg).toContain('搜索词不能超过 50 个字');
  });
});
