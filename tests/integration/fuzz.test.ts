import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, envelope, MESSAGES, type RouteDef, routes, UPLOAD, UPLOAD_RESULT, z } from '@zyk/shared';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushBackgroundWrites } from '../../apps/api/src/lib/background-writes.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { fakeMp4, pdf, png } from '../support/files.ts';
import { caseArbitrary, type FuzzCase } from '../support/fuzz.ts';
import { initVideo, queryPosition } from '../support/uploads.ts';

/**
 * Property-based fuzzing of every route of the route table over real HTTP, as a visitor and as a logged-in teacher.
 * Each route gets malformed requests generated from its schemas and example (see support/fuzz.ts). The property:
 * - no answer is a 5xx (nor a dropped connection);
 * - every answer of a non-raw route is the JSON envelope, with a Chinese msg when it is not a success;
 * - refused requests (status >= 400) change no row count of any table;
 * - a protected route called anonymously answers 401 whatever the input (authentication before validation).
 *
 * Bounded: FUZZ_BUDGET_MS (default 85 s) is shared out between the routes still to run, each route stopping at its
 * share or after FUZZ_RUNS cases. Seedable: the seed is printed; FUZZ_SEED=<n> replays it, FUZZ_ROUTE=<name> limits
 * the run to one route (its cases come first in the same order: each route's seed derives from the seed and its name). FUZZ_REPORT=<file>
 * writes every failure as JSON (with FUZZ_TRACE=1, every request and its answer too).
 */

const CHINESE = /[\u4e00-\u9fff]/;
const envelopeShape = envelope(z.unknown());

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 85_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 70);
const MIN_RUNS = 5;
const REQUEST_TIMEOUT_MS = 15_000;

// healthz and readyz take no input at all: their status reports the process and its database, so a 5xx there (a
// readyz 503 while Postgres is busy) cannot be about the request.
const SKIPPED = new Set<string>(['healthz', 'readyz']);
const entries = (Object.entries(routes) as [string, RouteDef][]).filter(
  ([name]) => !SKIPPED.has(name) && (!process.env.FUZZ_ROUTE || process.env.FUZZ_ROUTE === name),
);
const roles = ['visitor', 'teacher'] as const;
type Role = (typeof roles)[number];

let t: TestApp;
let db: pg.Client;
let tables: string[] = [];
let teacherCookie = '';
let logoutCookie = '';
let teacherPasswordHash = '';
let deadline = 0;
let batchesLeft = entries.length * roles.length;
let requests = 0;
let fiveXX = 0;
const report: Record<string, unknown>[] = [];

const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

testAppFor((app) => (t = app), {
  env: {
    // Route rate limits would answer most of the flood with 429 and hide everything behind them.
    RATE_LIMITS: 'false',
    // Timers that write on their own (order closing, settlement, previews) would blur the row-count check.
    JOB_WORKER: 'false',
  },
});
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = rows.map((r) => r.name);
  const user = await t.prisma.user.findFirstOrThrow({ where: { userName: 'lijg' }, select: { passwordHash: true } });
  teacherPasswordHash = user.passwordHash;
  teacherCookie = cookieOf((await loginAs(t, 'lijg')).jar);
  // Logout ends the session it is sent with, so it gets a session of its own.
  logoutCookie = cookieOf((await loginAs(t, 'lijg')).jar);
  console.log(`fuzz seed ${seed} (FUZZ_SEED=${seed} replays it), ${entries.length} routes × ${roles.length} roles`);
  deadline = Date.now() + BUDGET_MS;
});

afterAll(async () => {
  console.log(`fuzz: ${requests} requests, ${fiveXX} 5xx`);
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 1));
  await db?.end();
});

