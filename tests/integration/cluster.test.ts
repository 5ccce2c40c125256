import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApiClient, routes, UPLOAD } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { createTestDatabase } from '../support/db.ts';
import { docx, hasFfmpeg, sha256 } from '../support/files.ts';
import { freePort } from '../support/net.ts';
import { NGINX } from '../support/nginx.ts';
import { startS3rver } from '../support/s3rver.ts';
import { initVideo, loginOverHttp, postDocument, uploadVideo } from '../support/uploads.ts';

/**
 * The product as a district scales it out: two api instances and a worker, as separate processes, behind nginx,
 * on one PostgreSQL and one S3 object store (s3rver). Under a bounded background load through nginx: a session
 * made on one instance works on the other; a chunked upload alternates instances chunk by chunk; a request limit
 * counts across both; an approval on one instance shows on the other's first page within a second; each job runs
 * once; and a rolling restart (take one instance out of nginx, restart it, put it back, then the other) fails no
 * request. Needs nginx (`.ci/run` installs Debian's package) and ffmpeg.
 */

const ready = Boolean(NGINX) && hasFfmpeg();
if (!ready)
  console.warn('[cluster] nginx or ffmpeg not installed: the multi-instance test is skipped (.ci/run installs both)');

const FILE_URL_SECRET = 'cluster-test-file-url-secret-0123456789abcdef';

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'zyk-cluster-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let prisma: ReturnType<typeof createPrisma>;
const processes = new Map<string, Instance>();
let nginxUrl: string;
let nginxPort: number;
let nginx: ChildProcess;

