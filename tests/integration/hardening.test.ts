import { connect } from 'node:net';
import { errorEnvelope, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { cookieOf } from '../support/uploads.ts';

/**
 * What an outsider can send before any route's own rules apply: requests Node or Fastify refuse, bodies that are
 * not what they claim, protected routes called without a session. Every answer is the envelope with a Chinese
 * message and a 4xx, and nothing changes.
 */

const CHINESE = /[\u4e00-\u9fff]/;

let t: TestApp;
let teacherCookie: string;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  teacherCookie = cookieOf((await loginAs(t, 'lijg')).jar);
});

const expectEnvelopeError = (json: unknown, label: string) => {
  const parsed = errorEnvelope.safeParse(json);
  expect(parsed.success, `${label}: ${JSON.stringify(json)}`).toBe(true);
  expect(parsed.data?.msg, label).toMatch(CHINESE);
};

/** Sends raw bytes over one connection and reads the whole answer (the server closes it). */
const rawRequest = (request: string | Buffer) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(request);
  });

describe('requests refused before routing', () => {
  it('a 60 KB address gets 431 in the envelope', async () => {
    const res = await fetch(`${t.url}${routes.search.path}?content=${'a'.repeat(60_000)}`);
    expect(res.status).toBe(431);
    expectEnvelopeError(await res.json(), '431');
  });

  it('a request line Node cannot parse gets 400 in the envelope', async () => {
    const answer = await rawRequest('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expectEnvelopeError(JSON.parse(answer.body), 'bad header');
  });

  it('a path parameter the router refuses (bad percent-encoding, too long) is answered in the envelope', async () => {
    for (const [label, param, status] of [
      ['lone surrogate', '%ED%A0%80', 400],
      ['bad escape', '%zz', 400],
      ['too long', 'a'.repeat(300), 414],
    ] as const) {
      const res = await fetch(`${t.url}/api/file/info/${param}`, { headers: { cookie: teacherCookie } });
      expect(res.status, label).toBe(status);
      expectEnvelopeError(await res.json(), label);
    }
  });

  it('bad JSON, an empty JSON body and a foreign content type are 4xx in the envelope', async () => {
    const url = `${t.url}${routes.rstImgSwipe.path}`;
    const cases: [string, RequestInit, number][] = [
      ['bad json', { headers: { 'content-type': 'application/json' }, body: '{"a":' }, 400],
      ['empty json', { headers: { 'content-type': 'application/json' }, body: '' }, 400],
      ['xml', { headers: { 'content-type': 'application/xml' }, body: '<a/>' }, 415],
      [
        'deep nesting',
        { headers: { 'content-type': 'application/json' }, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
        400,
      ],
    ];
    for (const [label, init, status] of cases) {
      const res = await fetch(url, { method: 'POST', ...init });
      expect(res.status, label).toBe(status);
      expectEnvelopeError(await res.json(), label);
    }
  });
});

describe('multipart bodies', () => {
  const boundary = '----zyk-boundary';
  const head = (length: number) =>
    `POST ${routes.uploadDocument.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${teacherCookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('an unterminated multipart body is a 400 in the envelope, and stores nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n教学设计`;
    const answer = await rawRequest(head(Buffer.byteLength(body)) + body);
    expect(answer.status).toBe(400);
    expectEnvelopeError(JSON.parse(answer.body), 'unterminated multipart');
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });

  it('a multipart body without its boundary, or with a broken part header, is a 400', async () => {
    for (const [label, body] of [
      ['no boundary', 'just some bytes'],
      ['broken header', `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`],
    ]) {
      const answer = await rawRequest(head(Buffer.byteLength(body as string)) + body);
      expect(answer.status, label).toBe(400);
      expectEnvelopeError(JSON.parse(answer.body), label as string);
    }
  });

  it("a file under another field name than the contract's is refused, and nothing is stored", async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const form = new FormData();
    form.append('attachment', new Blob(['教学设计']), '教案.txt');
    const res = await fetch(`${t.url}${routes.uploadDocument.path}`, {
      method: 'POST',
      headers: { cookie: teacherCookie },
      body: form,
    });
    expect(res.status).toBe(400);
    expectEnvelopeError(await res.json(), 'other field');
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });

  it('a NUL in a form field is a 400 naming the field', async () => {
    const form = new FormData();
    form.append('note', 'a\u0000b');
    form.append('file', new Blob(['教学设计']), '教案.txt');
    const res = await fetch(`${t.url}${routes.uploadDocument.path}`, {
      method: 'POST',
      headers: { cookie: teacherCookie },
      body: form,
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { msg: string };
    expectEnvelopeError(json, 'NUL field');
    expect(json.msg).toContain('note');
  });
});

describe('authentication before validation', () => {
  it('an anonymous call to a protected route with a bad body gets 401, not the schema', async () => {
    const res = await fetch(`${t.url}${routes.courseSave.path}`, {
      method: routes.courseSave.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 123, chapters: 'x' }),
    });
    expect(res.status).toBe(401);
    const json = (await res.json()) as { msg: string };
    expectEnvelopeError(json, '401');
    expect(json.msg).not.toMatch(/title|chapters|有误/);
  });

  it('an anonymous chunk with a bad query gets 401', async () => {
    const res = await fetch(`${t.url}${routes.videoUploadChunk.path}?ccvid=&uid=x`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(401);
    expectEnvelopeError(await res.json(), 'chunk 401');
  });

  it('an anonymous document upload gets 401 without its body being read', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const res = await fetch(`${t.url}${routes.uploadDocument.path}`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expectEnvelopeError(await res.json(), 'upload 401');
  });
});
