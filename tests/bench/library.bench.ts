import { routes } from '@zyk/shared';
import pg from 'pg';
import { generateResources } from '../../apps/api/src/db/generate-resources.ts';
import { listQueries } from '../../apps/api/src/modules/library/lists.ts';
import { searchQueries } from '../../apps/api/src/modules/library/search.ts';
import {
  cpuMeter,
  createJsonPoster,
  percentile,
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
 * Every measurement (api and limit alike) is preceded by WARMUP requests of the same kind, which are not counted:
 * the figures are the steady state of a running server. A freshly started api spends 3–4 times more CPU per request
 * while V8 is still compiling its hot paths (about the first 2000 requests); `warmup` reports that phase's latency
 * too, so the cold start stays visible.
 */
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const CONCURRENCY = 32;
const REQUESTS = 2000;
const WARMUP = 2000;
const POOL = 10; // the api's Prisma pool (plugins/prisma.ts)

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

  const server = await startServerProcess(bench.databaseUrl, { DATA_DIR: bench.dataDir });
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: POOL });
  const direct = async (q: {
    select: { text: string; values: unknown[] };
    count: { text: string; values: unknown[] };
  }) => {
    await Promise.all([pool.query(q.select.text, q.select.values), pool.query(q.count.text, q.count.values)]);
  };
  const client = createJsonPoster(server.url);
  const api = async (path: string, body: unknown) => {
    const json = (await client.post(path, body)) as { code: number };
    if (json.code !== 0) throw new Error(`${path} answered ${JSON.stringify(json)}`);
  };
  // Later pages carry the snapshot of their first page; one per filter, taken once like a browsing visitor.
  const snapshot = new Date();
  const pagedBody = (i: number) => ({ ...listBody(i), current: 2 + (Math.floor(i / subjects.length) % 5) });

  if (process.env.BENCH_EXPLAIN) {
    for (const q of [
      listQueries(listBody(3), new Date()),
      searchQueries(searchBody(0)),
      searchQueries(searchBody(95)),
    ]) {
      for (const part of [q.select, q.count]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${part.text}`, part.values);
        console.error(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
      }
    }
  }

  const measure = async (task: (i: number) => Promise<void>) => {
    const warmup = await runConcurrent(WARMUP, CONCURRENCY, task); // JIT, caches and connections
    const cpu = cpuMeter(server.pid);
    const { latencies, wallMs } = await runConcurrent(REQUESTS, CONCURRENCY, task);
    return {
      cpuPerRequest: cpu(REQUESTS),
      reqPerSec: round(REQUESTS / (wallMs / 1000), 1),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      warmup: { p95Ms: round(percentile(warmup.latencies, 95)), p99Ms: round(percentile(warmup.latencies, 99)) },
    };
  };

  const listApi = await measure((i) => api(routes.resourceHomepageList.path, listBody(i)));
  const listLimit = await measure((i) => direct(listQueries(listBody(i), new Date())));
  const searchApi = await measure((i) => api(routes.search.path, searchBody(i)));
  const searchLimit = await measure((i) => direct(searchQueries(searchBody(i))));
  const listPagedApi = await measure((i) =>
    api(routes.resourceHomepageList.path, { ...pagedBody(i), snapshot: snapshot.toISOString() }),
  );
  const listPagedLimit = await measure((i) => direct(listQueries(pagedBody(i), snapshot)));
  const searchPagedApi = await measure((i) => api(routes.search.path, { ...searchBody(i), current: 2 }));
  const searchPagedLimit = await measure((i) => direct(searchQueries({ ...searchBody(i), current: 2 })));
  client.close();
  await pool.end();
  await server.stop();

  report('library', {
    resources: RESOURCES,
    generateSeconds: round(generateSeconds, 1),
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    warmupRequests: WARMUP,
    list: { api: listApi, limit: listLimit, ratio: round(listApi.reqPerSec / listLimit.reqPerSec) },
    search: {
      queries: queries.length,
      api: searchApi,
      limit: searchLimit,
      ratio: round(searchApi.reqPerSec / searchLimit.reqPerSec),
    },
    listPaged: {
      api: listPagedApi,
      limit: listPagedLimit,
      ratio: round(listPagedApi.reqPerSec / listPagedLimit.reqPerSec),
    },
    searchPaged: {
      api: searchPagedApi,
      limit: searchPagedLimit,
      ratio: round(searchPagedApi.reqPerSec / searchPagedLimit.reqPerSec),
    },
    targets: { listRatio: '>= 0.5', listP99Ms: '<= 25', searchP95Ms: '<= 30' },
  });
} finally {
  await bench.close();
}
