import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx, onPath, pdf, png, sha256 } from '../support/files.ts';
import { cookieOf, initVideo, postDocument, uploadVideo } from '../support/uploads.ts';

/**
 * Online preview and thumbnails. The "not installed" answers are always tested (tool paths pointed nowhere); the
 * real conversions run where LibreOffice, pdftoppm and ffmpeg are installed (.ci/run installs them).
 */

const HAS = { soffice: onPath('soffice'), ffmpeg: onPath('ffmpeg'), pdftoppm: onPath('pdftoppm') };

const preview = async (t: TestApp, cookie: string, fileId: string) => {
  const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${fileId}`, { headers: { cookie } });
  return (await res.json()) as { code: number; data: { mode: string; url: string | null; msg: string | null } };
};

describe('without conversion tools', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-nopreview-')),
      LIBREOFFICE_PATH: '/nonexistent/soffice',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      PDFTOPPM_PATH: '/nonexistent/pdftoppm',
      // Without the built-in WebAssembly converters too (preview-builtin.test.ts tests them).
      BUILTIN_DOCUMENTS: 'false',
      JOB_WORKER: 'false',
      RATE_LIMITS: 'false',
    },
  });
  beforeAll(async () => {
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  it('says clearly that Office preview is unavailable, while the download still works', async () => {
    const bytes = docx();
    const { json } = await postDocument(t.url, cookie, '教学设计.docx', bytes);
    const id = json.data.id as string;
    const answer = await preview(t, cookie, id);
    expect(answer.data).toMatchObject({ mode: 'unavailable', url: null, msg: MESSAGES.preview.unavailable });
    const info = await fetch(`${t.url}/api/file/info/${id}`, { headers: { cookie } }).then((r) => r.json());
    const download = await fetch(`${t.url}${info.data.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
    // The queued job records why, and leaves a placeholder thumbnail.
    await t.app.previews.drain();
    const rows = await t.prisma.fileDerivative.findMany({ where: { fileId: id } });
    expect(rows.find((r) => r.variant === 'preview')).toMatchObject({ status: 'unavailable' });
    expect(rows.find((r) => r.variant === 'thumbnail')).toMatchObject({ status: 'ready', source: 'placeholder' });
    const thumb = await fetch(`${t.url}/api/file/thumbnail/${id}`, { headers: { cookie } });
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await thumb.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('previews PDF, images and text directly, with signed inline URLs', async () => {
    for (const [name, bytes, mode] of [
      ['讲义.pdf', pdf(), 'pdf'],
      ['板书.png', png(), 'image'],
      ['作业.txt', Buffer.from('第一题：1/2 + 1/3 = ?'), 'text'],
    ] as const) {
      const { json } = await postDocument(t.url, cookie, name, bytes);
      const answer = await preview(t, cookie, json.data.id as string);
      expect(answer.data.mode).toBe(mode);
      const res = await fetch(`${t.url}${answer.data.url}`);
      expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('gives a video a long-lived inline URL and a placeholder poster', async () => {
    const data = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 1)]);
    const info = (await initVideo(t.url, cookie, '微课.mp4', data.length)).json.data;
    const fileId = (await uploadVideo(t.url, cookie, info, '微课.mp4', data)).data!.fileId!;
    const answer = await preview(t, cookie, fileId);
    expect(answer.data.mode).toBe('video');
    const exp = Number(new URL(`http://x${answer.data.url}`).searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeGreaterThan(3600);
    await t.app.previews.drain();
    const thumb = await t.prisma.fileDerivative.findUniqueOrThrow({
      where: { fileId_variant: { fileId, variant: 'thumbnail' } },
    });
    expect(thumb.source).toBe('placeholder');
  });
});

describe('external preview host', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-kkfv-')),
      PREVIEW_HOST: 'http://preview.school.local:8012/',
      JOB_WORKER: 'false',
      RATE_LIMITS: 'false',
    },
  });
  beforeAll(async () => {
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  it('answers a kkFileView URL carrying a short-lived signed file URL that fetches the file', async () => {
    const bytes = docx();
    const { json } = await postDocument(t.url, cookie, '课件 第1课.docx', bytes);
    const answer = await preview(t, cookie, json.data.id as string);
    expect(answer.data.mode).toBe('external');
    const external = new URL(answer.data.url!);
    expect(`${external.origin}${external.pathname}`).toBe('http://preview.school.local:8012/onlinePreview');
    const fileUrl = Buffer.from(external.searchParams.get('url')!, 'base64').toString('utf8');
    expect(fileUrl.startsWith(t.url)).toBe(true);
    expect(new URL(fileUrl).searchParams.get('fullfilename')).toBe('课件 第1课.docx');
    const res = await fetch(fileUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('with conversion tools', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-convert-')),
      JOB_WORKER: 'false',
      RATE_LIMITS: 'false',
    },
  });
  beforeAll(async () => {
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  it.runIf(HAS.soffice)(
    'converts a Word document to PDF in the background, caches it, and draws its first page',
    async () => {
      const { json } = await postDocument(t.url, cookie, '分数的初步认识.docx', docx());
      const id = json.data.id as string;
      expect((await preview(t, cookie, id)).data).toMatchObject({
        mode: 'converting',
        msg: MESSAGES.preview.converting,
      });
      await t.app.previews.drain();
      const answer = await preview(t, cookie, id);
      expect(answer.data.mode).toBe('pdf');
      const res = await fetch(`${t.url}${answer.data.url}`);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('分数的初步认识.pdf'));
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const thumb = await t.prisma.fileDerivative.findUniqueOrThrow({
        where: { fileId_variant: { fileId: id, variant: 'thumbnail' } },
      });
      expect(thumb.source).toBe(HAS.pdftoppm ? 'pdftoppm' : 'placeholder');
    },
    120_000,
  );

  it.runIf(HAS.pdftoppm)('draws a PDF’s first page as its thumbnail', async () => {
    const { json } = await postDocument(t.url, cookie, '讲义.pdf', pdf());
    await t.app.previews.drain();
    const res = await fetch(`${t.url}/api/file/thumbnail/${json.data.id}`, { headers: { cookie } });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const row = await t.prisma.fileDerivative.findFirstOrThrow({ where: { fileId: json.data.id as string } });
    expect(row.source).toBe('pdftoppm');
  });

  it.runIf(HAS.ffmpeg)(
    'takes a video poster with ffmpeg',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-ffmpeg-'));
      const file = path.join(dir, 'lesson.mp4');
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x240:rate=10',
        '-pix_fmt',
        'yuv420p',
        '-y',
        file,
      ]);
      const data = readFileSync(file);
      const info = (await initVideo(t.url, cookie, '真实视频.mp4', data.length)).json.data;
      const fileId = (await uploadVideo(t.url, cookie, info, '真实视频.mp4', data)).data!.fileId!;
      await t.app.previews.drain();
      const res = await fetch(`${t.url}/api/file/thumbnail/${fileId}`, { headers: { cookie } });
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 3)
          .equals(Buffer.from([0xff, 0xd8, 0xff])),
      ).toBe(true);
    },
    60_000,
  );
});
