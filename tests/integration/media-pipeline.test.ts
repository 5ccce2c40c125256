import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type PreviewInfo, routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { onPath } from '../support/files.ts';
import { startInstance } from '../support/instances.ts';
import { dictIds, publishUploadedDocument, publishUploadedVideo } from '../support/library.ts';
import { cookieOf, initVideo, uploadVideo } from '../support/uploads.ts';

/**
 * The media pipeline end to end through the api: an upload queues its jobs, a job makes HLS renditions, samples
 * and sample pages, the preview answers signed URLs under the access rules, and the queue runs each job once
 * across processes and survives a restart. The tools are real (.ci/run installs ffmpeg, LibreOffice, poppler).
 */

const HAS_TOOLS = onPath('ffmpeg') && onPath('ffprobe') && onPath('pdftoppm') && onPath('soffice');

const work = mkdtempSync(path.join(os.tmpdir(), 'zyk-media-'));
// The generated clips go with the file's tests.
afterAll(() => rmSync(work, { recursive: true, force: true }));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const clip = (name: string, seconds: number, codecArgs: string[] = [], size = '320x240') => {
  const file = path.join(work, name);
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codecArgs,
    '-shortest',
    file,
  );
  return { name, bytes: readFileSync(file) };
};

type Signed = Awaited<ReturnType<typeof loginAs>>;
const previewOf = async (who: Signed | null, t: TestApp, fileId: string) => {
  const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${fileId}`, {
    headers: who ? { cookie: cookieOf(who.jar) } : {},
  });
  return (await res.json()) as { code: number; msg: string; data: PreviewInfo };
};
const fileOf = async (t: TestApp, resourceId: number) =>
  (await t.prisma.resourceFile.findFirstOrThrow({ where: { resourceId } })).fileId;
const text = async (t: TestApp, url: string) => {
  const res = await fetch(`${t.url}${url}`);
  expect(res.status, url).toBe(200);
  return res.text();
};
/** Sum of #EXTINF durations of a media playlist. */
const playlistSeconds = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);

describe.runIf(HAS_TOOLS)('media pipeline', () => {
  let t: TestApp;
  let author: Signed;
  let buyer: Signed;
  let ids: { stageId: number; subjectId: number };

  testAppFor((app) => (t = app), { env: { JOB_WORKER: 'false', RATE_LIMITS: 'false', PREVIEW_SAMPLE_SECONDS: '5' } });
  beforeAll(async () => {
    author = await loginAs(t, 'wangcy');
    buyer = await loginAs(t, 'lijg');
    ids = await dictIds(t, '初中', '数学');
  }, 60_000);
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  it('turns an uploaded .wmv into HLS the browser can play, served under signed URLs', async () => {
    const wmv = clip('lesson.wmv', 4, ['-c:v', 'wmv2', '-c:a', 'wmav2']);
    const id = await publishUploadedVideo(t, author, wmv, { title: '勾股定理微课', ...ids });
    const fileId = await fileOf(t, id);
    const before = await previewOf(author, t, fileId);
    expect(before.data.mode).toBe('video');
    expect(before.data.media).toMatchObject({ state: 'pending', hlsUrl: null });
    // A .wmv is not something a browser plays: no original URL while it transcodes.
    expect(before.data.url).toBeNull();
    await t.app.previews.drain();

    const after = await previewOf(author, t, fileId);
    const media = after.data.media!;
    expect(media).toMatchObject({ state: 'ready', sampleSeconds: null, error: null });
    expect(media.durationSeconds).toBeCloseTo(4, 0);
    const master = await text(t, media.hlsUrl!);
    expect(master).toContain('#EXTM3U');
    const variant = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const base = media.hlsUrl!.slice(0, media.hlsUrl!.lastIndexOf('/') + 1);
    const playlist = await text(t, base + variant);
    expect(playlistSeconds(playlist)).toBeCloseTo(4, 0);
    const segment = playlist.split('\n').find((line) => line.endsWith('.ts'))!;
    const variantDir = (base + variant).slice(0, (base + variant).lastIndexOf('/') + 1);
    const seg = await fetch(`${t.url}${variantDir}${segment}`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await fetch(`${t.url}${media.posterUrl}`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${t.url}${media.mp4Url}`)).headers.get('content-type')).toBe('video/mp4');
    // The signature covers file, variant and expiry: a changed part, or a name the derivative does not hold, fails.
    expect((await fetch(`${t.url}${media.hlsUrl!.replace('/hls/', '/sample/')}`)).status).toBe(403);
    expect((await fetch(`${t.url}${base}..%2F..%2Fsecrets`)).status).toBe(404);
    expect((await fetch(`${t.url}${base}not-there.ts`)).status).toBe(404);
    // The details page learns the duration.
    const details = await author.call(routes.resourceInfo, { query: { id } });
    expect(details.data.files[0]!.durationSeconds).toBeCloseTo(4, 0);
  }, 120_000);

  it('shows a non-buyer of a paid video only its watermarked first seconds', async () => {
    const mp4 = clip('paid.mp4', 9, ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    const id = await publishUploadedVideo(t, author, mp4, { title: '付费微课：一元二次方程', price: 300, ...ids });
    const fileId = await fileOf(t, id);
    await t.app.previews.drain();
    const seen = await previewOf(buyer, t, fileId);
    expect(seen.data).toMatchObject({ mode: 'video', sample: true, url: null });
    expect(seen.data.media).toMatchObject({ state: 'ready', sampleSeconds: 5, canRetry: false });
    const base = seen.data.media!.hlsUrl!.slice(0, seen.data.media!.hlsUrl!.lastIndexOf('/') + 1);
    const master = await text(t, seen.data.media!.hlsUrl!);
    const variant = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const seconds = playlistSeconds(await text(t, base + variant));
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThanOrEqual(5 + 0.5);
    // The whole video's renditions are not reachable with the sample's signature.
    expect((await fetch(`${t.url}${seen.data.media!.hlsUrl!.replace('/sample/', '/hls/')}`)).status).toBe(403);
    // The author sees the whole.
    const own = await previewOf(author, t, fileId);
    expect(own.data.sample).toBe(false);
    expect(own.data.media!.sampleSeconds).toBeNull();
    expect(own.data.media!.hlsUrl).not.toBeNull();
  }, 120_000);

  it('shows a non-buyer of a paid document its first pages as watermarked images, and the page count', async () => {
    // Six pages of text through LibreOffice, as a teacher's .docx would come.
    const html = path.join(work, 'handout.html');
    const pages = Array.from(
      { length: 6 },
      (_, i) => `<h1>第 ${i + 1} 页 勾股定理练习</h1><p>${'直角三角形两直角边的平方和等于斜边的平方。'.repeat(20)}</p>`,
    );
    execFileSync('node', [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(html)}, ${JSON.stringify(`<html><body>${pages.join('<p style="page-break-before: always"></p>')}</body></html>`)})`,
    ]);
    execFileSync('soffice', ['--headless', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', work, html], {
      env: { ...process.env, HOME: work },
      timeout: 120_000,
    });
    const docx = { name: '勾股定理练习.docx', bytes: readFileSync(path.join(work, 'handout.docx')) };
    const id = await publishUploadedDocument(t, author, docx, { title: '勾股定理练习', price: 200, ...ids });
    const fileId = await fileOf(t, id);
    await t.app.previews.drain(); // the PDF, then (queued by it) the sample pages
    await t.app.previews.drain();
    const seen = await previewOf(buyer, t, fileId);
    expect(seen.data).toMatchObject({ mode: 'pages', sample: true, url: null });
    expect(seen.data.pages!.pageCount).toBe(6);
    expect(seen.data.pages!.images).toHaveLength(3);
    for (const image of seen.data.pages!.images) {
      const res = await fetch(`${t.url}${image}`);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
    }
    const base = seen.data.pages!.images[0]!.slice(0, seen.data.pages!.images[0]!.lastIndexOf('/') + 1);
    expect((await fetch(`${t.url}${base}page-4.jpg`)).status).toBe(404);
    // Whoever may read the whole gets the PDF; the file list gives the page count.
    expect((await previewOf(author, t, fileId)).data.mode).toBe('pdf');
    expect((await author.call(routes.resourceInfo, { query: { id } })).data.files[0]!.pageCount).toBe(6);
    // A visitor sees the sample of a published resource too; an unpublished one not at all.
    expect((await previewOf(null, t, fileId)).data.mode).toBe('pages');
  }, 180_000);

  it('fails a corrupt video with a Chinese reason, serves nothing of it, and lets only the uploader retry', async () => {
    const junk = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(20_000, 7)]);
    const info = (await initVideo(t.url, cookieOf(author.jar), '坏视频.mp4', junk.length)).json.data;
    const fileId = (await uploadVideo(t.url, cookieOf(author.jar), info, '坏视频.mp4', junk)).data!.fileId!;
    await t.app.previews.drain();
    const answer = await previewOf(author, t, fileId);
    expect(answer.data.media).toMatchObject({ state: 'failed', hlsUrl: null, mp4Url: null, canRetry: true });
    expect(answer.data.media!.error).toMatch(/[\u4e00-\u9fff]/);
    const rows = await t.prisma.fileDerivative.findMany({ where: { fileId, variant: { in: ['hls', 'sample'] } } });
    expect(rows.map((r) => [r.status, r.storageKey, r.attempts])).toEqual([
      ['failed', null, 1],
      ['failed', null, 1],
    ]);
    const other = await buyer.call(routes.retryMediaProcessing, { body: { fileId } });
    expect(other).toMatchObject({ success: false, msg: MESSAGES.preview.retryNotAllowed });
    expect((await author.call(routes.retryMediaProcessing, { body: { fileId } })).code).toBe(0);
    expect((await previewOf(author, t, fileId)).data.media!.state).toBe('pending');
  }, 60_000);
});

describe.runIf(HAS_TOOLS)('the job queue across processes', () => {
  let t: TestApp;
  let author: Signed;

  testAppFor((app) => (t = app), { env: { JOB_WORKER: 'false', RATE_LIMITS: 'false' } });
  beforeAll(async () => {
    author = await loginAs(t, 'wangcy');
  }, 60_000);
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  it('runs each job once with two workers on one database', async () => {
    const fileIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const mp4 = clip(`twice-${i}.mp4`, 2, ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
      const info = (await initVideo(t.url, cookieOf(author.jar), mp4.name, mp4.bytes.length)).json.data;
      fileIds.push((await uploadVideo(t.url, cookieOf(author.jar), info, mp4.name, mp4.bytes)).data!.fileId!);
    }
    const env = { JOB_WORKER: 'true', RATE_LIMITS: 'false', DATA_DIR: t.config.DATA_DIR, MEDIA_CONCURRENCY: '2' };
    const [a, b] = await Promise.all([startInstance(t.databaseUrl, env), startInstance(t.databaseUrl, env)]);
    try {
      await expect
        .poll(
          async () => t.prisma.fileDerivative.count({ where: { fileId: { in: fileIds }, status: { not: 'ready' } } }),
          { timeout: 120_000, interval: 500 },
        )
        .toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const rows = await t.prisma.fileDerivative.findMany({ where: { fileId: { in: fileIds } } });
    expect(rows).toHaveLength(fileIds.length * 3);
    // One run each: a second run of the same job would have counted a second attempt.
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  }, 180_000);

  it('finishes a transcode cut short by a worker restart', async () => {
    // Long enough at 720p that the transcode outlasts the stop's grace period (3 s) on any machine.
    const long = clip('long.mkv', 30, ['-c:v', 'mpeg4', '-q:v', '8', '-c:a', 'mp3'], '1280x720');
    const info = (await initVideo(t.url, cookieOf(author.jar), long.name, long.bytes.length)).json.data;
    const fileId = (await uploadVideo(t.url, cookieOf(author.jar), info, long.name, long.bytes)).data!.fileId!;
    const env = { JOB_WORKER: 'true', RATE_LIMITS: 'false', DATA_DIR: t.config.DATA_DIR };
    const first = await startInstance(t.databaseUrl, env);
    const hls = { fileId_variant: { fileId, variant: 'hls' } };
    try {
      await expect
        .poll(async () => (await t.prisma.fileDerivative.findUnique({ where: hls }))?.status, {
          timeout: 60_000,
          interval: 100,
        })
        .toBe('running');
    } finally {
      await first.close(); // mid-transcode: the job is aborted and handed back
    }
    expect((await t.prisma.fileDerivative.findUniqueOrThrow({ where: hls })).status).toBe('pending');
    const second = await startInstance(t.databaseUrl, env);
    try {
      await expect
        .poll(async () => (await t.prisma.fileDerivative.findUnique({ where: hls }))?.status, {
          timeout: 150_000,
          interval: 500,
        })
        .toBe('ready');
    } finally {
      await second.close();
    }
    const row = await t.prisma.fileDerivative.findUniqueOrThrow({ where: hls });
    expect(row.attempts).toBe(2);
    expect((row.meta as { durationSeconds: number }).durationSeconds).toBeCloseTo(30, 0);
  }, 240_000);
});
