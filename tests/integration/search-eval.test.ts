/**
 * The judged search evaluation (issue 19, "Search that understands teachers"): the resources of
 * tests/search-eval/resources.json are published through the api exactly as a teacher would publish them (and
 * approved), then every query of tests/search-eval/queries.json is sent to the real search endpoint. The first
 * page of results is scored against the hand-made judgments (see tests/search-eval/README.md) with nDCG@10,
 * recall@10 and MRR, next to a naive baseline computed in-process on the same data. A table goes to the log; the
 * per-query results go to tests/artifacts/search-eval.json. The test fails when a mean falls below FLOOR.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { makeFile } from '../support/library.ts';

/**
 * The engine's mean scores over all queries may not fall below these. They sit just below what the tuned engine
 * scores (nDCG@10 0.954, recall@10 0.919, MRR 1.000), so a later change cannot quietly give the gains back. Before
 * tuning (commit 8a68bd4, an untouched checkout) the engine scored 0.539, 0.467 and 0.659; the naive baseline
 * below scores 0.812, 0.838 and 0.902. Raise them as the engine improves.
 */
const FLOOR = { ndcg: 0.93, recall: 0.9, mrr: 0.98 };

/** Results scored per query: the first page as the site shows it. */
const K = 10;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SET_DIR = path.resolve(HERE, '../search-eval');
const ARTIFACT = path.resolve(HERE, '../artifacts/search-eval.json');

type ResourceType = 'MICRO_COURSE' | 'DOCUMENT' | 'ACHIEVEMENT';
interface EvalResource {
  key: string;
  type: ResourceType;
  trainType?: string;
  stage: string;
  subject: string;
  title: string;
  tags: string[];
  description: string;
  views: number;
}
type QueryClass = 1 | 2 | 3 | 4 | 5 | 6 | 'works';
interface EvalQuery {
  query: string;
  class: QueryClass;
  note: string;
  judgments: Record<string, number>;
}

const readSet = <T>(name: string) => JSON.parse(readFileSync(path.join(SET_DIR, name), 'utf8')) as T;
const resources = readSet<EvalResource[]>('resources.json');
const queries = readSet<EvalQuery[]>('queries.json');
const CLASSES: QueryClass[] = [1, 2, 3, 4, 5, 6, 'works'];
const CLASS_NAMES: Record<string, string> = {
  1: '1 all words must match',
  2: '2 stage/subject/type/grade',
  3: '3 compound only in description',
  4: '4 flat fallback ranking',
  5: '5 stop characters',
  6: '6 synonyms/variants',
  works: 'works today',
};

// ---------------------------------------------------------------------------------------------------------------
// Metrics

interface Score {
  ndcg: number;
  recall: number;
  /** Reciprocal rank of the first result graded ≥ 1 within the first K (0 when there is none). */
  rr: number;
}

/** Graded gain 2^g − 1, discounted by log2(rank + 1), over the first K. */
const dcg = (grades: number[]) => grades.slice(0, K).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** nDCG@K (ideal from all judged resources), recall@K (grade ≥ 1, denominator capped at K) and reciprocal rank. */
const scoreOf = (ranked: string[], judgments: Record<string, number>): Score => {
  const grades = ranked.slice(0, K).map((key) => judgments[key] ?? 0);
  const judged = Object.values(judgments);
  const ideal = dcg([...judged].sort((a, b) => b - a));
  const relevant = judged.filter((g) => g >= 1).length;
  const first = grades.findIndex((g) => g >= 1);
  return {
    ndcg: ideal > 0 ? dcg(grades) / ideal : 0,
    recall: relevant > 0 ? grades.filter((g) => g >= 1).length / Math.min(relevant, K) : 0,
    rr: first < 0 ? 0 : 1 / (first + 1),
  };
};

interface Ranked extends Score {
  top: { key: string; grade: number }[];
}
/** One query's outcome, as written to the artifact. */
interface EvalRow {
  query: string;
  class: QueryClass;
  note: string;
  engine: Ranked & { total: number };
  baseline: Ranked & { words: string[] };
}

const mean = (scores: Score[]): Score => {
  const n = scores.length || 1;
  const sum = (pick: (s: Score) => number) => scores.reduce((total, s) => total + pick(s), 0) / n;
  return { ndcg: sum((s) => s.ndcg), recall: sum((s) => s.recall), rr: sum((s) => s.rr) };
};

// ---------------------------------------------------------------------------------------------------------------
// The naive baseline: how many of the query's words occur anywhere in title + tags + description, ties by views.

