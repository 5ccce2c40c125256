import { ERRORS, routes } from '@zyk/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/api/src/app.ts';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { INVALIDATION_CHANNEL } from '../../apps/api/src/lib/shared-invalidation.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

/**
 * What several api instances share through PostgreSQL, with two apps on one database: a route's request limit is
 * one limit across both, and a cache invalidation announced on the channel reaches a process that did not make the
 * change. (Two apps in one test process share their in-memory caches, so the relay is proven here by a notice sent
 * as another process would; the nginx test runs real separate instances.)
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondUrl: string;

beforeAll(async () => {
  // No background worker: nothing here needs the generated files' previews, and closing an app waits for the
  // conversions its worker has started (over a minute on a busy machine).
  t = await startTestApp({ env: { JOB_WORKER: 'false' } });
  await generateResources(t.prisma, { count: 30 });
  second = await buildApp({ config: { ...t.config, JOB_WORKER: false }, databaseUrl: t.databaseUrl, webDir: null });
  secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const puzzle = (base: string) => fetch(`${base}${routes.getImgSwipe.path}`);

describe('request limits', () => {
  it('count the requests to both instances against one limit, per route', async () => {
    const max = routes.getImgSwipe.rateLimit!.max;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await puzzle(i % 2 ? secondUrl : t.url)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const base of [t.url, secondUrl]) {
      const refused = await puzzle(base);
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe(ERRORS.RATE_LIMITED.code);
    }
    // Another limited route of the same client keeps its own count.
    const other = await fetch(`${secondUrl}${routes.search.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: '数学', current: 1, size: 10, type: null }),
    });
    expect(other.status).toBe(200);
    const [row] = await t.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM rate_limit_counters`;
    expect(Number(row!.n)).toBeGreaterThanOrEqual(2);
  });

  it('start a fresh window once the old one has ended', async () => {
    await t.prisma.$executeRaw`UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second'`;
    expect((await puzzle(secondUrl)).status).toBe(200);
    const [row] = await t.prisma.$queryRaw<{ hits: number }[]>`
      SELECT hits FROM rate_limit_counters WHERE key LIKE ${`%${routes.getImgSwipe.path}%`}`;
    expect(row!.hits).toBe(1);
  });
});

describe('cache invalidation across processes', () => {
  const firstTitle = async () => {
    const res = await t.client().call(routes.resourceHomepageList, {
      body: { academicStageId: null, subjectId: null, type: null, current: 1, size: 5, sort: '1', sortWay: 'DESC' },
    });
    expect(res.code, res.msg).toBe(0);
    return res.data.objList[0]!;
  };

  it('drops cached first pages when another process announces a library change', async () => {
    const top = await firstTitle();
    // A change this process does not know of (another instance's, say), then the page again: still cached.
    await t.prisma.resource.update({ where: { id: top.id }, data: { title: `${top.title}（修订）` } });
    expect((await firstTitle()).title).toBe(top.title);

    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('SELECT pg_notify($1, $2)', [
        INVALIDATION_CHANNEL,
        JSON.stringify({ from: 'another-process', topic: 'library' }),
      ]);
    } finally {
      await other.end();
    }
    await expect
      .poll(async () => (await firstTitle()).title, { timeout: 2000, interval: 50 })
      .toBe(`${top.title}（修订）`);
  });

  it('ignores what is not a notice of a known topic', async () => {
    const before = await firstTitle();
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    await other.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, 'not json']);
    await other.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, JSON.stringify({ from: 'x', topic: 'nope' })]);
    await other.end();
    expect((await firstTitle()).id).toBe(before.id);
  });
});
