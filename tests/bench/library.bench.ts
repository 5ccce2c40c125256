import { routes } from '@zyk/shared';
import pg from 'pg';
import { EDITIONS, GRADES, generateResources, KINDS, TOPICS } from '../../apps/api/src/db/generate-resources.ts';
import { Prisma } from '../../apps/api/src/generated/prisma/client.ts';
import { hotRows } from '../../apps/api/src/lib/hot-sql.ts';
import { dictTree } from '../../apps/api/src/modules/dict/service.ts';
import { pageCards } from '../../apps/api/src/modules/library/cards.ts';
import { listQueries } from '../../apps/api/src/modules/library/lists.ts';
import {
  type CandidateRow,
  rankCandidates,
  type SearchInput,
  searchPlan,
} from '../../apps/api/src/modules/library/search.ts';
import { synonymSets } from '../../apps/api/src/modules/library/synonyms.ts';
import {
  cpuMeter,
  createJsonPoster,
  percentile,
  processTreeCpuMs,
  report,
  round,
  runConcurrent,
  startBenchApp,
  startServerProcess,
} from './support.ts';

/**
 * Library benchmark on 100k generated resources: the home list (stage + subject filter, default sort) and search
 * (200 different Chinese queries), each at 32 concurrent connections, over HTTP through the api (its own process),
 * against the same SQL sent straight through a pg pool of the api's size at the same concurrency (the limit).
 *
 * The limit always runs the full SQL of an answer (page and total). First pages are what visitors open, and the
 * api keeps them a few seconds (modules/library/page-cache.ts), so `list` and `search` mostly measure answers
 * from memory. `listPaged` (pages 2–6 at one snapshot) reads its rows from the database on every request and
 * the total once per snapshot; `searchPaged` (page 2) reads rows and total every time: these show the api's cost
 * on the database path.
 *
 * `searchUncached` sends first pages of distinct queries, none asked twice (1–5 words: topic, grade, subject,
 * edition, kind, as teachers type them), so every answer is computed: the search engine's own cost. Its
 * `postgresCpuMs` is the CPU of the PostgreSQL server's processes per request, measured on them alone.
 *
 * Every measurement (api and limit alike) is preceded by WARMUP requests of the same kind, which are not counted:
 * the figures are the steady state of a running server. A freshly started api spends 3–4 times more CPU per request
 * while V8 is still compiling its hot paths (about the first 2000 requests); `warmup` reports that phase's latency
 * too, so the cold start stays visible.
 *
 * Bounded: a request without an answer after REQUEST_TIMEOUT_MS is reported at once (STUCK, with its body) and
 * counted in `stuck`; requests in flight for over 10 s are listed every 10 s; the run fails if any got stuck.
 * BENCH_ONLY=search skips the list measurements.
 */
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const CONCURRENCY = 32;
const REQUESTS = 2000;
const WARMUP = 2000;
const POOL = 10; // the api's Prisma pool (plugins/prisma.ts)
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_MS ?? 30_000);
const ONLY_SEARCH = process.env.BENCH_ONLY === 'search';

const QUERIES = [
  ...['微课', '教学设计', '课件', '学案', '同步练习', '教案', '说课稿', '教学反思', '优秀论文', '教学案例'],
  ...['勾股定理', '一元二次方程', '二次函数', '有理数', '圆的面积', '三角形全等', '概率', '平行四边形', '数列'],
  ...['静夜思', '背影', '荷塘月色', '岳阳楼记', '桃花源记', '出师表', '孔乙己', '社戏', '观潮', '草船借箭'],
  ...['牛顿第一定律', '浮力', '欧姆定律', '光的折射', '电磁感应', '压强', '机械能守恒'],
  ...['氧气', '质量守恒', '酸和碱', '化学方程式', '光合作用', '细胞', '遗传', '生态系统'],
  ...['丝绸之路', '辛亥革命', '工业革命', '改革开放', '地球的运动', '气候', '等高线'],
  ...['Python', '编程', '算法', '网络安全', '篮球', '立定跳远', '剪纸', '山水画', '茉莉花', '五线谱'],
  ...['数学', '语文', '英语', '物理', '化学', '历史', '地理', '生物', '科学', '音乐', '美术'],
  ...['人教版', '北师大版', '苏教版', '部编版', '七年级', '八年级', '九年级', '高一', '高二', '三年级'],
  ...['勾', '圆', '诗', '光', '酸', '史', '画', '歌', '数', '文'],
  ...['勾股', '函数', '方程', '复习', '练习', '实验', '阅读', '写作', '古诗', '电路'],
];
const extra = (i: number) =>
  `${['初中', '高中', '小学'][i % 3]}${['数学', '语文', '物理', '英语', '化学'][i % 5]}${['复习', '课件', '微课', '练习'][i % 4]}`;
