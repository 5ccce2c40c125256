import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFileAccessRule } from '../../apps/api/src/lib/file-access.ts';
import { contentDisposition, parseRange } from '../../apps/api/src/modules/files/serve.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { fakeMp4, pdf } from '../support/files.ts';
import { cookieOf, initVideo, postDocument, uploadVideo } from '../support/uploads.ts';

/** Serving stored files: ranges, signed URLs, safe headers, and the file-access registry. */

const MiB = 1024 * 1024;
let t: TestApp;
let cookie: string;
let video: Buffer;
let videoId: string;
let inlineUrl: string;

testAppFor((app) => (t = app), {
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-serve-')), RATE_LIMITS: 'false', JOB_WORKER: 'false' },
});
beforeAll(async () => {
  cookie = cookieOf((await loginAs(t, 'chensy')).jar);
  video = fakeMp4(2 * MiB + 777);
  const info = (await initVideo(t.url, cookie, '公开课.mp4', video.length)).json.data;
  videoId = (await uploadVideo(t.url, cookie, info, '公开课.mp4', video)).data!.fileId!;
  inlineUrl = (await fetch(`${t.url}/api/file/info/${videoId}`, { headers: { cookie } }).then((r) => r.json())).data
    .url;
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
});

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${t.url}${url}`, { headers, method });

describe('range requests', () => {
  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, 2 * MiB + 776],
    ['bytes=-500', 2 * MiB + 277, 2 * MiB + 776],
    ['bytes=2097000-9999999', 2097000, 2 * MiB + 776],
  ])('%s answers 206 with exactly those bytes', async (range, start, end) => {
    const res = await get(inlineUrl, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(Number(res.headers.get('content-length'))).toBe(end - start + 1);
    expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(start, end + 1))).toBe(true);
  });

  it('seeks many times in a row like a video player', async () => {
    for (const start of [1_500_000, 10, 2_000_000, 700_000, 0]) {
      const res = await get(inlineUrl, { range: `bytes=${start}-${start + 65535}` });
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(start, start + 65536))).toBe(true);
    }
  });

  it('answers several ranges as multipart/byteranges', async () => {
    const res = await get(inlineUrl, { range: 'bytes=0-9,100-109' });
    expect(res.status).toBe(206);
    const type = res.headers.get('content-type')!;
    expect(type).toMatch(/^multipart\/byteranges; boundary=/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(Number(res.headers.get('content-length')));
    expect(body.includes(video.subarray(0, 10))).toBe(true);
    expect(body.includes(video.subarray(100, 110))).toBe(true);
    expect(body.toString('latin1')).toContain(`Content-Range: bytes 100-109/${video.length}`);
  });

  it('answers 416 past the end, 200 whole for a malformed range, and 304 for a current copy', async () => {
    const past = await get(inlineUrl, { range: `bytes=${video.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${video.length}`);
    expect((await past.json()).msg).toBe(MESSAGES.file.rangeNotSatisfiable);
    const junk = await get(inlineUrl, { range: 'pages=1-2' });
    expect(junk.status).toBe(200);
    expect(Number(junk.headers.get('content-length'))).toBe(video.length);
    await junk.arrayBuffer();
    const etag = junk.headers.get('etag')!;
    expect((await get(inlineUrl, { 'if-none-match': etag })).status).toBe(304);
    const stale = await get(inlineUrl, { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const head = await get(inlineUrl, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it('parses ranges by the rules', () => {
    expect(parseRange('bytes=5-1', 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,1-3,8-', 10)).toEqual({
      kind: 'ranges',
      ranges: [
        { start: 0, end: 3 },
        { start: 8, end: 9 },
      ],
    });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(`bytes=${Array.from({ length: 20 }, (_, i) => `${i}-${i}`).join(',')}`, 100)).toEqual({
      kind: 'full',
    });
  });
});

describe('signed URLs and headers', () => {
  it('refuses a tampered or expired signature with a Chinese message', async () => {
    const tampered = inlineUrl.replace(/dl=0/, 'dl=1');
    expect((await get(tampered)).status).toBe(403);
    const otherFile = inlineUrl.replace(videoId, 'aaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect((await get(otherFile)).status).toBe(403);
    const expired = t.app.fileUrls.url(videoId, { ttlSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await get(expired);
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe(MESSAGES.file.linkExpired);
  });

  it('never serves user content as HTML: a text file is text/plain with nosniff', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const { json } = await postDocument(t.url, cookie, '看起来像网页.txt', html);
    const url = t.app.fileUrls.url(json.data.id as string, { disposition: 'inline' });
    const res = await get(url);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  it('writes RFC 5987 file names with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '教案 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E6%95%99%E6%A1%88%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c;d.pdf')).toBe(
      `inline; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd.pdf`,
    );
  });
});

describe('file access', () => {
  it('a registered rule grants visitors what it grants; owners and admins always read', async () => {
    const { json } = await postDocument(t.url, cookie, '公开教案.pdf', pdf());
    const id = json.data.id as string;
    expect((await get(`/api/open/onlinePreview?fileId=${id}`)).status).toBe(401);
    registerFileAccessRule(t.app, ({ file }) => file.id === id);
    const res = await get(`/api/open/onlinePreview?fileId=${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ mode: 'pdf', fileName: '公开教案.pdf' });
    expect((await get(body.data.url)).status).toBe(200);
    expect((await get(`/api/file/thumbnail/${id}`)).headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers 404 for an unknown file', async () => {
    const res = await get('/api/open/onlinePreview?fileId=aaaaaaaaaaaaaaaaaaaaaaaaaa', { cookie });
    expect(res.status).toBe(404);
    expect((await res.json()).msg).toBe(MESSAGES.file.notFound);
  });
});
