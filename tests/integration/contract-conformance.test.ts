import { envelope, errorEnvelope, type RouteDef, routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushBackgroundWrites } from '../../apps/api/src/lib/background-writes.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { badVariants, forbiddenTextVariants, toQueryString } from '../support/bad-input.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * Generated from the route table: every endpoint, present and future, gets these checks for free.
 * - a protected route called anonymously answers 401 in the envelope;
 * - a query or body its schema rejects answers 400 with a Chinese message and changes nothing;
 * - every answer validates against the declared schema (success) or the error envelope (failure).
 */

const CHINESE = /[\u4e00-\u9fff]/;
/**
 * The teacher's requests refresh their session's last activity (at most once a minute): on a slow run that lands
 * between two fingerprints without any refused request having changed anything.
 */
const TEACHER_ACTIVITY = { ignore: ['sessions'] };
const entries = Object.entries(routes) as [string, RouteDef][];

let t: TestApp;
let teacherCookie: string;
let adminCookie: string;
// Route rate limits would turn the flood of invalid requests below into 429s; they have their own tests.
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  const teacher = await loginAs(t, 'lijg');
  teacherCookie = [...teacher.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const admin = await loginAs(t, 'admin', 'Admin@2026');
  adminCookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
});

/** Who calls a protected route in these checks: the district administrator for admin routes, a teacher otherwise. */
const cookieFor = (def: RouteDef) =>
  def.access === 'admin' ? adminCookie : def.access === 'user' ? teacherCookie : undefined;
afterAll(async () => {
  await t?.close();
});

const send = async (def: RouteDef, path: string, query?: Record<string, unknown>, body?: unknown, cookie?: string) => {
  const res = await fetch(`${t.url}${path}${query ? toQueryString(query) : ''}`, {
    method: def.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; success: boolean; msg: string } };
};

const expectChineseError = (json: unknown, status: number) => {
  const parsed = errorEnvelope.safeParse(json);
  expect(parsed.success, `error envelope: ${JSON.stringify(json)}`).toBe(true);
  expect(parsed.data?.code).not.toBe(0);
  expect(parsed.data?.msg, `status ${status}`).toMatch(CHINESE);
};

describe('route table', () => {
  it('is not empty and every path is unique per method', () => {
    const seen = new Set<string>();
    for (const [, def] of entries) {
      for (const path of [def.path, ...(def.aliases ?? [])]) {
        const key = `${def.method} ${path}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('every route with a query or body has an example to replay', () => {
    for (const [name, def] of entries) {
      if (def.query) expect(def.example?.query, `${name}.example.query`).toBeDefined();
      if (def.body) expect(def.example?.body, `${name}.example.body`).toBeDefined();
    }
  });
});

describe.each(entries)('%s', (name, def) => {
  const example = def.example as { query?: Record<string, unknown>; body?: unknown } | undefined;

  if (def.access !== 'public') {
    it('answers 401 in the envelope when called anonymously, changing nothing', async () => {
      await flushBackgroundWrites(t.app);
      const before = await databaseFingerprint(t.databaseUrl);
      const { status, json } = await send(def, def.path, example?.query, example?.body);
      expect(status).toBe(401);
      expectChineseError(json, status);
      await flushBackgroundWrites(t.app);
      expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    });
  }
  if (def.access === 'admin') {
    it('answers the district administrator with its declared schema, or a Chinese error envelope', async () => {
      const { status, json } = await send(def, def.path, example?.query, example?.body, adminCookie);
      if (status !== 200) return expectChineseError(json, status);
      const parsed = envelope(def.response).safeParse(json);
      expect(parsed.success, parsed.error?.message).toBe(true);
      expect((json as { code: number }).code).toBe(0);
    });
  } else if (def.access === 'public') {
    it('answers the example request with its declared schema, or a Chinese error envelope', async () => {
      const { status, json } = await send(def, def.path, example?.query, example?.body);
      if (status !== 200) return expectChineseError(json, status);
      const schema = def.raw ? def.response : envelope(def.response);
      const parsed = schema.safeParse(json);
      expect(parsed.success, parsed.error?.message).toBe(true);
      if (!def.raw) expect((json as { code: number }).code).toBe(0);
    });
  }

  const variants = [
    ...(def.query && example?.query
      ? badVariants(def.query, example.query, 'query').map((v) => ({ ...v, query: v.value, body: example.body }))
      : []),
    ...(def.body && example?.body && typeof example.body === 'object'
      ? badVariants(def.body, example.body as Record<string, unknown>, 'body').map((v) => ({
          ...v,
          query: example?.query,
          body: v.value as unknown,
        }))
      : []),
  ];
  if (variants.length > 0) {
    it(`rejects ${variants.length} invalid inputs with 400, a Chinese message and no change`, async () => {
      const cookie = cookieFor(def);
      // Writes deferred by earlier valid requests (hot-word counts) must not land between the two fingerprints.
      await flushBackgroundWrites(t.app);
      const before = await databaseFingerprint(t.databaseUrl, TEACHER_ACTIVITY);
      for (const variant of variants) {
        const { status, json } = await send(def, def.path, variant.query, variant.body, cookie);
        expect(status, `${name} ${variant.label}: ${JSON.stringify(json)}`).toBe(400);
        expectChineseError(json, status);
      }
      await flushBackgroundWrites(t.app);
      expect(await databaseFingerprint(t.databaseUrl, TEACHER_ACTIVITY)).toBe(before);
    });
  }

  const textVariants = [
    ...(example?.query
      ? forbiddenTextVariants(example.query, 'query').map((v) => ({ ...v, query: v.value, body: example.body }))
      : []),
    ...(example?.body && typeof example.body === 'object'
      ? forbiddenTextVariants(example.body as Record<string, unknown>, 'body').map((v) => ({
          ...v,
          query: example?.query,
          body: v.value as unknown,
        }))
      : []),
  ];
  if (textVariants.length > 0) {
    it(`refuses NUL and lone surrogates in its ${textVariants.length} text inputs with 400 naming the field`, async () => {
      const cookie = cookieFor(def);
      await flushBackgroundWrites(t.app);
      const before = await databaseFingerprint(t.databaseUrl, TEACHER_ACTIVITY);
      for (const variant of textVariants) {
        const { status, json } = await send(def, def.path, variant.query, variant.body, cookie);
        expect(status, `${name} ${variant.label}: ${JSON.stringify(json)}`).toBe(400);
        expectChineseError(json, status);
        expect(json.msg).toContain('不允许的字符');
      }
      await flushBackgroundWrites(t.app);
      expect(await databaseFingerprint(t.databaseUrl, TEACHER_ACTIVITY)).toBe(before);
    });
  }
});

describe('unknown api paths', () => {
  it('answers 404 in the envelope for an unknown api path', async () => {
    const res = await fetch(`${t.url}/api/does/not/exist`);
    expect(res.status).toBe(404);
    expectChineseError(await res.json(), 404);
  });

  it('rejects a cross-site state-changing request by its Origin header', async () => {
    const res = await fetch(`${t.url}/api/open/dict/list`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expectChineseError(await res.json(), 403);
  });

  it('carries a request id and security headers on every answer', async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
