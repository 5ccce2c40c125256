import { describe, expect, it } from 'vitest';
import { CANDIDATES, tiersOf } from '../../apps/api/src/modules/library/search-plan.ts';
import { rankCandidates } from '../../apps/api/src/modules/library/search-rank.ts';
import { suggestionsFor } from '../../apps/api/src/modules/library/search-words.ts';
import { searchDocument, searchWords, TEACHING_WORDS, termForms } from '../../apps/api/src/modules/library/segment.ts';
import { type Dictionary, understandQuery } from '../../apps/api/src/modules/library/understand.ts';

const dictionary: Dictionary = {
  stages: [
    { id: 1, name: '小学' },
    { id: 2, name: '初中' },
    { id: 3, name: '高中' },
  ],
  subjects: [
    { id: 10, name: '语文', stageId: 1 },
    { id: 11, name: '数学', stageId: 1 },
    { id: 12, name: '信息科技', stageId: 1 },
    { id: 20, name: '数学', stageId: 2 },
    { id: 21, name: '物理', stageId: 2 },
    { id: 22, name: '生物学', stageId: 2 },
    { id: 23, name: '道德与法治', stageId: 2 },
    { id: 24, name: '体育与健康', stageId: 2 },
    { id: 25, name: '信息科技', stageId: 2 },
    { id: 30, name: '思想政治', stageId: 3 },
    { id: 31, name: '信息技术', stageId: 3 },
    { id: 32, name: '化学', stageId: 3 },
  ],
};
const synonyms = [
  ['写作', '作文', '习作'],
  ['酸碱', '酸和碱'],
  ['课件', 'ppt', '幻灯片'],
];
const understand = (q: string) => understandQuery(q, dictionary, synonyms);
const conceptsOf = (q: string) => understand(q).concepts.map((c) => [c.text, c.role]);

