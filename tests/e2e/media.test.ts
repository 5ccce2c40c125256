import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Envelope, MESSAGES, type PreviewInfo, routes } from '@zyk/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx, h264Video } from '../support/files.ts';
import { dictIds, publishUploadedDocument } from '../support/library.ts';
import { cookieOf, initVideo, uploadVideo } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import {
  overflowFindings,
  pageFindings,
  scrollingEnded,
  settle,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from './gate-checks.ts';

/**
 * The media pipeline as a viewer meets it in Chromium: a Windows Media video (which no browser plays) transcoded to
 * HLS and played with hls.js, and a FLAC's audio rendition in the audio player; a Word document drawn by pdf.js; a paid document's first pages as watermarked images
 * for a teacher who has not bought it, with the page count in the files list; a paid video's 60-second sample with
 * its badge and the notice at its end; and the player's states while transcoding, after a failure (重新转码) and
 * without a transcoder, from answers of the server rewritten in the browser. Every page is watched for console
 * errors, CSP violations and failed requests, at desktop and phone size. Screenshots go to tests/artifacts/e2e/media/.
 */

const WMV_TITLE = '勾股定理的证明（课堂实录）';
const DOCX_TITLE = '《分数的初步认识》教学设计';
const PAID_DOC_TITLE = '《分数的初步认识》精品学案';
const PAID_VIDEO_TITLE = '勾股定理的证明（精品微课）';
/** Long enough for LibreOffice to lay it out on several pages. */
const LONG_TEXT = '分数的初步认识：把一个整体平均分成若干份，其中的一份或几份可以用分数来表示。'.repeat(250);
/** Transcoding and conversion run in the app's background queue; a busy machine takes its time. */
const PROCESSING_TIMEOUT_MS = 240_000;
const POLL = { timeout: 20_000, interval: 200 };

let t: TestApp;
let browser: Browser;
const ids = { wmv: 0, flac: 0, docx: 0, paidDoc: 0, paidVideo: 0 };
const files = { wmv: '', flac: '', docx: '', paidDoc: '', paidVideo: '' };
/** The paid document's page count, as the server counted it. */
let paidDocPages = 0;

appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { RATE_LIMITS: 'false' },
);

