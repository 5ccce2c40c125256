import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedIfEmpty } from '../../apps/api/src/demo/accounts.ts';
import { EDITIONS, GRADES, KINDS, TOPICS } from '../../apps/api/src/demo/generate-resources.ts';
import { MIGRATIONS_DIR, ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { freePort } from '../support/net.ts';

/** A throwaway embedded PostgreSQL, migrated and seeded, and the app listening on loopback. */
export const startBenchApp = async (env: Record<string, string> = {}) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-bench-'));
  chmodSync(dir, 0o755);
  const pgDataDir = path.join(dir, 'data');
  const pg = await startEmbeddedPostgres({
    dir: pgDataDir,
    port: await freePort(),
    database: 'bench',
    persistent: false,
  });
  await migrate(pg.url, MIGRATIONS_DIR);
  const dataDir = path.join(dir, 'app');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    RATE_LIMITS: 'false',
    DATA_DIR: dataDir,
    ...env,
  });
  const app = await buildApp({ config, databaseUrl: pg.url, webDir: null });
  await seedIfEmpty(app.prisma);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    databaseUrl: pg.url,
    dataDir: config.DATA_DIR,
    /** The PostgreSQL server's process id (its backends are its children), for `processTreeCpuMs`. */
    postgresPid: Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    close: async () => {
      await app.close();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export interface BenchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A lean HTTP client over keep-alive connections (node:http). The load generator shares the machine with the api
 * and the database, so it must cost little: `fetch` spent about 2.3 ms of CPU per JSON request here, more than the
 * pg client of the SQL reference (about 0.7 ms) and as much as the api itself; node:http spends about 0.9 ms. With
 * 4 MiB bodies, fetch topped out near 200 MiB/s on loopback where node:http sends about 620 MiB/s.
 */
export const createBenchClient = (maxSockets = 64) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (
    url: string,
    {
      method = 'GET',
      headers = {},
      body,
    }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer | string | Buffer[] },
  ) =>
    new Promise<BenchResponse>((resolve, reject) => {
      const parts = body === undefined ? [] : Array.isArray(body) ? body : [body];
      const length = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
      const req = http.request(url, { method, agent, headers: { ...headers, 'content-length': length } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      // Parts are written as they are (no joined copy), as a browser streams a FormData's Blob part.
      req.cork();
      for (const part of parts) req.write(part);
      req.end();
    });
  return { request, close: () => agent.destroy() };
};

/**
 * JSON POSTs (and GETs) to one server over plain keep-alive sockets, written and parsed by hand. Even node:http costs the
 * load generator about 0.5–0.9 ms of CPU per small request (parser, streams, IncomingMessage), which on two
 * shared cores is taken from the api and the database it measures, and its event loop then delays the answers
 * it times. This client writes one string per request and reads the answer by its Content-Length. It speaks only
 * what the api answers JSON calls with (HTTP/1.1, Content-Length bodies, keep-alive) and fails loudly otherwise.
 */
export const createJsonPoster = (baseUrl: string, maxSockets = 64) => {
  const { hostname, port, host } = new URL(baseUrl);
  const HEADER_END = Buffer.from('\r\n\r\n');
  type Waiter = { resolve: (body: Buffer) => void; reject: (error: Error) => void };

  const connect = () => {
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    let buffered: Buffer = Buffer.alloc(0);
    let waiter: Waiter | null = null;
    let dead = false;
    const fail = (error: Error) => {
      const current = waiter;
      waiter = null;
      dead = true;
      current?.reject(error);
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = buffered.toString('latin1', 0, headerEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
      const end = headerEnd + 4 + Number(length[1]);
      if (buffered.length < end) return;
      const body = buffered.subarray(headerEnd + 4, end);
      buffered = buffered.subarray(end);
      const current = waiter;
      waiter = null;
      if (!head.startsWith('HTTP/1.1 ')) return current?.reject(new Error(`not HTTP/1.1: ${head.slice(0, 40)}`));
      current?.resolve(body);
    });
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by the server')));
    return {
      get dead() {
        return dead;
      },
      send: (request: string) =>
        new Promise<Buffer>((resolve, reject) => {
          // A connection the server closed would never answer: fail now rather than wait forever.
          if (dead) return reject(new Error('connection closed by the server'));
          waiter = { resolve, reject };
          socket.write(request);
        }),
      /** Gives up on the request in flight (its answer could arrive later and be taken for the next one's). */
      abandon: (error: Error) => {
        fail(error);
        socket.destroy();
      },
      destroy: () => socket.destroy(),
    };
  };

  type Connection = ReturnType<typeof connect>;
  const all = new Set<Connection>();
  const idle: Connection[] = [];
  const queued: ((connection: Connection) => void)[] = [];
  const acquire = (): Promise<Connection> => {
    // The server closes connections idle for its keep-alive time (72 s): those are dropped here, not used.
    for (let ready = idle.pop(); ready; ready = idle.pop()) {
      if (!ready.dead) return Promise.resolve(ready);
      all.delete(ready);
      ready.destroy();
    }
    if (all.size < maxSockets) {
      const connection = connect();
      all.add(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => queued.push(resolve));
  };
  const release = (connection: Connection) => {
    if (connection.dead) {
      all.delete(connection);
      connection.destroy();
      return;
    }
    const next = queued.shift();
    if (next) next(connection);
    else idle.push(connection);
  };

  /** A request without an answer after `timeoutMs` fails with a `RequestTimeout` (and its connection is closed). */
  const exchange = async (request: string, what: string, timeoutMs: number) => {
    const connection = await acquire();
    const timer = setTimeout(
      () => connection.abandon(new RequestTimeout(`${what} had no answer after ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      return await connection.send(request);
    } finally {
      clearTimeout(timer);
      release(connection);
    }
  };
  /** Extra header lines (a session cookie, say), written as they are. */
  const lines = (headers: Record<string, string>) =>
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  const post = async (path: string, body: unknown, timeoutMs = 30_000, headers: Record<string, string> = {}) => {
    const json = JSON.stringify(body);
    const request =
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${lines(headers)}` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
    return JSON.parse((await exchange(request, `${path} ${json}`, timeoutMs)).toString('utf8')) as unknown;
  };
  /** A GET (`path` with its query string); answers the body as it came (the caller parses it, after timing). */
  const get = (path: string, timeoutMs = 30_000, headers: Record<string, string> = {}) =>
    exchange(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${lines(headers)}\r\n`, path, timeoutMs);
  const close = () => {
    for (const connection of all) connection.destroy();
    all.clear();
  };
  return { post, get, close };
};

export class RequestTimeout extends Error {}

/**
 * Runs `task` `total` times with `concurrency` in flight; returns per-call latencies (ms) and the wall time.
 * A task failing with `RequestTimeout` is reported at once on stderr and listed in `stuck` (its latency is the
 * timeout), and the run goes on; every `watchMs` the requests still in flight longer than that are printed, so
 * a run that stops making progress says which requests it is waiting for.
 */
export const runConcurrent = async (
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
  { watchMs = 10_000 }: { watchMs?: number } = {},
) => {
  const latencies: number[] = [];
  const stuck: string[] = [];
  const inFlight = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const watchdog = setInterval(() => {
    const now = performance.now();
    const late = [...inFlight].filter(([, t0]) => now - t0 > watchMs);
    if (late.length)
      process.stderr.write(
        `\n[bench] ${late.length} requests in flight for over ${watchMs / 1000} s: #${late.map(([i]) => i).join(', #')}\n`,
      );
  }, watchMs);
  watchdog.unref();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          const t0 = performance.now();
          inFlight.set(i, t0);
          try {
            await task(i);
          } catch (error) {
            if (!(error instanceof RequestTimeout)) throw error;
            stuck.push(error.message);
            process.stderr.write(`\n[bench] STUCK request #${i}: ${error.message}\n`);
          } finally {
            inFlight.delete(i);
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    clearInterval(watchdog);
  }
  return { latencies, wallMs: performance.now() - started, stuck };
};

/**
 * CPU time (ms) of a process tree: the process, its children still running (PostgreSQL's backends) and those
 * it has reaped. Measured around a run, the difference is what the server spent (Linux /proc).
 */
export const processTreeCpuMs = (pid: number) => {
  const fieldsOf = (p: number | string) => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const own = fieldsOf(pid);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = fieldsOf(entry);
      if (Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
};

/**
 * CPU time (ms, user + system) a process has used so far, every thread, or one thread of it (`thread`, e.g. the pid
 * itself for the main thread), from /proc (Linux; clock ticks of 10 ms).
 */
export const processCpuMs = (pid: number, thread?: number) => {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Busy CPU time (ms) of the whole machine so far, all cores together. */
const machineBusyMs = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
};

/**
 * Where the CPU went during a measurement, per request: the api process (when given), this load-generating
 * process, and the rest of the machine (mostly PostgreSQL). On two shared cores the three compete, so a latency
 * figure means little without this split.
 */
export const cpuMeter = (apiPid?: number) => {
  const start = { api: apiPid ? processCpuMs(apiPid) : 0, client: process.cpuUsage(), machine: machineBusyMs() };
  return (requests: number) => {
    const api = apiPid ? processCpuMs(apiPid) - start.api : 0;
    const used = process.cpuUsage(start.client);
    const client = (used.user + used.system) / 1000;
    const rest = machineBusyMs() - start.machine - api - client;
    const perRequest = (ms: number) => round(ms / requests, 3);
    return { apiMs: perRequest(api), clientMs: perRequest(client), restMs: perRequest(Math.max(0, rest)) };
  };
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Writes bench/results/<name>.json and prints it. */
export const report = (name: string, result: Record<string, unknown>) => {
  const dir = path.join(ROOT_DIR, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const full = { name, at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...result };
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  console.log(JSON.stringify(full, null, 2));
};

/**
 * The api as its own process (the built server when present, else the sources through tsx), on an existing
 * database: load generated in the bench process then does not share the server's event loop.
 */
export const startServerProcess = async (databaseUrl: string, env: Record<string, string> = {}) => {
  const { spawn } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const built = path.join(ROOT_DIR, 'apps/api/dist/server.mjs');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', path.join(ROOT_DIR, 'apps/api/src/server.ts')];
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      SERVE_WEB: 'false',
      RATE_LIMITS: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('api process exited during start');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/**
 * The i-th of many distinct search queries (no two alike for i below about 30,000): a topic with, in turn, a kind,
 * a grade, an edition and a subject word, sometimes spaced as typed into a search box, sometimes a topic alone. Sent
 * once each, every answer is computed (the api caches first pages).
 */
export const distinctQuery = (i: number) => {
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

const UPLOAD_BOUNDARY = '----zykbench7MA4YWxkTrZu0gW';
const UPLOAD_PART_HEAD = Buffer.from(
  `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const UPLOAD_PART_TAIL = Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);

/**
 * One file through the chunked video upload protocol as the web client sends it (init, then `chunkBytes` chunks one
 * at a time, each a multipart body written as its three parts, uncopied). Fails on any non-2xx or non-zero code.
 * Answers the stored file's id and the seconds the last chunk's answer took (assembly and the SHA-256).
 */
export const uploadChunked = async (
  client: ReturnType<typeof createBenchClient>,
  baseUrl: string,
  cookie: string,
  bytes: Buffer,
  name: string,
  chunkBytes: number,
) => {
  const answerOf = (what: string, res: BenchResponse) => {
    const text = res.body.toString('utf8');
    const json = (res.status >= 200 && res.status < 300 ? JSON.parse(text) : null) as {
      code: number;
      data: Record<string, unknown>;
    } | null;
    if (json?.code !== 0) throw new Error(`${what} answered ${res.status} ${text.slice(0, 300)}`);
    return json.data;
  };
  const info = answerOf(
    'video upload init',
    await client.request(`${baseUrl}/api/upload/video/init`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ filename: name, filesize: bytes.length }),
    }),
  ) as { uri: string };
  let received = 0;
  for (;;) {
    const started = performance.now();
    const chunk = bytes.subarray(received, received + chunkBytes);
    const answer = answerOf(
      `chunk at ${received}`,
      await client.request(`${baseUrl}${info.uri}`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
          'content-range': `bytes ${received}-${received + chunk.length - 1}/${bytes.length}`,
        },
        body: [UPLOAD_PART_HEAD, chunk, UPLOAD_PART_TAIL],
      }),
    ) as { result: number; received: number; fileId: string | null };
    if (answer.result === 1) return { fileId: answer.fileId!, lastAnswerMs: performance.now() - started };
    if (answer.result !== 0) throw new Error(`chunk at ${received}: ${JSON.stringify(answer)}`);
    received = answer.received;
  }
};
