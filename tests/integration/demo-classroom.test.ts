import type { Readable } from 'node:stream';
import { routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { seedDemoClassroom } from '../../apps/api/src/demo/classroom.ts';
import { seedDemo } from '../../apps/api/src/demo/seed-modes.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_HOOK_TIMEOUT } from '../support/demo.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { makeMediaForFiles } from '../support/library.ts';

/**
 * The demo's boutique classroom, as `npm start` seeds it: courses over the three stages on catalogue units, every
 * lesson on a published resource of the course's stage and subject that has a file (lectures on micro-courses),
 * topics with drawn backgrounds, a cover of its own per course; seeding again changes nothing.
 */

let t: TestApp;

const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
/** What the stored bytes are, by their signature (not by the name or the recorded type). */
const imageTypeOf = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(PNG) ? 'png' : bytes.subarray(0, 3).equals(JPEG) ? 'jpeg' : null;

const storedImage = async (fileId: string | null) => {
  expect(fileId).toBeTruthy();
  const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: fileId! } });
  const bytes = await bytesOf(await t.app.storage.get(file.storageKey));
  return { file, bytes, type: imageTypeOf(bytes) };
};

testAppFor((app) => (t = app), { demo: true }, DEMO_HOOK_TIMEOUT);

describe('the demo classroom', () => {
  it('has at least four published courses in each stage, of several subjects, by demo teachers', async () => {
    const courses = await t.prisma.course.findMany({ where: { status: 'PUBLISHED', deletedAt: null } });
    expect(courses.length).toBeGreaterThanOrEqual(12);
    const dicts = new Map((await t.prisma.dict.findMany()).map((d) => [d.id, d.dictName]));
    for (const stage of ['小学', '初中', '高中']) {
      expect(courses.filter((c) => dicts.get(c.stageId!) === stage).length, stage).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(courses.map((c) => dicts.get(c.subjectId!))).size).toBeGreaterThanOrEqual(3);
    const authors = await t.prisma.user.findMany({ where: { id: { in: courses.map((c) => c.authorId) } } });
    expect(authors.length).toBeGreaterThanOrEqual(4);
    // The courses the demo training projects attach are among them.
    expect(courses.map((c) => c.title)).toEqual(
      expect.arrayContaining(['初中数学核心概念精讲', '小学语文阅读教学实践', '高中物理实验探究']),
    );
    expect(courses.filter((c) => c.featuredSort !== null).length).toBeGreaterThan(0);
  });

  it('gives every course a cover of its own: a real 16:9 picture stored as an upload is', async () => {
    const courses = await t.prisma.course.findMany({ where: { status: 'PUBLISHED', deletedAt: null } });
    const covers = await Promise.all(courses.map((c) => storedImage(c.coverFileId)));
    for (const [i, cover] of covers.entries()) {
      expect(cover.type, courses[i]!.title).toBe('png');
      expect(cover.file).toMatchObject({ kind: 'image', mimeType: 'image/png', ownerId: courses[i]!.authorId });
      // PNG: width and height are the first two fields of the IHDR chunk.
      expect(cover.bytes.readUInt32BE(16) * 9).toBe(cover.bytes.readUInt32BE(20) * 16);
    }
    expect(new Set(courses.map((c) => c.coverFileId)).size).toBe(courses.length);
    expect(new Set(covers.map((c) => c.file.sha256)).size).toBe(courses.length);
    // The cards show the cover's thumbnail, which anyone may fetch for a published course.
    await makeMediaForFiles(t, [courses[0]!.coverFileId!]);
    expect(
      await t.prisma.fileDerivative.findFirst({ where: { fileId: courses[0]!.coverFileId!, variant: 'thumbnail' } }),
    ).toMatchObject({ status: 'ready' });
    const thumbnail = await t.app.inject({ url: `/api/file/thumbnail/${courses[0]!.coverFileId}` });
    expect(thumbnail.statusCode).toBe(200);
    expect(imageTypeOf(thumbnail.rawPayload)).not.toBeNull();
  });

  it('fills every chapter with lessons on published resources of the course’s stage and subject', async () => {
    const courses = await t.prisma.course.findMany({
      where: { status: 'PUBLISHED', deletedAt: null },
      include: { titles: true },
    });
    for (const course of courses) {
      const chapters = course.titles.filter((x) => x.parentId === null);
      expect(chapters.length, course.title).toBeGreaterThanOrEqual(2);
      expect(chapters.length, course.title).toBeLessThanOrEqual(4);
      for (const chapter of chapters) {
        const lessons = course.titles.filter((x) => x.parentId === chapter.id);
        expect(lessons.length, `${course.title} ${chapter.title}`).toBeGreaterThanOrEqual(1);
        expect(lessons.length).toBeLessThanOrEqual(4);
        expect(chapter.resourceId).toBeNull();
      }
      const lessons = course.titles.filter((x) => x.parentId !== null);
      const resources = await t.prisma.resource.findMany({
        where: { id: { in: lessons.map((l) => l.resourceId!) } },
        include: { files: true },
      });
      for (const lesson of lessons) {
        const resource = resources.find((r) => r.id === lesson.resourceId);
        expect(resource, lesson.title).toBeDefined();
        expect(resource).toMatchObject({
          status: 'PUBLISHED',
          deletedAt: null,
          stageId: course.stageId,
          subjectId: course.subjectId,
        });
        expect(resource!.files.length, lesson.title).toBeGreaterThan(0);
        expect(resource!.type).toBe(lesson.categoryCode === 'lecture' ? 'MICRO_COURSE' : 'DOCUMENT');
      }
    }
  });

  it('shows a course through the api with its chapters and playable lessons', async () => {
    const course = await t.prisma.course.findFirstOrThrow({ where: { title: '初中数学核心概念精讲' } });
    const detail = await t.client().call(routes.courseInfo, { query: { id: course.id } });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.chapters.every((c) => c.lessons.length > 0 && c.lessons.every((l) => l.resourceType))).toBe(
      true,
    );
    const home = await t.client().call(routes.courseHome);
    expect(home.code, home.msg).toBe(0);
    expect(home.data.topics.length).toBeGreaterThanOrEqual(4);
    expect(home.data.courses.every((c) => c.coverFileId)).toBe(true);
  });

  it('has at least four published topics of three to five courses, each with a real background picture', async () => {
    const topics = await t.prisma.topic.findMany({
      where: { status: 'PUBLISHED', deletedAt: null },
      include: { courses: { include: { course: true } } },
    });
    expect(topics.length).toBeGreaterThanOrEqual(4);
    for (const topic of topics) {
      expect(topic.description.length, topic.title).toBeGreaterThan(20);
      expect(topic.courses.length, topic.title).toBeGreaterThanOrEqual(3);
      expect(topic.courses.length, topic.title).toBeLessThanOrEqual(5);
      expect(topic.courses.every((c) => c.course.status === 'PUBLISHED')).toBe(true);
      const background = await storedImage(topic.backgroundFileId);
      expect(background.type, topic.title).toBe('jpeg');
      expect(background.file.kind).toBe('image');
    }
    expect(new Set(topics.map((x) => x.backgroundFileId)).size).toBe(topics.length);
  });

  it('changes nothing when seeded again', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    expect(await seedDemoClassroom(t.app, t.config)).toBe(0);
    await seedDemo(t.app, t.config);
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  }, 300_000);
});