interface JiebaModule {
  Jieba: { withDict(dict: Uint8Array): { cutForSearch(text: string, hmm?: boolean): string[] } };
}
// jieba is a dependency of the api, not of the tests: load it the way the api resolves it.
const fromApi = createRequire(path.resolve(HERE, '../../apps/api/package.json'));
let jieba: ReturnType<JiebaModule['Jieba']['withDict']> | undefined;
const cutForSearch = (text: string) => {
  if (!jieba) {
    const { Jieba } = fromApi('@node-rs/jieba') as JiebaModule;
    const { dict } = fromApi('@node-rs/jieba/dict.js') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba.cutForSearch(text, true);
};

/** The query split on spaces; an unspaced Chinese query cut by jieba's search mode. Punctuation-only pieces dropped. */
const baselineWords = (query: string) => {
  const parts = query.toLowerCase().split(/\s+/).filter(Boolean);
  const words = parts.length === 1 && /\p{Script=Han}/u.test(parts[0]!) ? cutForSearch(parts[0]!) : parts;
  return [...new Set(words.map((w) => w.trim()).filter((w) => /[\p{L}\p{N}]/u.test(w)))];
};

const baselineSearch = (query: string) => {
  const words = baselineWords(query);
  return resources
    .map((r) => {
      const text = `${r.title} ${r.tags.join(' ')} ${r.description}`.toLowerCase();
      return { r, hits: words.filter((w) => text.includes(w)).length };
    })
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || b.r.views - a.r.views || a.r.key.localeCompare(b.r.key))
    .slice(0, K)
    .map((x) => x.r.key);
};

// ---------------------------------------------------------------------------------------------------------------
// Seeding: every resource published through the api by a teacher and approved, as a real one would be.

let t: TestApp;
const keyOfId = new Map<number, string>();