const rowCounts = async (): Promise<Map<string, number>> => {
  await flushBackgroundWrites(t.app);
  const sql = tables.map((name) => `SELECT '${name}' AS name, count(*)::int AS n FROM "${name}"`).join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; n: number }>(sql);
  return new Map(rows.map((r) => [r.name, r.n]));
};
const countDiff = (before: Map<string, number>, after: Map<string, number>) =>
  [...after]
    .filter(([name, n]) => before.get(name) !== n)
    .map(([name, n]) => `${name} ${(before.get(name) ?? 0) < n ? '+' : ''}${n - (before.get(name) ?? 0)}`);

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const send = async (def: RouteDef, c: FuzzCase, cookie: string | undefined): Promise<Answer> => {
  requests++;
  const res = await fetch(`${t.url}${c.path}${c.query ? `?${c.query}` : ''}`, {
    method: def.method,
    redirect: 'manual',
    headers: {
      ...(c.contentType === undefined ? {} : { 'content-type': c.contentType }),
      ...(cookie ? { cookie } : {}),
      ...c.headers,
    },
    body: c.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status >= 500) fiveXX++;
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
};

/** What is wrong with an answer: empty when it keeps the rules. */
const problemsOf = (def: RouteDef, answer: Answer): string[] => {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`${answer.status}`);
  // Raw routes (files, chunk protocol) answer their own formats; for them only "no 5xx" applies.
  if (def.raw) return problems;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    problems.push(`${answer.status} not JSON (${answer.contentType || 'no content type'})`);
    return problems;
  }
  const parsed = envelopeShape.safeParse(json);
  if (!parsed.success || !('data' in (json as object))) {
    problems.push(`${answer.status} not the envelope`);
    return problems;
  }
  if (!parsed.data.success && !CHINESE.test(parsed.data.msg)) problems.push(`${answer.status} msg not Chinese`);
  if (answer.status >= 400 && parsed.data.success) problems.push(`${answer.status} with success:true`);
  return problems;
};

const describeRequest = (def: RouteDef, c: FuzzCase) => {
  const url = `${c.path}${c.query ? `?${c.query}` : ''}`;
  const body =
    c.body === undefined
      ? ''
      : ` ${c.contentType ?? '(no content type)'} ${typeof c.body === 'string' ? JSON.stringify(c.body.slice(0, 160)) : `<${c.body.length} bytes>`}${typeof c.body === 'string' && c.body.length > 160 ? `… (${c.body.length} chars)` : ''}`;
  return `${def.method} ${url.length > 200 ? `${url.slice(0, 200)}… (${url.length} chars)` : url}${body}`;
};

const beforeRouting = (c: FuzzCase, answer: Answer) =>
  answer.status === 431 || answer.status === 414 || (c.label.startsWith('path param') && answer.status < 500);

interface Failure {
  kind: string;
  label: string;
  request: string;
  status: number | null;
  answer: string;
}

/** The teacher's session must survive the fuzz of each route; a fuzzed request that ended it is itself reported. */
const teacherStillLoggedIn = async () => {
  const res = await fetch(`${t.url}${routes.alreadyLogin.path}`, { headers: { cookie: teacherCookie } });
  return ((await res.json()) as { data: unknown }).data === true;
};
const restoreTeacher = async () => {
  await t.prisma.user.update({ where: { userName: 'lijg' }, data: { passwordHash: teacherPasswordHash } });
  // Captcha misses fuzzed from this address may have locked it out of new puzzles.
  await t.prisma.loginThrottle.deleteMany({});
  teacherCookie = cookieOf((await loginAs(t, 'lijg')).jar);
};