const queries = [...QUERIES, ...Array.from({ length: 200 }, (_, i) => extra(i))].slice(0, 200);

/**
 * The i-th of many distinct queries (no two alike for i below about 30,000): a topic with, in turn, a kind, a
 * grade, an edition and a subject word, sometimes spaced as typed into a search box, sometimes a topic alone.
 */
const distinctQuery = (i: number) => {
  const topics = Object.entries(TOPICS).flatMap(([subject, list]) => list.map((topic) => ({ subject, topic })));
  const kinds = ['', ...Object.values(KINDS).flat()];
  const grades = ['', ...Object.values(GRADES).flat()];
  const editions = ['', ...EDITIONS];
  const { subject, topic } = topics[i % topics.length]!;
  let rest = Math.floor(i / topics.length);
  const kind = kinds[rest % kinds.length]!;
  rest = Math.floor(rest / kinds.length);
  const grade = grades[(rest * 7) % grades.length]!;
  const edition = editions[rest % editions.length]!;
  const withSubject = rest % 2 === 1 ? subject.replace('生物学', '生物').replace('体育与健康', '体育') : '';
  const parts = [edition, grade, withSubject, topic, kind].filter(Boolean);
  return parts.join(i % 3 === 0 ? ' ' : '');
};

const bench = await startBenchApp();
try {
  const t0 = performance.now();
  await generateResources(bench.app.prisma, {
    count: RESOURCES,
    onProgress: (done) => process.stderr.write(`\rgenerated ${done}/${RESOURCES}`),
  });
  process.stderr.write(`\n`);
  const generateSeconds = (performance.now() - t0) / 1000;
  // Settle the database before measuring: the generator's writes would otherwise be flushed and vacuumed in the
  // background during the first measurement (the api's list) and not during the later ones.
  await bench.app.prisma.$executeRawUnsafe('VACUUM ANALYZE');
  await bench.app.prisma.$executeRawUnsafe('CHECKPOINT');

  const subjects = await bench.app.prisma.dict.findMany({ where: { level: 2 } });
  const listBody = (i: number) => {
    const s = subjects[i % subjects.length]!;
    return {
      academicStageId: s.parentId,
      subjectId: s.id,
      type: null,
      current: 1,
      size: 20,
      sort: '2' as const,
      sortWay: 'DESC' as const,
    };
  };
  const searchBody = (i: number) => ({ content: queries[i % queries.length]!, current: 1, size: 10, type: null });

  const [dictionary, synonyms] = await Promise.all([dictTree(bench.app.prisma), synonymSets(bench.app.prisma)]);
  const server = await startServerProcess(bench.databaseUrl, { DATA_DIR: bench.dataDir });
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: POOL });
  const direct = async (q: {
    select: { text: string; values: unknown[] };
    count: { text: string; values: unknown[] };
  }) => {
    await Promise.all([pool.query(q.select.text, q.select.values), pool.query(q.count.text, q.count.values)]);
  };
  /** The SQL of a search answer straight through pg: the candidates, then the cards of the page. */
  const directSearch = async (input: SearchInput) => {
    const plan = searchPlan(input, dictionary, synonyms);
    if (!plan.candidates) return direct(plan.popular!);
    let rows = await hotRows<CandidateRow>(pool, plan.candidates, { prepare: true });
    if (rows.length === 0 && plan.fallback) rows = await hotRows<CandidateRow>(pool, plan.fallback, { prepare: true });
    const ranked = rankCandidates(rows, plan.concepts, plan.understood, new Set());
    const ids = ranked.slice((input.current - 1) * input.size, input.current * input.size).map((r) => r.row.id);
    const cards = pageCards(
      Prisma.sql`SELECT p.id, p.ord FROM unnest(${ids}::int[]) WITH ORDINALITY AS p(id, ord)`,
      Prisma.sql`page.ord`,
    );
    await pool.query(cards.text, cards.values);
  };
  const client = createJsonPoster(server.url);
  const api = async (path: string, body: unknown) => {
    const json = (await client.post(path, body, REQUEST_TIMEOUT_MS)) as { code: number };
    if (json.code !== 0) throw new Error(`${path} answered ${JSON.stringify(json)}`);
  };
  // Later pages carry the snapshot of their first page; one per filter, taken once like a browsing visitor.
  const snapshot = new Date();
  const pagedBody = (i: number) => ({ ...listBody(i), current: 2 + (Math.floor(i / subjects.length) % 5) });

  if (process.env.BENCH_EXPLAIN) {
    const explain = async (part: { text: string; values: unknown[] }) => {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${part.text}`, part.values);
      console.error(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
    };
    const list = listQueries(listBody(3), new Date());
    for (const part of [list.select, list.count]) await explain(part);
    for (const content of ['数学', '人教版七年级数学勾股定理课件', '初中物理浮力微课', '光合作用', '勾股定']) {
      console.error(`-- ${content}`);
      await explain(searchPlan({ content, current: 1, size: 10 }, dictionary, synonyms).candidates!);
    }
  }

  const stuck: string[] = [];
  const measure = async (task: (i: number) => Promise<void>) => {
    const warmup = await runConcurrent(WARMUP, CONCURRENCY, task); // JIT, caches and connections
    const cpu = cpuMeter(server.pid);
    const postgresAtStart = processTreeCpuMs(bench.postgresPid);
    const run = await runConcurrent(REQUESTS, CONCURRENCY, (i) => task(WARMUP + i));
    const { latencies, wallMs } = run;
    stuck.push(...warmup.stuck, ...run.stuck);
    return {
      cpuPerRequest: {
        ...cpu(REQUESTS),
        postgresMs: round((processTreeCpuMs(bench.postgresPid) - postgresAtStart) / REQUESTS, 3),
      },
      stuck: warmup.stuck.length + run.stuck.length,
      reqPerSec: round(REQUESTS / (wallMs / 1000), 1),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      warmup: { p95Ms: round(percentile(warmup.latencies, 95)), p99Ms: round(percentile(warmup.latencies, 99)) },
    };
  };

  const skipped = null;
  const listApi = ONLY_SEARCH ? skipped : await measure((i) => api(routes.resourceHomepageList.path, listBody(i)));
  const listLimit = ONLY_SEARCH ? skipped : await measure((i) => direct(listQueries(listBody(i), new Date())));
  // Uncached first: distinct queries (the warmup's differ from the measured ones), never repeated.
  const uncachedBody = (i: number) => ({ content: distinctQuery(i), current: 1, size: 10, type: null });
  const searchUncachedApi = await measure((i) => api(routes.search.path, uncachedBody(i)));
  const searchUncachedLimit = await measure((i) => directSearch(uncachedBody(2 * (WARMUP + REQUESTS) + i)));
  const searchApi = await measure((i) => api(routes.search.path, searchBody(i)));
  const searchLimit = await measure((i) => directSearch(searchBody(i)));
  const listPagedApi = ONLY_SEARCH
    ? skipped
    : await measure((i) =>
        api(routes.resourceHomepageList.path, { ...pagedBody(i), snapshot: snapshot.toISOString() }),
      );
  const listPagedLimit = ONLY_SEARCH ? skipped : await measure((i) => direct(listQueries(pagedBody(i), snapshot)));
  const searchPagedApi = await measure((i) => api(routes.search.path, { ...searchBody(i), current: 2 }));
  const searchPagedLimit = await measure((i) => directSearch({ ...searchBody(i), current: 2 }));
  const ratio = (a: { reqPerSec: number } | null, b: { reqPerSec: number } | null) =>
    a && b ? round(a.reqPerSec / b.reqPerSec) : null;
  client.close();
  await pool.end();
  await server.stop();

  report('library', {
    resources: RESOURCES,
    generateSeconds: round(generateSeconds, 1),
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    warmupRequests: WARMUP,
    list: { api: listApi, limit: listLimit, ratio: ratio(listApi, listLimit) },
    searchUncached: {
      example: [0, 1, 2, 3, 4].map((i) => distinctQuery(WARMUP + i * 397)),
      api: searchUncachedApi,
      limit: searchUncachedLimit,
      ratio: ratio(searchUncachedApi, searchUncachedLimit),
    },
    search: { queries: queries.length, api: searchApi, limit: searchLimit, ratio: ratio(searchApi, searchLimit) },
    listPaged: { api: listPagedApi, limit: listPagedLimit, ratio: ratio(listPagedApi, listPagedLimit) },
    searchPaged: { api: searchPagedApi, limit: searchPagedLimit, ratio: ratio(searchPagedApi, searchPagedLimit) },
    stuck,
    targets: {
      listRatio: '>= 0.5',
      listP99Ms: '<= 25',
      searchP95Ms: '<= 30',
      searchUncachedP95Ms: RESOURCES >= 1_000_000 ? '<= 60' : '<= 30',
      searchUncachedPostgresMs: '<= 1 (100k)',
    },
  });
  if (stuck.length) {
    console.error(
      `[bench] ${stuck.length} requests got no answer within ${REQUEST_TIMEOUT_MS} ms:\n${stuck.join('\n')}`,
    );
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