/** Runs fn over items with at most `width` in flight. */
const inParallel = async <T>(items: readonly T[], width: number, fn: (item: T, index: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
};

const fileNameOf = (r: EvalResource) =>
  r.type === 'MICRO_COURSE'
    ? 'video.mp4'
    : /课件|PPT/i.test(`${r.title}${r.tags.join('')}`)
      ? 'file.pptx'
      : 'file.docx';

beforeAll(async () => {
  const started = Date.now();
  t = await startTestApp({ env: { RATE_LIMITS: 'false' } });
  const authors = await Promise.all(
    ['lijg', 'zhangxm'].map(async (userName) => ({ userName, ...(await loginAs(t, userName)) })),
  );
  const dicts = await t.prisma.dict.findMany({ where: { level: { in: [1, 2] } } });
  const stageId = new Map(dicts.filter((d) => d.level === 1).map((d) => [d.dictName, d.id]));
  const subjectId = new Map(dicts.filter((d) => d.level === 2).map((d) => [`${d.parentId}/${d.dictName}`, d.id]));
  const review = createReviewAdmin(t.prisma);
  const ids = new Array<number>(resources.length);
  await inParallel(resources, 8, async (r, i) => {
    const author = authors[i % authors.length]!;
    const stage = stageId.get(r.stage);
    const subject = subjectId.get(`${stage}/${r.subject}`);
    if (!stage || !subject) throw new Error(`${r.key}: ${r.stage}/${r.subject} is not in the dictionary`);
    const common = { title: r.title, description: r.description, tags: r.tags, stageId: stage, subjectId: subject };
    const file = await makeFile(t, author.userName, r.type === 'MICRO_COURSE' ? 'video' : 'document', fileNameOf(r));
    const res =
      r.type === 'MICRO_COURSE'
        ? await author.call(routes.publishMinuteCourse, { body: { ...common, fileId: file.id } })
        : await author.call(routes.publishDocument, {
            body: { ...common, type: r.type, trainType: r.trainType ?? null, fileIds: [file.id] },
          });
    if (res.code !== 0) throw new Error(`${r.key}: publish failed: ${res.msg}`);
    await review.approve(res.data.id);
    ids[i] = res.data.id;
    keyOfId.set(res.data.id, r.key);
  });
  // Popularity as the data set gives it (all different, so no ranking tie falls back to the id, which depends on
  // the order the parallel publishing happened to take).
  const views = resources.map((r) => r.views);
  await t.prisma.$executeRaw`
    UPDATE resources r SET view_count = v.views
    FROM unnest(${ids}::int[], ${views}::int[]) AS v(id, views) WHERE r.id = v.id`;
  console.log(`search eval: ${resources.length} resources published in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------------

describe('the judged evaluation set', () => {
  it('is as large as the issue asks, with every judgment naming a resource and every query a grade-2 answer', () => {
    expect(resources.length).toBeGreaterThanOrEqual(200);
    expect(queries.length).toBeGreaterThanOrEqual(60);
    const keys = new Set(resources.map((r) => r.key));
    expect(keys.size).toBe(resources.length);
    expect(new Set(queries.map((q) => q.query)).size).toBe(queries.length);
    for (const q of queries) {
      expect(CLASSES, q.query).toContain(q.class);
      expect(Object.values(q.judgments), q.query).toContain(2);
      for (const [key, grade] of Object.entries(q.judgments)) {
        expect(keys.has(key), `${q.query}: ${key}`).toBe(true);
        expect([1, 2], `${q.query}: ${key}`).toContain(grade);
      }
    }
    for (const c of CLASSES)
      expect(
        queries.some((q) => q.class === c),
        String(c),
      ).toBe(true);
  });

  it('is all published and searchable', async () => {
    expect(keyOfId.size).toBe(resources.length);
    const published = await t.prisma.resource.count({
      where: { id: { in: [...keyOfId.keys()] }, status: 'PUBLISHED', deletedAt: null },
    });
    expect(published).toBe(resources.length);
  });
});

describe('search quality against the judged set', () => {
  it(`scores nDCG@${K}, recall@${K} and MRR at or above the floors, next to a naive baseline`, async () => {
    const client = t.client();
    const rows: EvalRow[] = [];
    for (const q of queries) {
      const res = await client.call(routes.search, { body: { content: q.query, current: 1, size: K } });
      expect(res.code, q.query).toBe(0);
      const engine = res.data.objList.map((hit) => keyOfId.get(hit.id) ?? `#${hit.id}`);
      const baseline = baselineSearch(q.query);
      const top = (ranked: string[]) => ranked.map((key) => ({ key, grade: q.judgments[key] ?? 0 }));
      rows.push({
        query: q.query,
        class: q.class,
        note: q.note,
        engine: { ...scoreOf(engine, q.judgments), total: res.data.pageBean.totalCount, top: top(engine) },
        baseline: { ...scoreOf(baseline, q.judgments), words: baselineWords(q.query), top: top(baseline) },
      });
    }

    const groups = [
      { name: 'all', rows },
      ...CLASSES.map((c) => ({ name: CLASS_NAMES[String(c)]!, rows: rows.filter((r) => r.class === c) })),
    ];
    const summary = groups.map((g) => ({
      name: g.name,
      queries: g.rows.length,
      engine: mean(g.rows.map((r) => r.engine)),
      baseline: mean(g.rows.map((r) => r.baseline)),
      engineEmpty: g.rows.filter((r) => r.engine.total === 0).length,
    }));
    const f = (n: number) => n.toFixed(3);
    const lines = [
      `search eval: ${rows.length} queries over ${resources.length} resources, first ${K} results` +
        ` (floors nDCG ${f(FLOOR.ndcg)}, recall ${f(FLOOR.recall)}, MRR ${f(FLOOR.mrr)})`,
      `${'class'.padEnd(32)}${'n'.padStart(3)} | engine  nDCG recall   MRR empty | baseline nDCG recall   MRR`,
      ...summary.map(
        (s) =>
          `${s.name.padEnd(32)}${String(s.queries).padStart(3)} |       ${f(s.engine.ndcg)}  ${f(s.engine.recall)} ` +
          `${f(s.engine.rr)} ${String(s.engineEmpty).padStart(5)} |         ${f(s.baseline.ndcg)}  ${f(s.baseline.recall)} ` +
          `${f(s.baseline.rr)}`,
      ),
      `engine found nothing for: ${
        rows
          .filter((r) => r.engine.total === 0)
          .map((r) => r.query)
          .join('、') || '(none)'
      }`,
    ];
    console.log(lines.join('\n'));
    mkdirSync(path.dirname(ARTIFACT), { recursive: true });
    writeFileSync(ARTIFACT, `${JSON.stringify({ k: K, floors: FLOOR, summary, queries: rows }, null, 2)}\n`);

    const overall = summary[0]!.engine;
    expect(overall.ndcg, `mean nDCG@${K}`).toBeGreaterThanOrEqual(FLOOR.ndcg);
    expect(overall.recall, `mean recall@${K}`).toBeGreaterThanOrEqual(FLOOR.recall);
    expect(overall.rr, 'MRR').toBeGreaterThanOrEqual(FLOOR.mrr);
  });
});