describe('query understanding', () => {
  it('recognises edition, grade, subject, kind and the topic of a four-part query', () => {
    const { concepts, understood } = understand('人教版七年级数学勾股定理课件');
    expect(concepts.map((c) => [c.text, c.role])).toEqual([
      ['人教版', 'edition'],
      ['七年级', 'grade'],
      ['数学', 'subject'],
      ['勾股定理', 'topic'],
      ['课件', 'type'],
    ]);
    expect(understood).toEqual({
      edition: { name: '人教版', word: '人教版' },
      grade: { name: '七年级', word: '七年级' },
      stage: { id: 2, name: '初中' },
      subject: { id: 20, name: '数学', word: '数学' },
      type: { value: 'DOCUMENT', word: '课件' },
    });
  });

  it('treats 初一 as 七年级, infers the stage from the grade, and knows 统编版 is 部编版', () => {
    const { concepts, understood } = understand('统编版初一生物');
    expect(understood.grade).toEqual({ name: '七年级', word: '初一' });
    // Inferred from the grade: no word of its own.
    expect(understood.stage).toEqual({ id: 2, name: '初中' });
    expect(understood.edition).toEqual({ name: '部编版', word: '统编版' });
    expect(concepts.find((c) => c.text === '初一')?.alternatives).toContain('七年级');
    expect(understand('高三').understood).toMatchObject({
      grade: { name: '高三', word: '高三' },
      stage: { name: '高中' },
    });
    expect(understand('高中 高三').understood.stage).toEqual({ id: 3, name: '高中', word: '高中' });
  });

  it('maps the subject names teachers write to the dictionary, per stage', () => {
    expect(understand('初中生物细胞').understood.subject).toEqual({ id: 22, name: '生物学', word: '生物' });
    expect(understand('初中体育').understood.subject).toEqual({ id: 24, name: '体育与健康', word: '体育' });
    expect(understand('初中政治').understood.subject).toEqual({ id: 23, name: '道德与法治', word: '政治' });
    expect(understand('高中政治').understood.subject).toEqual({ id: 30, name: '思想政治', word: '政治' });
    expect(understand('初中信息技术').understood.subject).toEqual({ id: 25, name: '信息科技', word: '信息技术' });
    expect(understand('高中信息科技').understood.subject).toEqual({ id: 31, name: '信息技术', word: '信息科技' });
    // Without a stage the subject is named but has no single dictionary id.
    expect(understand('物理浮力').understood.subject).toEqual({ id: null, name: '物理', word: '物理' });
    expect(understand('生物').concepts[0]!.alternatives).toEqual(['生物', '生物学']);
  });

  it('knows the kind words: videos and micro-lessons, document kinds, achievements', () => {
    expect(understand('浮力视频').understood.type).toEqual({ value: 'MICRO_COURSE', word: '视频' });
    expect(understand('浮力微课').understood.type?.value).toBe('MICRO_COURSE');
    for (const word of ['课件', '教案', '学案', '试卷', '教学设计'])
      expect(understand(`浮力${word}`).understood.type?.value, word).toBe('DOCUMENT');
    for (const word of ['论文', '课题', '成果'])
      expect(understand(`作文${word}`).understood.type?.value, word).toBe('ACHIEVEMENT');
  });

  it('splits a word jieba kept whole only into known words, never leaving a stray character', () => {
    expect(conceptsOf('化学教案')).toEqual([
      ['化学', 'subject'],
      ['教案', 'type'],
    ]);
    expect(conceptsOf('化学式')).toEqual([['化学式', 'topic']]);
    expect(conceptsOf('初中数学')).toEqual([
      ['初中', 'stage'],
      ['数学', 'subject'],
    ]);
  });

  it('drops stop words as whole words only, and keeps a query made of stop words alone', () => {
    expect(conceptsOf('圆的面积')).toEqual([
      ['圆', 'topic'],
      ['面积', 'topic'],
    ]);
    expect(conceptsOf('目的地')).toEqual([['目的地', 'topic']]);
    expect(conceptsOf('的')).toEqual([['的', 'topic']]);
  });

  it('reads synonym sets, also across words jieba splits (酸和碱 → 酸碱)', () => {
    expect(understand('作文指导').concepts[0]!.alternatives).toEqual(['作文', '写作', '习作']);
    expect(understand('酸和碱的性质').concepts.map((c) => c.alternatives)).toEqual([['酸和碱', '酸碱'], ['性质']]);
    // A synonym of a kind word means that kind too.
    const ppt = understand('勾股定理ppt');
    expect(ppt.understood.type).toEqual({ value: 'DOCUMENT', word: 'ppt' });
    expect(ppt.concepts[1]!.alternatives).toEqual(['ppt', '课件', '幻灯片']);
    expect(understand('勾股定理课件').concepts[1]!.alternatives).toEqual(['课件', 'ppt', '幻灯片']);
  });

  it('understands nothing in a plain topic and full-width letters are folded', () => {
    expect(understand('荷塘月色').understood).toEqual({});
    expect(understand('ＰＰＴ').concepts[0]!.text).toBe('ppt');
  });
});

describe('search vector and query forms', () => {
  it('indexes words, character pairs and word starts per field, and structured names at the lowest weight', () => {
    const doc = searchDocument({
      title: '勾股定理',
      tags: ['几何'],
      description: '直角三角形',
      structured: ['初中', '生物学'],
    });
    expect(doc).toContain("'勾股定理':1A");
    expect(doc).toContain("'^勾股':1A");
    expect(doc).toContain("'~股定':1A");
    expect(doc).toContain("'几何':2B");
    expect(doc).toContain("'~角三':3C");
    expect(doc).toContain("'初中':4D");
    expect(doc).toContain("'生物学':4D");
    // Descriptions give pairs, not single characters.
    expect(doc).not.toContain("'~角':3C");
  });

  it('looks for a query word whole, from a word start, or anywhere inside a word', () => {
    expect(termForms('勾股定')).toEqual({
      words: ['勾', '股定'],
      grams: ['~勾股', '~股定'],
      starts: ['^勾股', '~股定'],
    });
    expect(termForms('圆')).toMatchObject({ words: ['圆'], grams: ['~圆'], starts: ['^圆'] });
    expect(termForms('Python')).toMatchObject({ words: ['python'], grams: ['python'] });
  });
});

