import { execFileSync } from 'node:child_process';
import { GRADE_NAMES } from '@zyk/shared';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { missingGlyphs } from '../../apps/api/src/demo/content/font.ts';
import { lessonCore } from '../../apps/api/src/demo/content/lesson.ts';
import { microCourseScript, renderSlide, scriptText, VIDEO_SIZES } from '../../apps/api/src/demo/content/video.ts';
import {
  type DemoVideoItem,
  demoVideoItems,
  generateDemoVideos,
  seedDemoVideos,
} from '../../apps/api/src/demo/videos.ts';
import { catalogueOf } from '../../apps/api/src/modules/catalogue/tree.ts';
import { type TestApp, testAppFor } from '../support/app.ts';

/**
 * The demo's micro-courses: each a video generated for its lesson, stored through the chunked upload and the media
 * pipeline like a teacher's upload, so it plays (HLS and its MP4 fallback), has a thumbnail and a sample; titles
 * agree with stage, grade and the catalogue lesson they hang on; a second seed changes nothing. Needs ffmpeg and
 * ffprobe (system or the npm packages the product finds). A video this machine transcoded in an earlier run has its
 * outputs copied from then (tests/support/media-cache.ts); media-transcode and media-pipeline run ffmpeg always.
 */

let t: TestApp;
let items: DemoVideoItem[];
let seedSeconds = 0;
let transcodeSeconds = 0;

