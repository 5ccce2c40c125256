import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fdatasyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedIfEmpty } from '../../apps/api/src/demo/accounts.ts';
import { MIGRATIONS_DIR, ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { createStorage } from '../../apps/api/src/modules/storage/plugin.ts';
import { S3Storage } from '../../apps/api/src/modules/storage/s3.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { freePort } from '../support/net.ts';
import { startS3rver } from '../support/s3rver.ts';
import { loginOverHttp } from '../support/uploads.ts';
import { createBenchClient, processCpuMs, report, round } from './support.ts';

/**
 * Uploads: a 512 MiB file through the spec's chunk protocol (4 MiB chunks, one at a time, as the web client sends
 * them) against the limit, writing the same bytes straight to the same storage driver, for both drivers (S3 through
 * an s3rver process); and the same file through @tus/server with its file store, the peer. The api runs in its own
 * process so its peak memory growth and the CPU time it spends per chunk (all threads, and its main thread alone)
 * can be read from /proc. On a shared machine single runs vary by ±30% (the local limit measured 390–760 MiB/s within
 * an hour), so every measurement runs BENCH_RUNS times (3), interleaved, and the medians are compared.
 */
const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 512) * MiB;
// The issue measures 4 MiB chunks; the web client sends 1 MiB, which BENCH_CHUNK_MIB=1 shows.
const CHUNK = Number(process.env.BENCH_CHUNK_MIB ?? 4) * MiB;
const CHUNKS = Math.ceil(SIZE / CHUNK);
/** The S3 parts the protocol forms: staged chunks plus the live one, at least 5 MiB (8 MiB for 4 MiB chunks). */
const PART = CHUNK * Math.ceil((5 * MiB) / CHUNK);
const TSX_IMPORT = [
  ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
  '--import',
  'tsx',
];

const data = Buffer.allocUnsafe(SIZE);
randomFillSync(data);
Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1').copy(data, 4); // an MP4 by its first bytes
const expectedSha = createHash('sha256').update(data).digest('hex');
const slices = () =>
  Readable.from(
    (function* () {
      for (let i = 0; i < SIZE; i += CHUNK) yield data.subarray(i, i + CHUNK);
    })(),
  );

const BOUNDARY = '----zykbench7MA4YWxkTrZu0gW';
const PART_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const PART_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** node:http on keep-alive connections for every client here (api and tus alike): fetch would measure itself. */
const client = createBenchClient(4);
const json = (response: { body: Buffer }) => JSON.parse(response.body.toString('utf8'));

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const mibPerSec = (s: number) => round(SIZE / MiB / s, 1);

/** Starts a script in its own process and waits for its "listening <url>" line. */
const startProcess = async (args: string[], env: Record<string, string>) => {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /listening (\S+)/.exec(chunk.toString());
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

const status = (pid: number, field: string) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
};
/**
 * CPU seconds a process has used (user + system, every thread) and those of its main thread: less noisy than wall
 * time on a shared machine, and they show where the work is.
 */
const cpuSeconds = (pid: number) => ({ all: processCpuMs(pid) / 1000, main: processCpuMs(pid, pid) / 1000 });
/** Resets the peak RSS counter of a process (Linux), so VmHWM afterwards is the peak of what follows. */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // older kernels: VmHWM stays the process-lifetime peak (an overestimate)
  }
};

// ---- one database for every api process
const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-uploads-'));
chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres({
  dir: path.join(dir, 'pg'),
  port: await freePort(),
  database: 'bench',
  persistent: false,
});
await migrate(pg.url, MIGRATIONS_DIR);
const prisma = createPrisma(pg.url);
await seedIfEmpty(prisma);
const s3 = await startS3rver('bench');