const hashSeed = (s: string) => {
  let h = seed | 0;
  for (const ch of s) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

describe.each(roles)('fuzz as %s', (role: Role) => {
  it.each(entries)(
    '%s',
    async (name, def) => {
      const cookie = role === 'visitor' ? undefined : name === 'logout' ? logoutCookie : teacherCookie;
      const failures: Failure[] = [];
      const refused: FuzzCase[] = [];
      let accepted = 0;
      const record = (kind: string, c: FuzzCase, status: number | null, answer: string) => {
        failures.push({ kind, label: c.label, request: describeRequest(def, c), status, answer: answer.slice(0, 300) });
      };

      const before = await rowCounts();
      const slice = Math.max(250, (deadline - Date.now()) / Math.max(1, batchesLeft));
      batchesLeft--;
      // fast-check's time limit abandons a run in flight (it races it against a timer); such a request still reaches
      // the server and may write after the counts below, so every run is awaited before counting.
      const inFlight = new Set<Promise<void>>();
      const runCase = async (c: FuzzCase) => {
        // Failures are collected, not thrown: one run should show every class of failure, not shrink the first.
        let answer: Answer;
        try {
          answer = await send(def, c, cookie);
        } catch (error) {
          record('no answer', c, null, String((error as Error).cause ?? error));
          return;
        }
        for (const problem of problemsOf(def, answer)) record(problem, c, answer.status, answer.text);
        // A protected route called anonymously says 401 before looking at the input; only what fails before
        // routing (a path Fastify cannot decode or match, a request line over Node's header limit) may differ.
        if (role === 'visitor' && def.access !== 'public' && answer.status !== 401 && !beforeRouting(c, answer)) {
          record(`anonymous ${answer.status} instead of 401`, c, answer.status, answer.text);
        }
        if (process.env.FUZZ_TRACE)
          report.push({
            route: name,
            role,
            trace: c.label,
            status: answer.status,
            answer: answer.text.slice(0, 200),
          });
        if (answer.status >= 400) refused.push(c);
        else accepted++;
      };
      const property = fc.asyncProperty(caseArbitrary(def), (c) => {
        const run = runCase(c);
        inFlight.add(run);
        return run.finally(() => inFlight.delete(run));
      });
      // fc.check, not fc.assert: the property records failures itself, and a share of the budget that runs out
      // before the first case (a loaded machine) is not a failure; a few cases then still run, whatever the clock.
      const routeSeed = hashSeed(`${role}:${name}`);
      const details = await fc.check(property, {
        seed: routeSeed,
        numRuns: RUNS,
        interruptAfterTimeLimit: slice,
        markInterruptAsFailure: false,
      });
      if (details.failed && !details.interrupted) throw details.errorInstance ?? new Error('fuzz property failed');
      if (details.numRuns < MIN_RUNS) {
        await fc.check(property, { seed: routeSeed + 1, numRuns: MIN_RUNS - details.numRuns });
      }

      await Promise.allSettled([...inFlight]);

      // Row counts around the batch; when they moved, each refused request is sent again alone to find the culprit
      // (accepted requests may change rows, so a batch with some is only suspect until a refused one is caught).
      const after = await rowCounts();
      const moved = countDiff(before, after);
      if (moved.length > 0 && refused.length > 0) {
        let caught = false;
        for (const c of refused.slice(0, 150)) {
          const one = await rowCounts();
          let status: number | null = null;
          let text = '';
          try {
            const answer = await send(def, c, cookie);
            status = answer.status;
            text = answer.text;
          } catch {}
          const diff = countDiff(one, await rowCounts());
          if (status !== null && status >= 400 && diff.length > 0) {
            caught = true;
            record(`refused request changed rows: ${diff.join(', ')}`, c, status, text);
          }
        }
        if (!caught && accepted === 0) {
          failures.push({
            kind: `refused requests changed rows: ${moved.join(', ')}`,
            label: `${refused.length} refused requests (not reproduced one at a time)`,
            request: '',
            status: null,
            answer: '',
          });
        }
      }
      if (role === 'teacher' && !(await teacherStillLoggedIn())) {
        failures.push({
          kind: 'fuzzing this route ended the teacher session',
          label: '',
          request: '',
          status: null,
          answer: '',
        });
        await restoreTeacher();
      }

      for (const f of failures) report.push({ route: name, role, ...f });
      const byKind = new Map<string, Failure[]>();
      for (const f of failures) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
      const summary = [...byKind]
        .map(
          ([kind, list]) =>
            `${kind} ×${list.length}\n${list
              .slice(0, 3)
              .map((f) => `    ${f.label}\n      ${f.request}\n      → ${f.answer}`)
              .join('\n')}`,
        )
        .join('\n');
      expect(failures.length, `${role} ${name} (seed ${seed}):\n${summary}`).toBe(0);
    },
    120_000,
  );
});

/**
 * The forms that take one file (the document upload, which avatars, covers and ID photos use too, and a video
 * chunk) refuse a second file part: 400 一次只能上传一个文件, and nothing of the request is kept: no row, no stored
 * object, no temp file, no progress of the upload. Before, the second part was skipped and the first one stored.
 */
describe('a second file part in one upload', () => {
  const MP = 'secondFileBoundary9x';
  const filePart = (name: string, filename: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${MP}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const fieldPart = (name: string, value: string) =>
    Buffer.from(`--${MP}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${MP}--\r\n`)]);

  let cookie = '';
  beforeAll(async () => {
    // A teacher of its own: the fuzz above may have left lijg's session or uploads in any state, and its captcha
    // misses may have locked this address out of new puzzles.
    await t.prisma.loginThrottle.deleteMany({});
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });

  const post = async (url: string, body: Buffer, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${MP}`, ...headers },
      body: new Uint8Array(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { msg: string } };
  };
  /** What the request may have left: rows (counts), stored objects, and writes in progress on the local disk. */
  const leftovers = async () => {
    const objects: string[] = [];
    for await (const o of t.app.storage.list()) objects.push(o.key);
    const temp = readdirSync(path.join(t.config.DATA_DIR, 'objects', '.tmp'));
    return { rows: await rowCounts(), objects: objects.sort(), temp };
  };

  const large = Buffer.concat([pdf(), Buffer.alloc(3 << 20, 0x20)]);
  it.each([
    ['two files under the form field', () => form(filePart('file', 'a.pdf', pdf()), filePart('file', 'b.pdf', pdf()))],
    [
      'a second file under another name, after a field',
      () => form(filePart('file', 'a.pdf', pdf()), fieldPart('note', '备注'), filePart('photo', 'b.png', png())),
    ],
    [
      'a 3 MiB first file (stored in part when the second one comes)',
      () => form(filePart('file', 'a.pdf', large), filePart('file', 'b.pdf', pdf())),
    ],
  ])('document upload, %s: 400 and nothing stored', async (_label, body) => {
    // Writes of earlier tests in this file (fuzzed uploads) may still be cleaning up their temp files.
    await expect.poll(async () => (await leftovers()).temp, { timeout: 15_000 }).toEqual([]);
    const before = await leftovers();
    const { status, json } = await post(routes.uploadDocument.path, body());
    expect({ status, code: json.code, success: json.success, msg: json.msg, data: json.data }).toEqual({
      status: 400,
      code: ERRORS.BAD_REQUEST.code,
      success: false,
      msg: MESSAGES.upload.oneFileOnly,
      data: null,
    });
    const after = await leftovers();
    expect(countDiff(before.rows, after.rows)).toEqual([]);
    expect(after.objects).toEqual(before.objects);
    // The refused part's write is removed (at the latest just after the answer).
    await expect.poll(async () => (await leftovers()).temp, { timeout: 5_000 }).toEqual([]);
  });

  it('document upload, one file then a field: stored as before (the rest of the form is read, not refused)', async () => {
    const before = await leftovers();
    const { status, json } = await post(
      routes.uploadDocument.path,
      form(filePart('file', 'a.pdf', pdf()), fieldPart('note', 'x')),
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const after = await leftovers();
    expect(countDiff(before.rows, after.rows)).toContain('stored_files +1');
    expect(after.objects.length).toBe(before.objects.length + 1);
  });

  it('video chunk with a second file part: 400, the upload where it was; the chunk alone then counts', async () => {
    const size = UPLOAD.chunkMinBytes + 100;
    const video = fakeMp4(size);
    const info = (await initVideo(t.url, cookie, '两个文件.mp4', size)).json.data;
    const chunk = video.subarray(0, UPLOAD.chunkMinBytes);
    const range = { 'content-range': `bytes 0-${chunk.length - 1}/${size}` };
    const upload = () => t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
    const before = { rows: await rowCounts(), upload: await upload() };

    const refused = await post(info.uri, form(filePart('file', 'blob', chunk), filePart('file', 'blob', chunk)), range);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      success: false,
      msg: MESSAGES.upload.oneFileOnly,
      result: UPLOAD_RESULT.failNoRetry,
      received: 0,
    });
    expect(countDiff(before.rows, await rowCounts())).toEqual([]);
    expect(await upload()).toEqual(before.upload);
    expect((await queryPosition(t.url, cookie, info, '两个文件.mp4', size)).json.data?.received).toBe(0);

    const alone = await post(info.uri, form(filePart('file', 'blob', chunk)), range);
    expect(alone.status, JSON.stringify(alone.json)).toBe(200);
    expect(alone.json).toMatchObject({ result: UPLOAD_RESULT.resume, received: chunk.length });
  });
});