describe('ranking formula', () => {
  const concepts = understand('初中物理浮力').concepts; // 初中 (stage) 物理 (subject) 浮力 (topic)
  const row = (
    id: number,
    hits: number[],
    extra: Partial<{ stage_id: number; subject_id: number; view_count: number }> = {},
  ) => ({
    id,
    type: 'DOCUMENT' as const,
    stage_id: extra.stage_id ?? null,
    subject_id: extra.subject_id ?? null,
    view_count: extra.view_count ?? 0,
    ...Object.fromEntries(hits.map((h, i) => [`h${i}`, h])),
  });

  it('puts every word first, then the most weight of words; the topic outweighs stage and subject', () => {
    const ranked = rankCandidates(
      [
        row(1, [0.3, 0.3, 0], { view_count: 100_000 }), // junior physics, no 浮力
        row(2, [0, 0, 1]), // 浮力 in the title, another stage
        row(3, [0.3, 1, 0.4]), // everything
      ],
      concepts,
      understand('初中物理浮力').understood,
      new Set([21]),
    );
    expect(ranked.map((r) => r.row.id)).toEqual([3, 2, 1]);
  });

  it('prefers title over tags over description, whole words over word starts over pieces, then popularity', () => {
    const topic = understand('浮力').concepts;
    const ranked = rankCandidates(
      [row(1, [0.4]), row(2, [0.7]), row(3, [1]), row(4, [0.8]), row(5, [0.5]), row(6, [1], { view_count: 5000 })],
      topic,
      {},
      new Set(),
    );
    expect(ranked.map((r) => r.row.id)).toEqual([6, 3, 4, 2, 5, 1]);
  });

  it('boosts the understood stage and subject', () => {
    const ranked = rankCandidates(
      [row(1, [0.3, 0.3, 1], { stage_id: 9, subject_id: 99 }), row(2, [0.3, 0.3, 1], { stage_id: 2, subject_id: 21 })],
      concepts,
      understand('初中物理浮力').understood,
      new Set([21]),
    );
    expect(ranked.map((r) => r.row.id)).toEqual([2, 1]);
    expect(CANDIDATES).toBeGreaterThanOrEqual(100);
  });
});

describe('suggestions', () => {
  it('drops a word nothing matched, offers synonyms and hot words that share a pair of characters', () => {
    const { concepts } = understand('勾股定理作文');
    const suggestions = suggestionsFor('勾股定理作文', concepts, [concepts[1]!], ['勾股定理', '二次函数', '定理证明']);
    expect(suggestions).toEqual(['勾股定理', '勾股定理写作', '勾股定理习作', '定理证明']);
    expect(suggestionsFor('浮力', understand('浮力').concepts, [], ['浮力'])).toEqual([]);
  });
});

describe('teaching words', () => {
  it('are one word to look up, and their parts stay indexed', () => {
    for (const word of TEACHING_WORDS) expect(termForms(word).words).toEqual([word]);
    // A query for 教学设计 reads one posting list, not those of 教学 and 设计 (in most resources).
    expect(searchWords('七年级数学教学设计')).toEqual(expect.arrayContaining(['教学设计', '教学', '设计']));
    // Words that are not names of kinds of material keep their parts apart: 期末复习 finds 期末总复习.
    expect(termForms('期末复习').words).toEqual(['期末', '复习']);
  });
});

describe('candidate tiers', () => {
  const words = (q: string, shares: Map<string, number>) => {
    const { concepts } = understand(q);
    return tiersOf(concepts, shares).tiers.map((set) => set.map((i) => concepts[i]!.text).join(' '));
  };

  it('drop the commonest of equally weighty words first, the query order without statistics', () => {
    const shares = new Map([
      ['同步', 0.08],
      ['练习', 0.29],
    ]);
    expect(words('电磁感应 同步 练习', shares)).toEqual([
      '电磁感应 同步 练习',
      '电磁感应 同步',
      '电磁感应 练习',
      '同步 练习',
    ]);
    expect(words('电磁感应 同步 练习', new Map())).toEqual([
      '电磁感应 同步 练习',
      '同步 练习',
      '电磁感应 练习',
      '电磁感应 同步',
    ]);
    // Weight still comes first: a stage word goes before any topic word.
    expect(words('初中 浮力 练习', new Map([['练习', 0.29]]))[0]).toBe('初中 浮力 练习');
    expect(words('初中 浮力 练习', new Map([['练习', 0.29]]))).toEqual(['初中 浮力 练习', '浮力 练习', '浮力', '练习']);
  });
});
