import { performance } from 'node:perf_hooks';
import type { RouteDef } from '@zyk/shared';
import type { TestApp } from './app.ts';
import { cookieOf } from './uploads.ts';

/** Bursts of concurrent requests over real HTTP, with the HTTP status of each answer (the typed client hides it). */

export interface Answer {
  status: number;
  body: { code: number; success: boolean; msg: string; data: unknown };
  ms: number;
}

export interface CallArgs {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request to a route of the table, as `cookie`'s session (or anonymously with null). */
export const send = async (baseUrl: string, cookie: string | null, route: RouteDef, args: CallArgs = {}) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(args.query ?? {})) if (v !== undefined) search.append(k, String(v));
  const started = performance.now();
  const res = await fetch(`${baseUrl}${route.path}${search.size ? `?${search}` : ''}`, {
    method: route.method,
    headers: {
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(args.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...args.headers,
    },
    ...(args.body !== undefined ? { body: JSON.stringify(args.body) } : {}),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON at all is itself a finding: keep the text so the assertion shows it.
    body = { code: -1, success: false, msg: `not JSON: ${text.slice(0, 200)}`, data: null };
  }
  return { status: res.status, body, ms } satisfies Answer;
};

/** Whether an answer is the envelope `{ code, success, msg, data }` (data may be null, never missing). */
export const isEnvelope = (body: unknown) => {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'number' && typeof b.success === 'boolean' && typeof b.msg === 'string' && 'data' in b;
};

export interface BurstResult {
  answers: Answer[];
  /** Latency of every bystander request sent while the burst was in flight. */
  bystanderMs: number[];
  bystanderAnswers: Answer[];
  wallMs: number;
}

/**
 * Fires `n` callers at once and, for as long as any of them is unanswered, bystander requests one round after
 * another (the first round leaves together with the burst), so every bystander is measured while the burst is in
 * flight and waits behind it if anything in the app does.
 */
export const burst = async (
  n: number,
  caller: (i: number) => Promise<Answer>,
  bystanders: (() => Promise<Answer>)[],
): Promise<BurstResult> => {
  const started = performance.now();
  let done = false;
  const all = Promise.all(Array.from({ length: n }, (_, i) => caller(i))).finally(() => {
    done = true;
  });
  const bystanderAnswers: Answer[] = [];
  const watch = (async () => {
    do {
      bystanderAnswers.push(...(await Promise.all(bystanders.map((b) => b()))));
    } while (!done);
  })();
  const answers = await all;
  const wallMs = performance.now() - started;
  await watch;
  return { answers, bystanderAnswers, bystanderMs: bystanderAnswers.map((a) => a.ms), wallMs };
};

/** Answers grouped by HTTP status, e.g. `{ 200: 3, 409: 47 }`. */
export const statusCounts = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

/** One line for the issue note: `concurrency alipay/pay: 50 callers, 50×200, 0×5xx, bystander 35 ms, wall 1.2 s`. */
export const summaryLine = (name: string, r: BurstResult) => {
  const counts = statusCounts(r.answers);
  const statuses = Object.entries(counts)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
  const fiveXx = r.answers.filter((a) => a.status >= 500).length;
  const worst = Math.round(Math.max(...r.bystanderMs));
  return `concurrency ${name}: ${r.answers.length} callers, ${statuses}, ${fiveXx}×5xx, bystander ${worst} ms (max of ${r.bystanderMs.length}), wall ${(r.wallMs / 1000).toFixed(1)} s`;
};

type Client = { call: ReturnType<TestApp['client']>['call']; jar: Map<string, string> };

/** The session cookie of a logged-in client, for `send`. */
export const cookieOfClient = (client: Client) => cookieOf(client.jar);