/** The web client's loop over the chunk protocol; answers seconds and the api's peak RSS growth. */
const chunkUpload = async (env: Record<string, string>) => {
  const api = await startProcess([...TSX_IMPORT, 'tests/bench/upload-api.ts'], { ...env, DATABASE_URL: pg.url });
  try {
    const cookie = await loginOverHttp(api.url, prisma, 'zhangxm');
    await prisma.chunkedUpload.deleteMany({});
    // warm-up: one small upload so code paths are compiled before measuring
    const warm = Buffer.concat([data.subarray(0, 64), Buffer.alloc(MiB)]);
    await uploadAll(api.url, cookie, warm, 'warm.mp4');
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = status(api.pid, 'VmRSS');
    resetPeak(api.pid);
    const cpu0 = cpuSeconds(api.pid);
    const store0 = cpuSeconds(s3.pid).all;
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    const { fileId, lastAnswerSeconds } = await uploadAll(api.url, cookie, data, '整节课.mp4');
    const s = seconds(t0);
    const cpu1 = cpuSeconds(api.pid);
    const clientCpu = process.cpuUsage(client0);
    const storeCpu = cpuSeconds(s3.pid).all - store0;
    const peakGrowth = status(api.pid, 'VmHWM') - rssBefore;
    const file = await prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } });
    if (file.sha256 !== expectedSha) throw new Error('uploaded file differs from the source');
    const cpuMsPerChunk = {
      all: round(((cpu1.all - cpu0.all) * 1000) / CHUNKS, 1),
      mainThread: round(((cpu1.main - cpu0.main) * 1000) / CHUNKS, 1),
      client: round((clientCpu.user + clientCpu.system) / 1000 / CHUNKS, 1),
      s3rver: round((storeCpu * 1000) / CHUNKS, 1),
    };
    return { s, peakGrowth, cpuMsPerChunk, lastAnswerSeconds };
  } finally {
    await api.stop();
  }
};

const uploadAll = async (url: string, cookie: string, bytes: Buffer, name: string) => {
  const init = json(
    await client.request(`${url}/api/upload/video/init`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ filename: name, filesize: bytes.length }),
    }),
  );
  const info = init.data as { uri: string };
  let received = 0;
  for (;;) {
    const c0 = performance.now();
    const chunk = bytes.subarray(received, received + CHUNK);
    // The multipart body goes out as its three parts, uncopied, as a browser's native FormData streams a Blob part
    // (undici's FormData pushes a Blob through web streams, which would measure the client rather than the server).
    const answer = json(
      await client.request(`${url}${info.uri}`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-range': `bytes ${received}-${received + chunk.length - 1}/${bytes.length}`,
        },
        body: [PART_HEAD, chunk, PART_TAIL],
      }),
    );
    if (process.env.BENCH_TRACE) process.stdout.write(`${Math.round(performance.now() - c0)} `);
    // The last chunk's answer waits for completion: assembly, the content check and the whole file's SHA-256.
    if (answer.data.result === 1) return { fileId: answer.data.fileId as string, lastAnswerSeconds: seconds(c0) };
    if (answer.data.result !== 0) throw new Error(JSON.stringify(answer));
    received = answer.data.received;
  }
};

/** The limit: the same bytes written straight into the same storage driver, in this process. */
const rawPut = async (env: Record<string, string>) => {
  const config = loadConfig({ ...env, DATABASE_URL: pg.url });
  const storage = await createStorage(config);
  if (storage instanceof S3Storage) await storage.init();
  const store0 = cpuSeconds(s3.pid).all;
  const t0 = performance.now();
  await storage.put('f/be/raw-limit', slices(), { size: SIZE });
  const s = seconds(t0);
  const s3rverMsPerChunk = ((cpuSeconds(s3.pid).all - store0) * 1000) / CHUNKS;
  await storage.delete('f/be/raw-limit');
  return { s, s3rverMsPerChunk };
};

