import type { AddressInfo } from 'node:net';
import { ERRORS, MESSAGES } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../apps/api/src/lib/transaction.ts';
import { listenForMetricsOnly } from '../../apps/api/src/plugins/metrics.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { pdf } from '../support/files.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/** GET /metrics: who may read it, and that what it reports moves with the app's work. */

const TOKEN = 'scrape-token-0123456789';

/** The value of one series (name and its exact label set as printed), or 0 when it is absent. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const scrape = async (t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('metrics with the defaults (loopback only, no token)', () => {
  let t: TestApp;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', JOB_WORKER: 'false' } });

  it('answers loopback, over HTTP too, in the Prometheus text format', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('# TYPE zyk_http_request_duration_seconds histogram');
    expect(text).toMatch(/^zyk_process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^zyk_nodejs_eventloop_lag_seconds \d/m);
  });

  it('refuses any other address with the 404 of an unknown path', async () => {
    for (const address of ['203.0.113.9', '10.0.0.5', '2001:db8::1']) {
      const res = await scrape(t, address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({
        code: ERRORS.ROUTE_NOT_FOUND.code,
        success: false,
        msg: ERRORS.ROUTE_NOT_FOUND.msg,
        data: null,
      });
    }
  });

  it('counts requests by route pattern, method and status class, never by the raw URL', async () => {
    const series =
      'zyk_http_request_duration_seconds_count{route="/api/file/info/:id",method="GET",status_class="4xx"}';
    const unmatched = 'zyk_http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"}';
    const healthy = 'zyk_http_request_duration_seconds_count{route="/healthz",method="GET",status_class="2xx"}';
    const before = (await scrape(t)).body;
    for (const id of ['file-aaa111', 'file-bbb222', 'file-ccc333']) {
      // Not logged in: 401, answered by the route's guard.
      expect((await t.app.inject({ method: 'GET', url: `/api/file/info/${id}` })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint-4711' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const after = (await scrape(t)).body;
    expect(seriesValue(after, series) - seriesValue(before, series)).toBe(3);
    expect(seriesValue(after, unmatched) - seriesValue(before, unmatched)).toBe(1);
    expect(seriesValue(after, healthy) - seriesValue(before, healthy)).toBe(1);
    expect(after).toMatch(
      /^zyk_http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/file\/info\/:id",method="GET",status_class="4xx"\} \d+$/m,
    );
    for (const raw of ['file-aaa111', 'no-such-endpoint-4711']) expect(after).not.toContain(raw);
  });

  it('reports both database pools and the transaction gate', async () => {
    // A connection held out of the app's pool while scraping: idle ones close after a while, this one cannot.
    const held = await t.app.pg.connect();
    let text: string;
    try {
      text = (await scrape(t)).body;
    } finally {
      held.release();
    }
    for (const pool of ['app', 'jobs']) {
      for (const name of ['connections', 'idle_connections', 'in_use_connections', 'waiting_clients']) {
        expect(text).toMatch(new RegExp(`^zyk_db_pool_${name}\\{pool="${pool}"\\} \\d+$`, 'm'));
      }
    }
    // The test config's pool: 10 connections, of which transactions may hold all but 3.
    expect(seriesValue(text, 'zyk_db_pool_max_connections{pool="app"}')).toBe(10);
    expect(seriesValue(text, 'zyk_db_pool_connections{pool="app"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'zyk_db_pool_in_use_connections{pool="app"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'zyk_db_transactions_limit')).toBe(7);
    expect(text).toMatch(/^zyk_db_transactions_active \d+$/m);
    expect(text).toMatch(/^zyk_db_transactions_waiting \d+$/m);
  });

  it('shows the transaction gate full and a transaction queued behind it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let started = 0;
    const holders = Array.from({ length: 8 }, () =>
      transaction(t.prisma, async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        started++;
        await gate;
      }),
    );
    try {
      await expect.poll(() => started, { timeout: 10_000 }).toBe(7);
      const text = (await scrape(t)).body;
      expect(seriesValue(text, 'zyk_db_transactions_active')).toBe(7);
      expect(seriesValue(text, 'zyk_db_transactions_waiting')).toBeGreaterThanOrEqual(1);
    } finally {
      open();
      await Promise.all(holders);
    }
    const text = (await scrape(t)).body;
    expect(seriesValue(text, 'zyk_db_transactions_waiting')).toBe(0);
  });

  it('shows queued jobs per task, and times each job the queue runs', async () => {
    const task = 'metrics:probe';
    const due = `zyk_job_queue_jobs{task="${task}",state="due"}`;
    const scheduled = `zyk_job_queue_jobs{task="${task}",state="scheduled"}`;
    await t.app.jobs.add(task, { n: 1 });
    await t.app.jobs.add(task, { n: 2 });
    await t.app.jobs.add(task, { n: 3 }, { runAt: new Date(Date.now() + 3_600_000) });
    let text = (await scrape(t)).body;
    expect(seriesValue(text, due)).toBe(2);
    expect(seriesValue(text, scheduled)).toBe(1);
    expect(seriesValue(text, `zyk_job_queue_oldest_due_seconds{task="${task}"}`)).toBeGreaterThanOrEqual(0);
    expect(text).toContain(`zyk_job_queue_oldest_due_seconds{task="${task}"}`);

    await t.app.jobs.add('metrics:broken', {}, { maxAttempts: 1 });
    await t.app.jobs.runDue({
      [task]: async () => {},
      'metrics:broken': async () => {
        throw new Error('probe failure');
      },
    });
    text = (await scrape(t)).body;
    expect(seriesValue(text, due)).toBe(0);
    expect(seriesValue(text, scheduled)).toBe(1);
    expect(seriesValue(text, 'zyk_job_queue_jobs{task="metrics:broken",state="failed"}')).toBe(1);
    expect(seriesValue(text, `zyk_job_duration_seconds_count{task="${task}",outcome="succeeded"}`)).toBe(2);
    expect(seriesValue(text, 'zyk_job_duration_seconds_count{task="metrics:broken",outcome="failed"}')).toBe(1);
  });

  it('serves /metrics alone on a separate port, as `pnpm worker` does', async () => {
    const server = await listenForMetricsOnly(t.app, 0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('zyk_db_pool_connections{pool="app"}');
      for (const path of ['/healthz', '/api/open/client/config', '/metrics/x']) {
        const other = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(other.status, path).toBe(404);
        expect((await other.json()).code).toBe(ERRORS.ROUTE_NOT_FOUND.code);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts the bytes of a document upload', async () => {
    const series = 'zyk_upload_received_bytes_total{kind="document"}';
    const before = seriesValue((await scrape(t)).body, series);
    const cookie = cookieOf((await loginAs(t, 'lijg')).jar);
    const file = pdf();
    const uploaded = await postDocument(t.url, cookie, '教案.pdf', file);
    expect(uploaded.json.code).toBe(0);
    expect(seriesValue((await scrape(t)).body, series) - before).toBe(file.length);
  });
});

describe('metrics with a token, a wider allow-list and a trusted proxy', () => {
  let t: TestApp;
  const bearer = { authorization: `Bearer ${TOKEN}` };
  testAppFor((app) => (t = app), {
    env: {
      RATE_LIMITS: 'false',
      JOB_WORKER: 'false',
      TRUST_PROXY: 'true',
      METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8',
      METRICS_TOKEN: TOKEN,
    },
  });

  it('asks loopback for the token too', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(t, '127.0.0.1', headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({
        code: ERRORS.UNAUTHORIZED.code,
        success: false,
        msg: MESSAGES.request.metricsTokenInvalid,
        data: null,
      });
    }
    const res = await scrape(t, '127.0.0.1', bearer);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('zyk_db_pool_connections{pool="app"}');
  });

  it('admits the allowed ranges only, the token notwithstanding', async () => {
    expect((await scrape(t, '10.20.30.40', bearer)).statusCode).toBe(200);
    expect((await scrape(t, '::1', bearer)).statusCode).toBe(404);
    expect((await scrape(t, '198.51.100.7', bearer)).statusCode).toBe(404);
  });

  it('judges every hop of a proxied request, so a forged X-Forwarded-For does not pass', async () => {
    const via = (forwardedFor: string) => scrape(t, '127.0.0.1', { ...bearer, 'x-forwarded-for': forwardedFor });
    expect((await via('10.9.9.9')).statusCode).toBe(200);
    // The client wrote a loopback address itself; the proxy appended the client's real one.
    expect((await via('127.0.0.1, 203.0.113.5')).statusCode).toBe(404);
    expect((await via('203.0.113.5')).statusCode).toBe(404);
  });
});