/** 4 s of tone as FLAC: audio a browser could play, but not one it is handed as is (only its HLS rendition). */
const flacAudio = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-flac-'));
  try {
    const file = path.join(dir, 'lesson.flac');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine', '-t', '4', file]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The test video of the brief: 4 s of test pattern and tone as WMV 8 with WMA 2, made by ffmpeg. */
const wmvVideo = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-wmv-'));
  try {
    const file = path.join(dir, 'lesson.wmv');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '4', '-c:v', 'wmv2', '-c:a', 'wmav2', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

type SignedIn = Awaited<ReturnType<typeof loginAs>>;
type Call = SignedIn['call'];

/** Uploads a video in chunks as the video screen does, publishes it as a micro-course (at a price) and approves it. */
const publishVideo = async (
  who: SignedIn,
  name: string,
  bytes: Buffer,
  body: { title: string; stageId: number; subjectId: number; price: number },
) => {
  const cookie = cookieOf(who.jar);
  const info = await initVideo(t.url, cookie, name, bytes.length);
  expect(info.json.code, info.json.msg).toBe(0);
  const done = await uploadVideo(t.url, cookie, info.json.data, name, bytes);
  const res = await who.call(routes.publishMinuteCourse, { body: { fileId: done.data!.fileId!, ...body } });
  expect(res.code, res.msg).toBe(0);
  await createReviewAdmin(t.prisma).approve(res.data.id);
  return res.data.id;
};

const firstFileOf = async (call: Call, id: number) => {
  const res = await call(routes.resourceInfo, { query: { id } });
  expect(res.code, res.msg).toBe(0);
  return res.data.files[0]!.id;
};

/** Asks for the preview until `done` says the background work is over; a failure on the way fails the test. */
const previewWhen = async (call: Call, fileId: string, done: (info: PreviewInfo) => boolean) => {
  const until = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const res = await call(routes.onlinePreview, { query: { fileId } });
    expect(res.code, res.msg).toBe(0);
    if (done(res.data)) return res.data;
    if (res.data.media?.state === 'failed' || res.data.media?.state === 'unavailable') {
      throw new Error(`media of ${fileId} ${res.data.media.state}: ${res.data.media.error}`);
    }
    if (Date.now() > until) throw new Error(`preview of ${fileId} not done: ${JSON.stringify(res.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

beforeAll(async () => {
  mkdirSync(artifact('media'), { recursive: true });
  const lijg = await loginAs(t, 'lijg');
  const zhangxm = await loginAs(t, 'zhangxm');
  const visitor = t.client().call;
  const math = await dictIds(t, '初中', '数学');

  ids.wmv = await publishVideo(lijg, '勾股定理的证明.wmv', wmvVideo(), { title: WMV_TITLE, ...math, price: 0 });
  ids.flac = await publishVideo(lijg, '勾股定理-课文朗读.flac', flacAudio(), {
    title: '勾股定理（课文朗读）',
    ...math,
    price: 0,
  });
  ids.paidVideo = await publishVideo(lijg, '勾股定理的证明-精品.mp4', h264Video(), {
    title: PAID_VIDEO_TITLE,
    ...math,
    price: 300,
  });
  ids.docx = await publishUploadedDocument(
    t,
    lijg,
    { name: '分数的初步认识.docx', bytes: docx(LONG_TEXT) },
    { title: DOCX_TITLE, ...math },
  );
  ids.paidDoc = await publishUploadedDocument(
    t,
    lijg,
    { name: '分数的初步认识-学案.docx', bytes: docx(LONG_TEXT) },
    { title: PAID_DOC_TITLE, ...math, price: 500 },
  );
  for (const key of ['wmv', 'flac', 'docx', 'paidDoc', 'paidVideo'] as const)
    files[key] = await firstFileOf(visitor, ids[key]);

  // The background work done, as a viewer finds it a while after publishing.
  const wmv = await previewWhen(visitor, files.wmv, (info) => info.media?.state === 'ready');
  expect(wmv).toMatchObject({ mode: 'video', sample: false, url: null });
  expect(wmv.media?.hlsUrl).toBeTruthy();
  const flac = await previewWhen(visitor, files.flac, (info) => info.media?.state === 'ready');
  expect(flac).toMatchObject({ mode: 'audio', sample: false, url: null });
  await previewWhen(visitor, files.docx, (info) => info.mode !== 'converting');
  const sample = await previewWhen(zhangxm.call, files.paidVideo, (info) => info.media?.state === 'ready');
  expect(sample).toMatchObject({ mode: 'video', sample: true, url: null });
  expect(sample.media?.sampleSeconds).toBe(60);
  const pages = await previewWhen(zhangxm.call, files.paidDoc, (info) => info.mode !== 'converting');
  expect(pages).toMatchObject({ mode: 'pages', sample: true, url: null });
  expect(pages.pages?.images).toHaveLength(3);
  paidDocPages = pages.pages?.pageCount ?? 0;
  expect(paidDocPages).toBeGreaterThan(3);
}, PROCESSING_TIMEOUT_MS * 2);

// ------------------------------------------------------------------------------------------------ page helpers

type Who = 'visitor' | 'lijg' | 'zhangxm';

/** A browser session as `who` at a viewport's size, watched for console errors, CSP violations, failed requests. */
const sessionOf = async (who: Who, viewport: ViewportName) => {
  const session = await returningSession(browser, who === 'visitor' ? undefined : { app: t, userName: who });
  await session.page.setViewportSize(VIEWPORTS[viewport]);
  const watcher = await watchPage(session.context, session.page);
  const mediaRequests: string[] = [];
  session.page.on('request', (request) => {
    if (request.url().includes('/api/file/media/')) mediaRequests.push(request.url());
  });
  return { ...session, watcher, mediaRequests };
};

const videoPage = (id: number) => `/home/cousrseResources/details?id=${id}`;
const documentPage = (id: number) => `/home/documents/details?id=${id}`;
const preview = (page: Page) => page.getByRole('region', { name: '在线预览' });
const fileMeta = (page: Page) => page.getByTestId('resource-files').getByTestId('file-meta').first();

/** Plays the video muted (as a viewer's click would, without sound) until it is past `seconds`. */
const playPast = async (video: Locator, seconds: number) => {
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000, interval: 200 })
    .toBeGreaterThan(seconds);
  expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
};

/**
 * The gate's findings (console, CSP, requests, layout, axe; touch targets on phones) for the page scrolled back to
 * its top, where the gate checks it: scrolled down, the header is its compact sticky self, which the gate does
 * not check (see the report).
 */
const findingsOf = async (page: Page, watcher: { take: () => string[] }, viewport: ViewportName) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  // The compact header slides away: let the scroll be seen and the transitions end (the video's spinner is endless).
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compact-header]')?.getAttribute('aria-hidden') !== 'false',
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  return [...watcher.take(), ...(await pageFindings(page, { touch: viewport === 'phone' }))];
};

/** A screenshot of the page as the viewer sees it, and one of the preview area alone. */
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: artifact(`media/${name}.png`) });
  await preview(page).screenshot({ path: artifact(`media/${name}-preview.png`) });
};

const viewports: ViewportName[] = ['desktop', 'phone'];

// ------------------------------------------------------------------------------------------------ the tests

describe('a WMV video, transcoded to HLS, plays on its details page', () => {
  it.each(viewports)('at %s size', async (viewport) => {
    const { context, page, watcher, mediaRequests } = await sessionOf('visitor', viewport);
    try {
      await page.goto(`${t.url}${videoPage(ids.wmv)}`);
      await settle(page);
      const video = preview(page).getByTestId('preview-video');
      await video.waitFor();
      // The poster comes from the renditions; the player is hls.js (the browser cannot play WMV itself).
      expect(await video.getAttribute('poster')).toContain('/api/file/media/');
      await expect.poll(() => video.getAttribute('data-feed'), POLL).toBe('hls.js');
      await playPast(video, 1);
      expect(mediaRequests.some((url) => url.includes('.m3u8'))).toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
      await shot(page, `wmv-playing-${viewport}`);
      // The files list: type, length, size.
      expect(await fileMeta(page).textContent()).toMatch(/^WMV · 00:0[3-5] · \d+(\.\d)? KB$/);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      expect(await findingsOf(page, watcher, viewport)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a WMV chosen on the video upload screen plays once it is approved and transcoded', () => {
  it(
    'at desktop size',
    async () => {
      const { context, page, watcher } = await sessionOf('lijg', 'desktop');
      try {
        await page.goto(`${t.url}/home/uploadVideo`);
        // Opened by its address, the screen asks for the originality statement first.
        await page.getByRole('dialog', { name: '原创声明' }).getByRole('button', { name: '我已阅读并同意' }).click();
        await page.getByTestId('upload-notice').waitFor();
        await page
          .getByTestId('upload-input')
          .setInputFiles({ name: '分数的意义（课堂实录）.wmv', mimeType: 'video/x-ms-wmv', buffer: wmvVideo() });
        const row = page.locator('[data-testid="upload-item"][data-name="分数的意义（课堂实录）.wmv"]');
        await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000, interval: 200 }).toBe('success');
        // The form takes its title from the file once the upload is done; submitting before that would be refused.
        await expect.poll(() => page.getByLabel('资源标题').inputValue(), POLL).toBe('分数的意义（课堂实录）');
        // Stage and subject default to the teacher's own (初中 数学), even when the user info loads after the screen.
        const form = page.getByTestId('upload-video').locator('form');
        await expect.poll(() => form.textContent(), POLL).toMatch(/初中[\s\S]*数学/);
        // On a loaded 2-core runner the upload's own transcoding (ffmpeg) competes with the answer: allow it a minute.
        const published = page.waitForResponse((r) => r.url().endsWith('/es/resource/lib/publish/minute_course'), {
          timeout: 60_000,
        });
        await page.getByRole('button', { name: '提交审核' }).click();
        const answer = (await (await published).json()) as Envelope<{ id: number }>;
        expect(answer.code).toBe(0);
        await createReviewAdmin(t.prisma).approve(answer.data!.id);
        const fileId = await firstFileOf(t.client().call, answer.data!.id);
        await previewWhen(t.client().call, fileId, (info) => info.media?.state === 'ready');

        await page.goto(`${t.url}${videoPage(answer.data!.id)}`);
        await settle(page);
        const video = preview(page).getByTestId('preview-video');
        await expect.poll(() => video.getAttribute('data-feed'), POLL).toBe('hls.js');
        await playPast(video, 1);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
      } finally {
        await context.close();
      }
    },
    PROCESSING_TIMEOUT_MS,
  );
});

describe('an audio file plays its HLS rendition in the audio player', () => {
  it('at desktop size', async () => {
    const { context, page, watcher, mediaRequests } = await sessionOf('visitor', 'desktop');
    try {
      await page.goto(`${t.url}${videoPage(ids.flac)}`);
      await settle(page);
      const audio = preview(page).getByTestId('preview-audio');
      await expect.poll(() => audio.getAttribute('data-feed'), POLL).toBe('hls.js');
      await playPast(audio, 1);
      expect(mediaRequests.some((url) => url.includes('.m3u8'))).toBe(true);
      expect(await fileMeta(page).textContent()).toMatch(/^FLAC · 00:0[3-5] · /);
      await shot(page, 'flac-playing-desktop');
      await audio.evaluate((a: HTMLAudioElement) => a.pause());
      expect(await findingsOf(page, watcher, 'desktop')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a Word document is shown with pdf.js', () => {
  it.each(viewports)('at %s size', async (viewport) => {
    const { context, page, watcher } = await sessionOf('visitor', viewport);
    try {
      await page.goto(`${t.url}${documentPage(ids.docx)}`);
      await settle(page);
      const pdf = preview(page).getByTestId('preview-pdf');
      await pdf.getByRole('img', { name: '第 1 页' }).waitFor();
      await pdf.getByRole('img', { name: '第 2 页' }).waitFor();
      expect(await fileMeta(page).textContent()).toMatch(/^DOCX · \d+ 页 · \d+(\.\d)? KB$/);
      await shot(page, `docx-pdf-${viewport}`);
      expect(await findingsOf(page, watcher, viewport)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a paid document shows a teacher who has not bought it its first pages', () => {
  it.each(viewports)('at %s size', async (viewport) => {
    const { context, page, watcher, mediaRequests } = await sessionOf('zhangxm', viewport);
    try {
      await page.goto(`${t.url}${documentPage(ids.paidDoc)}`);
      await settle(page);
      const pages = preview(page).getByTestId('preview-pages');
      await pages.waitFor();
      // The page as it opens (the gate's checks); then each page image brought into view.
      const findings = await findingsOf(page, watcher, viewport);
      expect(await pages.getByTestId('preview-pages-notice').textContent()).toContain(
        `试读前 3 页，共 ${paidDocPages} 页 · 购买后可查看全部`,
      );
      const images = pages.getByRole('img');
      expect(await images.evaluateAll((list) => list.map((img) => img.getAttribute('alt')))).toEqual([
        '第 1 页',
        '第 2 页',
        '第 3 页',
      ]);
      expect(await images.first().getAttribute('loading')).toBe('lazy');
      // Each page arrives as it comes near, at the column's width (never wider), from the signed sample prefix.
      for (let i = 0; i < 3; i++) {
        const image = images.nth(i);
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBeGreaterThan(0);
        const [width, column] = await image.evaluate((img: HTMLImageElement) => [
          img.getBoundingClientRect().width,
          img.parentElement!.getBoundingClientRect().width,
        ]);
        expect(width).toBeLessThanOrEqual(column + 0.5);
        expect(width).toBeGreaterThan(column * 0.9);
      }
      expect(new Set(mediaRequests.filter((url) => url.includes('/pages/'))).size).toBe(3);
      // The files list names the whole document's length.
      expect(await fileMeta(page).textContent()).toMatch(new RegExp(`^DOCX · ${paidDocPages} 页 · `));
      await pages.getByTestId('preview-pages-notice').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: artifact(`media/paid-doc-pages-${viewport}.png`) });
      await page.getByTestId('resource-files').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: artifact(`media/paid-doc-files-${viewport}.png`) });
      findings.push(...(await findingsOf(page, watcher, viewport)));
      if (viewport === 'phone') {
        await page.setViewportSize(VIEWPORTS.narrowPhone);
        findings.push(...(await overflowFindings(page)));
      }
      expect(findings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('and a visitor too (no login needed for the sample)', async () => {
    const { context, page, watcher } = await sessionOf('visitor', 'desktop');
    try {
      await page.goto(`${t.url}${documentPage(ids.paidDoc)}`);
      await settle(page);
      await preview(page).getByTestId('preview-pages').getByRole('img', { name: '第 3 页' }).waitFor();
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a paid video plays its 60-second sample for those who have not bought it', () => {
  it.each([
    ['desktop', 'zhangxm'],
    ['phone', 'visitor'],
  ] as const)('at %s size, as %s', async (viewport, who) => {
    const { context, page, watcher } = await sessionOf(who, viewport);
    try {
      await page.goto(`${t.url}${videoPage(ids.paidVideo)}`);
      await settle(page);
      expect(await preview(page).getByTestId('sample-badge').textContent()).toBe('试看 60 秒');
      const video = preview(page).getByTestId('preview-video');
      await expect.poll(() => video.getAttribute('data-feed'), POLL).toBe('hls.js');
      await playPast(video, 1);
      await shot(page, `sample-playing-${viewport}`);

      // The end of the sample (the test video is 30 s long): the notice over the video, the way to buy.
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = Math.max(0, v.duration - 1);
      });
      const over = preview(page).getByTestId('sample-over');
      await over.waitFor({ timeout: 15_000 });
      expect(await over.textContent()).toContain('试看结束，购买后可观看完整视频');
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await shot(page, `sample-over-${viewport}`);
      expect(await findingsOf(page, watcher, viewport)).toEqual([]);

      await over.getByRole('button', { name: '去购买' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('resource-buy');
      // Watching again starts over (once 去购买's smooth scroll has ended, or the click lands beside the button).
      await scrollingEnded(page);
      await over.getByRole('button', { name: '重新试看' }).click();
      await over.waitFor({ state: 'detached' });
      expect(watcher.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the player’s states while transcoding, after a failure and without a transcoder', () => {
  /**
   * The server's answers rewritten in the browser: the real answer for the WMV (ready, signed links) made into
   * each state the player must show. `state` is read on every request, so a state can change while the page polls.
   */
  const rewrite = async (page: Page, state: { make: ((real: PreviewInfo) => PreviewInfo) | null }) => {
    const asked = { count: 0 };
    await page.route('**/api/open/onlinePreview?**', async (route) => {
      asked.count++;
      const response = await route.fetch();
      const body = (await response.json()) as Envelope<PreviewInfo>;
      if (state.make && body.code === 0) body.data = state.make(body.data);
      await route.fulfill({ response, json: body });
    });
    return asked;
  };
  const media = (real: PreviewInfo, patch: Partial<NonNullable<PreviewInfo['media']>>, url: string | null = null) => ({
    ...real,
    url,
    media: { ...real.media!, hlsUrl: null, mp4Url: null, posterUrl: null, ...patch },
  });

  it.each(viewports)('at %s size', async (viewport) => {
    const { context, page, watcher } = await sessionOf('lijg', viewport);
    const state: { make: ((real: PreviewInfo) => PreviewInfo) | null } = { make: null };
    const asked = await rewrite(page, state);
    const box = preview(page);
    const findings: string[] = [];
    const check = async (name: string) => {
      await shot(page, `state-${name}-${viewport}`);
      findings.push(...(await findingsOf(page, watcher, viewport)).map((f) => `${name}: ${f}`));
    };
    try {
      // Queued, then running: the progress box, polled without a reload.
      state.make = (real) => media(real, { state: 'pending', progress: 0 });
      await page.goto(`${t.url}${videoPage(ids.wmv)}`);
      await box.getByTestId('media-transcoding').getByText('视频转码中 0%').waitFor();
      await check('pending');
      state.make = (real) => media(real, { state: 'running', progress: 35 });
      await box.getByTestId('media-transcoding').getByText('视频转码中 35%').waitFor({ timeout: 10_000 });
      await check('running');

      // Running, with an original the browser can play (here the real fallback MP4 stands in for it).
      let original = '';
      state.make = (real) => {
        original = real.media!.mp4Url!;
        return media(real, { state: 'running', progress: 35 }, original);
      };
      await page.reload();
      await box.getByTestId('media-transcoding-note').getByText('正在转码为流畅播放格式 35%').waitFor();
      const video = box.getByTestId('preview-video');
      await expect.poll(() => video.getAttribute('data-feed'), POLL).toBe('file');
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(new URL(original, t.url).href);
      await check('running-original');
      // Finished while nobody pressed play: the player takes up the renditions, the note goes.
      const polls = asked.count;
      state.make = null;
      await expect.poll(() => video.getAttribute('data-feed'), { timeout: 10_000 }).toBe('hls.js');
      await box.getByTestId('media-transcoding-note').waitFor({ state: 'detached' });
      expect(asked.count).toBeGreaterThan(polls);
      await playPast(video, 1);

      // Failed, for the uploader: the reason and 重新转码, which queues it again and polls.
      const retried: unknown[] = [];
      await page.route('**/api/file/media/retry', async (route) => {
        retried.push(route.request().postDataJSON());
        await route.fulfill({ json: { code: 0, success: true, msg: '', data: null } });
      });
      state.make = (real) => media(real, { state: 'failed', error: '视频文件已损坏，无法转码', canRetry: true });
      await page.reload();
      const failed = box.getByTestId('media-failed');
      await failed.getByText('视频转码失败').waitFor();
      await failed.getByText('视频文件已损坏，无法转码').waitFor();
      await check('failed');
      state.make = (real) => media(real, { state: 'pending', progress: 0 });
      await failed.getByRole('button', { name: '重新转码' }).click();
      await box.getByTestId('media-transcoding').waitFor();
      expect(retried).toEqual([{ fileId: files.wmv }]);

      // Failed, for anyone else: the reason, no button.
      state.make = (real) => media(real, { state: 'failed', error: '视频文件已损坏，无法转码', canRetry: false });
      await page.reload();
      await box.getByTestId('media-failed').getByText('可以下载后观看').waitFor();
      expect(await box.getByRole('button', { name: '重新转码' }).count()).toBe(0);

      // No transcoder on the server.
      state.make = (real) =>
        media(real, { state: 'unavailable', error: MESSAGES.preview.mediaUnavailable, canRetry: false });
      await page.reload();
      await box.getByTestId('media-unavailable').getByText(MESSAGES.preview.mediaUnavailable).waitFor();
      await check('unavailable');
      expect(findings).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