const tusUpload = async () => {
  const tusDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-tus-'));
  const tus = await startProcess([path.join(ROOT_DIR, 'tests/bench/tus-server.mjs'), tusDir], {});
  try {
    const upload = async (bytes: Buffer) => {
      const created = await client.request(`${tus.url}/files`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length) },
      });
      const location = new URL(String(created.headers.location), tus.url).toString();
      for (let offset = 0; offset < bytes.length; offset += CHUNK) {
        const res = await client.request(location, {
          method: 'PATCH',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes.subarray(offset, offset + CHUNK),
        });
        if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}`);
      }
    };
    await upload(data.subarray(0, MiB));
    const t0 = performance.now();
    await upload(data);
    return seconds(t0);
  } finally {
    await tus.stop();
    rmSync(tusDir, { recursive: true, force: true });
  }
};

/** Seconds one core takes to SHA-256 the file (node:crypto): the protocol must record it, and it cannot be split. */
const hashSeconds = () => {
  const t0 = performance.now();
  createHash('sha256').update(data).digest();
  return seconds(t0);
};

/**
 * Milliseconds one fdatasync takes after appending a chunk to a file on the disk the local driver uses (median
 * of 32): every chunk's answer waits for one, since `received` counts durable bytes only; tus's file store never
 * syncs.
 */
const fdatasyncMsPerChunk = () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-sync-')), 'data');
  const fd = openSync(file, 'w');
  try {
    const times: number[] = [];
    for (let i = 0; i < 32; i++) {
      writeSync(fd, data, 0, CHUNK, i * CHUNK);
      const t0 = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - t0);
    }
    return round(median(times), 2);
  } finally {
    closeSync(fd);
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
};

/**
 * s3rver's CPU per request of each kind the S3 assembly uses (a chunk staged as an object, read back, and joined with
 * the next into a part; the staged object deleted), and the api's side of the same requests.
 */
const s3Operations = async () => {
  const storage = await createStorage(loadConfig({ ...s3.env, DATABASE_URL: pg.url, DATA_DIR: dir }));
  if (!(storage instanceof S3Storage)) throw new Error('expected the S3 driver');
  await storage.init();
  const chunk = data.subarray(0, CHUNK);
  const part = data.subarray(0, PART);
  const N = 16;
  const measure = async (op: (i: number) => Promise<unknown>) => {
    await op(N); // warm-up: the client's code path compiled, and an object at index N to read or delete
    const store0 = cpuSeconds(s3.pid).all;
    const api0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await op(i);
    const api = process.cpuUsage(api0);
    return {
      s3rver: round(((cpuSeconds(s3.pid).all - store0) * 1000) / N, 1),
      client: round((api.user + api.system) / 1000 / N, 1),
    };
  };
  const mpu = await storage.createMultipart('f/be/ops-part');
  const result: Record<string, { s3rver: number; client: number }> = {
    putObjectChunk: await measure((i) => storage.put(`u/ops/${i}`, chunk)),
    getObjectChunk: await measure(async (i) => {
      for await (const _ of await storage.get(`u/ops/${i}`));
    }),
    deleteObject: await measure((i) => storage.deleteMany([`u/ops/${i}`])),
    uploadPart: await measure((i) => storage.uploadPart('f/be/ops-part', mpu, i + 1, part, part.length)),
  };
  await storage.abortMultipart('f/be/ops-part', mpu);
  return { perOperation: result, completeSeconds: await completeSeconds(storage) };
};

/**
 * Seconds s3rver takes to complete a multipart upload of the whole file in the protocol's parts, as the chunk
 * protocol's last chunk asks it to. s3rver reads every part back and writes the object anew (real S3 and MinIO only
 * record the parts); the limit, one streamed PUT, has no such step. So on s3rver the chunk protocol's ratio to the limit is at
 * most limit / (limit + this), however fast everything else were.
 */
const completeSeconds = async (storage: S3Storage) => {
  const key = 'f/be/complete-probe';
  const mpu = await storage.createMultipart(key);
  const parts: { part: number; etag: string }[] = [];
  for (let at = 0, n = 1; at < SIZE; at += PART, n++) {
    const part = data.subarray(at, at + PART);
    parts.push({ part: n, etag: await storage.uploadPart(key, mpu, n, part, part.length) });
  }
  const t0 = performance.now();
  await storage.completeMultipart(key, mpu, parts);
  const s = seconds(t0);
  await storage.delete(key);
  return s;
};

/** Each measurement runs RUNS times, interleaved (peer, then per driver the limit and the chunk protocol); medians. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const drivers = (process.env.BENCH_DRIVERS ?? 'local,s3').split(',') as ('local' | 's3')[];
  const tusRuns: number[] = [];
  const hashRuns: number[] = [];
  const runs = new Map(
    drivers.map((d) => [
      d,
      { limit: [] as Awaited<ReturnType<typeof rawPut>>[], chunked: [] as Awaited<ReturnType<typeof chunkUpload>>[] },
    ]),
  );
  for (let run = 0; run < RUNS; run++) {
    tusRuns.push(await tusUpload());
    hashRuns.push(hashSeconds());
    for (const driver of drivers) {
      const env =
        driver === 'local'
          ? { STORAGE_DRIVER: 'local', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-local-')) }
          : { ...s3.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-s3-')) };
      try {
        runs.get(driver)!.limit.push(await rawPut(env));
        runs.get(driver)!.chunked.push(await chunkUpload({ ...env, JOB_WORKER: 'false' }));
      } finally {
        rmSync(env.DATA_DIR, { recursive: true, force: true }); // the uploaded file: 512 MiB per driver and run
      }
    }
  }
  const tusSeconds = median(tusRuns);
  const s3Probe = drivers.includes('s3') ? await s3Operations() : undefined;
  const results: Record<string, unknown> = {};
  for (const [driver, { limit: limitRuns, chunked }] of runs) {
    const seconds = median(chunked.map((c) => c.s));
    const limit = median(limitRuns.map((l) => l.s));
    const lastAnswer = median(chunked.map((c) => c.lastAnswerSeconds));
    const cpu = (pick: (c: (typeof chunked)[number]) => number) => median(chunked.map(pick));
    results[driver] = {
      chunkProtocolMiBPerSec: mibPerSec(seconds),
      limitMiBPerSec: mibPerSec(limit),
      ratioToLimit: round(limit / seconds),
      ratioToTus: round(tusSeconds / seconds),
      apiPeakRssGrowthMiB: round(Math.max(...chunked.map((c) => c.peakGrowth)) / MiB, 1),
      seconds: round(seconds),
      msPerChunk: round((seconds * 1000) / CHUNKS, 1),
      limitSeconds: round(limit),
      // The last chunk's answer: assembly (S3: CompleteMultipartUpload), content check, waiting for the SHA-256.
      lastChunkAnswerSeconds: round(lastAnswer),
      // The ratio to the limit if hashing at one core's full speed were the protocol's only work (local disk).
      ...(driver === 'local'
        ? { ratioToLimitIfOnlyHashing: round(limit / median(hashRuns)), fdatasyncMsPerChunk: fdatasyncMsPerChunk() }
        : {}),
      ...(driver === 's3' && s3Probe
        ? {
            s3rverCompleteSeconds: round(s3Probe.completeSeconds),
            ratioToLimitAtMost: round(limit / (limit + s3Probe.completeSeconds)),
          }
        : {}),
      cpuMsPerChunk: {
        api: cpu((c) => c.cpuMsPerChunk.all),
        apiMainThread: cpu((c) => c.cpuMsPerChunk.mainThread),
        client: cpu((c) => c.cpuMsPerChunk.client),
        ...(driver === 's3'
          ? {
              s3rver: cpu((c) => c.cpuMsPerChunk.s3rver),
              s3rverDuringLimit: round(median(limitRuns.map((l) => l.s3rverMsPerChunk)), 1),
            }
          : {}),
      },
      runs: {
        chunkProtocolMiBPerSec: chunked.map((c) => mibPerSec(c.s)),
        limitMiBPerSec: limitRuns.map((l) => mibPerSec(l.s)),
      },
    };
  }
  report('uploads', {
    fileMiB: SIZE / MiB,
    chunkMiB: CHUNK / MiB,
    runs: RUNS,
    tusFileStoreMiBPerSec: mibPerSec(tusSeconds),
    tusRunsMiBPerSec: tusRuns.map(mibPerSec),
    tusMsPerChunk: round((tusSeconds * 1000) / CHUNKS, 1),
    sha256MiBPerSec: mibPerSec(median(hashRuns)),
    sha256RunsMiBPerSec: hashRuns.map(mibPerSec),
    targets: { ratioToLimit: 0.5, ratioToTus: 1.0, apiPeakRssGrowthMiB: 64 },
    ...results,
    ...(s3Probe ? { s3rverCpuMsPerOperation: s3Probe.perOperation } : {}),
  });
} finally {
  client.close();
  await prisma.$disconnect();
  await s3.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