/** Starts (or restarts, on the same port) one product process and waits until it is ready. */
const startProcess = async (name: string, port: number, role: 'api' | 'worker') => {
  const entry = path.join(ROOT_DIR, 'apps/api/src', role === 'api' ? 'server.ts' : 'worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      SERVE_WEB: 'false',
      TRUST_PROXY: 'true',
      FILE_URL_SECRET,
      DATA_DIR: path.join(temp, name),
      ...s3.env,
      // Every process may take a media job: each must still run once.
      JOB_WORKER: 'true',
      MEDIA_CONCURRENCY: '1',
      METRICS_ALLOW: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const instance = { name, port, url: `http://127.0.0.1:${port}`, child };
  processes.set(name, instance);
  if (role === 'worker') return instance;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start (${child.exitCode})`);
    const ok = await fetch(`${instance.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return instance;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not ready in 60 s`);
};

/** SIGTERM and wait: in-flight requests finish, then the process exits. */
const stopProcess = async (name: string) => {
  const instance = processes.get(name);
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
};

/** nginx's configuration: both instances, or one of them marked down (taken out before its restart). */
const writeNginxConfig = (down: string | null) => {
  const upstream = ['a', 'b']
    .map((name) => `    server 127.0.0.1:${processes.get(name)!.port}${down === name ? ' down' : ''};`)
    .join('\n');
  writeFileSync(
    path.join(temp, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp}/nginx-body;
  proxy_temp_path ${temp}/nginx-proxy;
  fastcgi_temp_path ${temp}/nginx-fastcgi;
  uwsgi_temp_path ${temp}/nginx-uwsgi;
  scgi_temp_path ${temp}/nginx-scgi;
  upstream api {
${upstream}
  }
  server {
    listen 127.0.0.1:${nginxPort};
    client_max_body_size 64m;
    proxy_request_buffering off;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
};

/** Applies the configuration the way an operator does: a graceful reload (old workers finish their requests). */
const reloadNginx = () => {
  execFileSync(NGINX!, ['-p', temp, '-c', path.join(temp, 'nginx.conf'), '-s', 'reload']);
};

/**
 * One JSON request on a connection of its own. Browsers retry a request whose reused keep-alive connection the
 * server closed before answering (as nginx does to idle connections when it reloads); a new connection per request
 * keeps the load free of that client-side race, so any failure counted here is the cluster's.
 */
const requestOnce = (url: string, method: 'GET' | 'POST', body?: unknown) =>
  new Promise<{ status: number; json: { code?: number; msg?: string } }>((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString()) });
          } catch {
            resolve({ status: res.statusCode ?? 0, json: {} });
          }
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });

/** A bounded background load through nginx: a few visitors paging lists and opening resources. */
const startLoad = (resourceIds: number[], visitors = 4) => {
  const stats = { requests: 0, failures: [] as string[], latencies: [] as number[], startedAt: Date.now() };
  let running = true;
  const visitor = async (n: number) => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      try {
        const res =
          i % 2 === 0
            ? await requestOnce(`${nginxUrl}${routes.resourceHomepageList.path}`, 'POST', {
                current: 1 + ((i + n) % 3),
                size: 10,
                sort: '1',
                sortWay: 'DESC',
                type: null,
              })
            : await requestOnce(
                `${nginxUrl}${routes.resourceOpen.path}?id=${resourceIds[(i * 7 + n) % resourceIds.length]}`,
                'GET',
              );
        if (res.status !== 200 || res.json.code !== 0)
          stats.failures.push(`HTTP ${res.status} ${res.json.code} ${res.json.msg}`);
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        stats.failures.push(`${Date.now() - stats.startedAt} ms: ${String(error)} ${cause ? String(cause) : ''}`);
      }
      stats.requests++;
      stats.latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const done = Promise.all(Array.from({ length: visitors }, (_, n) => visitor(n)));
  return {
    stats,
    stop: async () => {
      running = false;
      await done;
      const seconds = (Date.now() - stats.startedAt) / 1000;
      const sorted = [...stats.latencies].sort((x, y) => x - y);
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
      return {
        visitors,
        requests: stats.requests,
        failures: stats.failures,
        perSecond: Math.round(stats.requests / seconds),
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        p99Ms: at(0.99),
      };
    },
  };
};

beforeAll(async () => {
  if (!ready) return;
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  await generateResources(prisma, { count: 60 });
  s3 = await startS3rver();
  const [portA, portB, portW] = [await freePort(), await freePort(), await freePort()];
  nginxPort = await freePort();
  nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await Promise.all([startProcess('a', portA, 'api'), startProcess('b', portB, 'api')]);
  await startProcess('worker', portW, 'worker');
  for (const dir of ['nginx-body', 'nginx-proxy', 'nginx-fastcgi', 'nginx-uwsgi', 'nginx-scgi']) {
    mkdirSync(path.join(temp, dir), { recursive: true });
  }
  // nginx started as root hands requests to workers running as nobody.
  chmodSync(temp, 0o777);
  writeNginxConfig(null);
  nginx = spawn(NGINX!, ['-p', temp, '-c', path.join(temp, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${nginxUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  if (!ready) return;
  nginx?.kill('SIGQUIT');
  await Promise.all([...processes.keys()].map(stopProcess));
  await prisma?.$disconnect();
  await s3?.stop();
  await db?.drop();
  rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!ready)('two api instances and a worker behind nginx', () => {
  const a = () => processes.get('a')!.url;
  const b = () => processes.get('b')!.url;
  const as = (baseUrl: string, cookie = '') =>
    createApiClient({ baseUrl, headers: (): Record<string, string> => (cookie ? { cookie } : {}) });

  it('serves one district from both instances, and restarts one at a time without a failed request', async () => {
    const published = await prisma.resource.findMany({ where: { status: 'PUBLISHED' }, select: { id: true } });
    const load = startLoad(published.map((r) => r.id));

    // A session made on one instance is a session on the other.
    const teacher = await loginOverHttp(a(), prisma, 'lijg');
    const onB = await as(b(), teacher)(routes.getProfile);
    expect(onB.code, onB.msg).toBe(0);
    expect(onB.data.userName).toBe('lijg');
    const admin = await loginOverHttp(b(), prisma, 'admin', 'Admin@2026');

    // A chunked upload alternating instances chunk by chunk, stored whole in the shared bucket.
    const video = noiseVideo();
    const info = (await initVideo(a(), teacher, '双实例微课.mp4', video.length)).json.data;
    const done = await uploadVideo([a(), b()], teacher, info, '双实例微课.mp4', video, UPLOAD.chunkMinBytes);
    expect(video.length).toBeGreaterThan(3 * UPLOAD.chunkMinBytes);
    const fileId = done.data!.fileId!;
    expect((await prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } })).sha256).toBe(sha256(video));

    // The media job of that upload: three processes could take it; it runs once.
    await expect
      .poll(() => prisma.fileDerivative.count({ where: { fileId, status: { not: 'ready' } } }), {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(0);
    const derivatives = await prisma.fileDerivative.findMany({ where: { fileId } });
    expect(derivatives.length).toBeGreaterThan(0);
    expect(derivatives.map((d) => d.attempts)).toEqual(derivatives.map(() => 1));

    // A request limit counts the requests to both instances.
    const max = routes.getImgSwipe.rateLimit!.max;
    // The two logins above asked for a puzzle each, one on each instance.
    const [counted] = await prisma.$queryRaw<{ hits: number }[]>`
      SELECT hits FROM rate_limit_counters WHERE key LIKE ${`%${routes.getImgSwipe.path}%`}`;
    expect(counted?.hits).toBe(2);
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      statuses.push((await fetch(`${i % 2 ? b() : a()}${routes.getImgSwipe.path}`)).status);
    }
    expect(statuses.slice(0, max - 2).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(max - 2)).toEqual([429, 429, 429, 429]);

    // An approval on B shows on A's cached first page within a second.
    const document = await postDocument(
      a(),
      teacher,
      '双实例教学设计.docx',
      docx('一元二次方程的解法：配方法与公式法。'),
    );
    expect(document.status, JSON.stringify(document.json)).toBe(200);
    const { stageId, subjectId } = await stageSubject();
    const publish = await as(a(), teacher)(routes.publishDocument, {
      body: {
        title: '双实例验证：一元二次方程教学设计',
        description: '',
        tags: [],
        stageId,
        subjectId,
        type: 'DOCUMENT',
        fileIds: [String(document.json.data.id)],
        price: 0,
      },
    });
    expect(publish.code, publish.msg).toBe(0);
    const firstPage = () =>
      as(a())(routes.resourceHomepageList, {
        body: { current: 1, size: 10, sort: '1', sortWay: 'DESC', type: null },
      });
    expect((await firstPage()).data.objList.map((r) => r.id)).not.toContain(publish.data.id);
    const approved = await as(b(), admin)(routes.adminReviewApprove, { body: { ids: [publish.data.id] } });
    expect(approved.code, approved.msg).toBe(0);
    const approvedAt = Date.now();
    await expect
      .poll(async () => (await firstPage()).data.objList.map((r) => r.id), { timeout: 1000, interval: 20 })
      .toContain(publish.data.id);
    const visibleAfterMs = Date.now() - approvedAt;

    // The rolling restart: out of nginx, drained, restarted on its port, back in; then the other.
    for (const name of ['a', 'b']) {
      console.log(`[cluster] ${Date.now() - load.stats.startedAt} ms: taking ${name} out`);
      writeNginxConfig(name);
      reloadNginx();
      await new Promise((r) => setTimeout(r, 500));
      const { port } = processes.get(name)!;
      await stopProcess(name);
      await startProcess(name, port, 'api');
      writeNginxConfig(null);
      reloadNginx();
      await new Promise((r) => setTimeout(r, 1000));
    }
    // The session made before the restarts still works on both.
    for (const base of [a(), b()]) expect((await as(base, teacher)(routes.getProfile)).data.userName).toBe('lijg');

    const figures = await load.stop();
    console.log(`[cluster] ${JSON.stringify({ ...figures, failures: figures.failures.length, visibleAfterMs })}`);
    if (figures.failures.length) console.log(readFileSync(path.join(temp, 'nginx-error.log'), 'utf8'));
    expect(figures.failures).toEqual([]);
    expect(figures.requests).toBeGreaterThan(100);
  }, 300_000);
});

const stageSubject = async () => {
  const stage = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '初中' } });
  const subject = await prisma.dict.findFirstOrThrow({ where: { level: 2, dictName: '数学', parentId: stage.id } });
  return { stageId: stage.id, subjectId: subject.id };
};

/** A 4-second video of noise (about 3 MiB: several chunks of the smallest size), made by ffmpeg. */
const noiseVideo = () => {
  const file = path.join(temp, 'noise.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'nullsrc=s=480x270:d=4:r=10,geq=random(1)*255:128:128'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ],
  ]);
  return readFileSync(file);
};
