import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { defineRoute, z } from '@zyk/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { registerRoute } from '../../apps/api/src/lib/contract.ts';
import { AppError } from '../../apps/api/src/lib/errors.ts';
import { createTestDatabase } from '../support/db.ts';

/** Routes that exist only in this test, to drive the error handler, body limits and rate limits. */
const echo = defineRoute({
  method: 'POST',
  path: '/api/test/echo',
  summary: 'echo',
  tag: 'test',
  access: 'public',
  body: z.object({ text: z.string().max(10) }),
  response: z.object({ text: z.string() }),
});
const fail = defineRoute({
  method: 'GET',
  path: '/api/test/fail',
  summary: 'fail',
  tag: 'test',
  access: 'public',
  query: z.object({ kind: z.enum(['app', 'crash', 'shape']) }),
  response: z.object({ ok: z.boolean() }),
});
const limited = defineRoute({
  method: 'GET',
  path: '/api/test/limited',
  summary: 'limited',
  tag: 'test',
  access: 'public',
  rateLimit: { max: 2, timeWindowMs: 60_000 },
  response: z.object({ ok: z.boolean() }),
});
const mine = defineRoute({
  method: 'GET',
  path: '/api/test/mine',
  summary: 'mine',
  tag: 'test',
  access: 'user',
  response: z.object({ ok: z.boolean() }),
});

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', BODY_LIMIT: '2048' }),
    databaseUrl: db.url,
    webDir: null,
  });
  registerRoute(app, echo, ({ body }) => ({ text: body.text }));
  registerRoute(app, fail, ({ query }) => {
    if (query.kind === 'app') throw new AppError('CONFLICT', '该名称已被占用');
    if (query.kind === 'shape') return { ok: 'yes' } as unknown as { ok: boolean };
    throw new Error('connection to 10.0.0.5 refused: password=secret');
  });
  registerRoute(app, limited, () => ({ ok: true }));
  registerRoute(app, mine, () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': contentType }, payload });

describe('error envelope', () => {
  it('wraps a success in { code: 0, success: true, msg, data }', async () => {
    const res = await post('{"text":"你好"}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, success: true, msg: '操作成功', data: { text: '你好' } });
  });

  it('answers malformed JSON with 400 and a Chinese message', async () => {
    const res = await post('{"text":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: '请求体不是合法的 JSON', data: null });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ text: 'x'.repeat(4096) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, msg: '请求内容过大' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('text=hi', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('不支持的请求格式');
  });

  it('names the failing field in a validation message', async () => {
    const res = await post('{"text":"这段文字明显超过了十个字的限制"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^请求体 text 有误：/);
  });

  it('maps an AppError to its status, code and message', async () => {
    const res = await app.inject({ url: '/api/test/fail?kind=app' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 40900, success: false, msg: '该名称已被占用', data: null });
  });

  it('never leaks the internals of an unexpected error', async () => {
    const res = await app.inject({ url: '/api/test/fail?kind=crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('10.0.0.5');
    expect(res.json()).toEqual({ code: 50000, success: false, msg: '服务器开小差了，请稍后再试', data: null });
  });

  it('refuses to send a response that does not match its declared schema', async () => {
    const res = await app.inject({ url: '/api/test/fail?kind=shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json().success).toBe(false);
  });

  it('answers 401 for a protected route without a session', async () => {
    const res = await app.inject({ url: '/api/test/mine' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 40100, msg: '请先登录' });
  });

  it('enforces a route rate limit with 429 in the envelope', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url: '/api/test/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const res = await app.inject({ url: '/api/test/limited' });
    expect(res.json()).toMatchObject({ code: 42900, msg: '操作过于频繁，请稍后再试' });
  });

  it('lets same-origin and Origin-less writes through and rejects other origins', async () => {
    const same = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'zyk.example', origin: 'https://zyk.example', 'content-type': 'application/json' },
      payload: '{"text":"a"}',
    });
    expect(same.statusCode).toBe(200);
    const other = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'zyk.example', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"text":"a"}',
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('probes and docs', () => {
  it('reports ready when the database answers', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
  });

  it('serves the API reference at /docs and the document it shows', async () => {
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>资源库 API 文档</title>');
    const doc = await app.inject({ url: '/docs/json' });
    expect(doc.json().paths['/api/open/dict/list'].get.operationId).toBe('dictList');
  });
});

describe('readiness without a database', () => {
  it('answers 503 with the failing check named', async () => {
    const broken = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      databaseUrl: 'postgresql://nobody:wrong@127.0.0.1:1/none',
      webDir: null,
    });
    try {
      const res = await broken.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'fail', storage: 'ok' } });
    } finally {
      await broken.close();
    }
  });
});

/** An app on a fresh database whose log output is kept (`logText()`). */
const appWithLog = async (env: Record<string, string>) => {
  const db = await createTestDatabase();
  let text = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const app = await buildApp({ config: loadConfig(env), databaseUrl: db.url, webDir: null, logStream });
  return { app, db, logText: () => text };
};

describe('request log lines', () => {
  it('writes one line per request when it ends, and one for a request its client abandons', async () => {
    const { app: logged, db, logText } = await appWithLog({ LOG_LEVEL: 'info' });
    registerRoute(logged, echo, ({ body }) => ({ text: body.text }));
    const lines = () =>
      logText()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; reqId?: string; req?: { url: string } });
    try {
      const url = await logged.listen({ host: '127.0.0.1', port: 0 });
      const res = await fetch(`${url}/api/test/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: '你好' }),
      });
      const id = res.headers.get('x-request-id');
      await expect.poll(() => lines().filter((l) => l.reqId === id).length).toBe(1);
      expect(lines().find((l) => l.reqId === id)).toMatchObject({
        msg: 'request completed',
        req: { url: '/api/test/echo' },
      });
      expect(lines().some((l) => l.msg === 'incoming request')).toBe(false);

      // Headers and part of the body, then the client goes away.
      const { port } = new URL(url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"te',
      );
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      await expect
        .poll(() =>
          lines()
            .filter((l) => l.msg === 'request aborted by the client')
            .map((l) => l.req?.url),
        )
        .toEqual(['/api/test/echo']);
    } finally {
      await logged.close();
      await db.drop();
    }
  });
});

describe('closing', () => {
  it('closes a keep-alive connection as soon as its answer is out, not after the keep-alive timeout', async () => {
    const db = await createTestDatabase();
    const closing = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: db.url, webDir: null });
    closing.get('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { ok: true };
    });
    try {
      const url = await closing.listen({ host: '127.0.0.1', port: 0 });
      const agent = new http.Agent({ keepAlive: true });
      const answered = new Promise<number>((resolve, reject) => {
        http
          .get(`${url}/api/test/slow`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      await new Promise((r) => setTimeout(r, 100)); // the request is being answered
      const t0 = performance.now();
      await closing.close();
      expect(await answered).toBe(200);
      expect(performance.now() - t0).toBeLessThan(5_000); // the keep-alive timeout is 72 s
      agent.destroy();
    } finally {
      await db.drop();
    }
  });

  it('survives its idle database connections being ended before Prisma was ever used, and ends its pool on close', async () => {
    const { app, db, logText } = await appWithLog({
      LOG_LEVEL: 'warn',
      JOB_WORKER: 'false',
    });
    const admin = new pg.Client({ connectionString: db.url });
    try {
      // The hot paths (sessions, chunk rows) use the pool directly: an idle connection Prisma has never seen.
      await app.pg.query('SELECT 1');
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await expect.poll(logText).toContain('idle database connection lost');
      expect((await app.pg.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await app.close();
      await db.drop();
    }
    expect(app.pg.ended).toBe(true);
  });
});