const ffprobe = (file: string) =>
  JSON.parse(
    execFileSync(
      t.app.previews.tools.ffprobe!,
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { streams: { codec_type: string; codec_name: string; height?: number }[]; format: { duration: string } };

/** Grade words a title of each stage may carry. */
const STAGE_GRADES: Record<string, string[]> = {
  小学: [1, 2, 3, 4, 5, 6].map((g) => GRADE_NAMES[g]!),
  初中: [7, 8, 9].map((g) => GRADE_NAMES[g]!),
  高中: ['高中', '高一', '高二', '高三'],
};
const ALL_GRADE_WORDS = [...Object.values(GRADE_NAMES), '高中'];

testAppFor((app) => (t = app), { env: { JOB_WORKER: 'false', RATE_LIMITS: 'false' }, cacheMedia: true });
beforeAll(async () => {
  items = await demoVideoItems(t.app);
  const started = Date.now();
  expect(await seedDemoVideos(t.app, t.config)).toBe(items.length);
  seedSeconds = (Date.now() - started) / 1000;
  const transcodeStarted = Date.now();
  await t.app.previews.drain();
  transcodeSeconds = (Date.now() - transcodeStarted) / 1000;
  console.info(
    `demo videos: ${items.length} generated (or taken from the cache) and stored in ${seedSeconds.toFixed(1)} s, transcoded in ${transcodeSeconds.toFixed(1)} s`,
  );
}, 600_000);

describe('demo micro-courses', () => {
  it('plans 36–48 micro-courses, two or more for each planned stage and subject, the demo teachers’ own included', async () => {
    expect(items.length).toBeGreaterThanOrEqual(36);
    expect(items.length).toBeLessThanOrEqual(48);
    const perSubject = new Map<string, number>();
    for (const item of items) {
      const key = `${item.spec.stage}${item.spec.subject}`;
      perSubject.set(key, (perSubject.get(key) ?? 0) + 1);
    }
    for (const count of perSubject.values()) expect(count).toBeGreaterThanOrEqual(2);
    for (const own of ['小学语文', '小学数学', '初中数学', '初中英语', '高中物理']) {
      expect(perSubject.get(own), own).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(items.map((i) => i.spec.title)).size).toBe(items.length);
    expect(items.some((i) => i.price > 0)).toBe(true);
  });

  it('gives every micro-course its own video, which plays at its length with sound and has a thumbnail', async () => {
    const resources = await t.prisma.resource.findMany({ where: { type: 'MICRO_COURSE' }, include: { files: true } });
    expect(resources).toHaveLength(items.length);
    const stored = new Map(
      (
        await t.prisma.storedFile.findMany({
          where: { id: { in: resources.flatMap((r) => r.files.map((f) => f.fileId)) } },
          include: { derivatives: true },
        })
      ).map((f) => [f.id, f]),
    );
    const fileIds = new Set<string>();
    const hashes = new Set<string>();
    for (const resource of resources) {
      expect(resource.status).toBe('PUBLISHED');
      expect(resource.files).toHaveLength(1);
      const file = stored.get(resource.files[0]!.fileId)!;
      expect(file.kind).toBe('video');
      expect(file.mimeType).toBe('video/mp4');
      fileIds.add(file.id);
      hashes.add(file.sha256);
      const item = items.find((i) => i.spec.title === resource.title)!;
      const expected = microCourseScript(item.spec).seconds.reduce((a, b) => a + b, 0);
      expect(expected).toBeGreaterThanOrEqual(30);
      expect(expected).toBeLessThanOrEqual(120);
      const variant = (name: string) => file.derivatives.find((d) => d.variant === name);
      for (const name of ['hls', 'thumbnail', 'sample'])
        expect(variant(name)?.status, `${resource.title} ${name}`).toBe('ready');
      const hls = variant('hls')!;
      const meta = hls.meta as { fallback: string; files: Record<string, number>; renditions: { name: string }[] };
      expect(meta.renditions.map((r) => r.name)).toEqual(item.size === '720p' ? ['360p', '720p'] : ['360p']);
      // The MP4 fallback is the 360p rendition: a video stream of the lesson's length and a sound stream.
      const fallback = t.app.storage.localPath(`${hls.storageKey}/${meta.fallback}`)!;
      const probe = ffprobe(fallback);
      expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
      expect(Math.abs(Number(probe.format.duration) - expected)).toBeLessThanOrEqual(1);
      // And the HLS playlist of the top rendition plays to the same length.
      const top = meta.renditions.at(-1)!.name;
      const playlist = t.app.storage.localPath(`${hls.storageKey}/${top}/index.m3u8`)!;
      const hlsProbe = ffprobe(playlist);
      expect(hlsProbe.streams.find((s) => s.codec_type === 'video')?.height).toBe(VIDEO_SIZES[item.size].height);
      expect(Math.abs(Number(hlsProbe.format.duration) - expected)).toBeLessThanOrEqual(1);
      expect(Number(variant('thumbnail')!.size)).toBeGreaterThan(1000);
    }
    expect(fileIds.size).toBe(resources.length);
    expect(hashes.size).toBe(resources.length);
  }, 120_000); // two ffprobe runs per micro-course

  it('titles name the stage’s grade, and those on the catalogue hang on the lesson they name', async () => {
    const catalogue = await catalogueOf(t.prisma);
    const resources = await t.prisma.resource.findMany({
      where: { type: 'MICRO_COURSE' },
      include: { chapters: true },
    });
    const stages = new Map((await t.prisma.dict.findMany({ where: { level: 1 } })).map((d) => [d.id, d.dictName]));
    for (const resource of resources) {
      const stage = stages.get(resource.stageId!)!;
      const grades = ALL_GRADE_WORDS.filter((g) => resource.title.includes(g));
      expect(grades.length, resource.title).toBeGreaterThan(0);
      for (const grade of grades) expect(STAGE_GRADES[stage], resource.title).toContain(grade);
      const item = items.find((i) => i.spec.title === resource.title)!;
      if (!item.nodeId) {
        expect(resource.chapters).toEqual([]);
        continue;
      }
      expect(resource.chapters.map((c) => c.nodeId)).toEqual([item.nodeId]);
      const [edition, volume, ...rest] = catalogue.path(item.nodeId).map((id) => catalogue.node(id)!);
      const lesson = rest.at(-1)!;
      expect(lesson.stageId).toBe(resource.stageId);
      expect(lesson.subjectId).toBe(resource.subjectId);
      expect(resource.title.startsWith(edition!.name)).toBe(true);
      if (volume!.grade) expect(resource.title).toContain(GRADE_NAMES[volume!.grade]);
      expect(resource.title).toContain(lessonCore(lesson.name));
      expect(resource.title).toMatch(/》微课$/);
    }
  });

  it('draws every slide text with glyphs the font has, and the title card has text where the title is', async () => {
    for (const item of items)
      expect(missingGlyphs(scriptText(microCourseScript(item.spec))), item.spec.title).toEqual([]);
    // The check itself finds what the font lacks (a private-use character).
    expect(missingGlyphs('光\uE000')).toEqual(['\uE000']);
    const item = items[0]!;
    const png = PNG.sync.read(renderSlide(microCourseScript(item.spec), 0, '360p', item.spec.subject));
    // The title band (the lesson in large type, 270–350 at 720p): light text on a dark gradient.
    const inkIn = (top: number, bottom: number) => {
      let ink = 0;
      for (let y = top; y < bottom; y++) {
        for (let x = 0; x < png.width; x++) {
          const i = (y * png.width + x) * 4;
          if (png.data[i]! > 200 && png.data[i + 1]! > 200 && png.data[i + 2]! > 200) ink++;
        }
      }
      return ink / ((bottom - top) * png.width);
    };
    expect(inkIn(125, 180)).toBeGreaterThan(0.03);
    expect(inkIn(5, 40)).toBe(0); // above the 微课 label: background only
  });

  it('changes nothing when seeded again', async () => {
    const before = await t.prisma.resource.count({ where: { type: 'MICRO_COURSE' } });
    const files = await t.prisma.storedFile.count();
    expect(await seedDemoVideos(t.app, t.config)).toBe(0);
    expect(await generateDemoVideos(t.app)).toBe(0);
    expect(await t.prisma.resource.count({ where: { type: 'MICRO_COURSE' } })).toBe(before);
    expect(await t.prisma.storedFile.count()).toBe(files);
  });
});
