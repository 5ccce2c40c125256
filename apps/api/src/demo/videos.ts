import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GRADE_NAMES, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { SessionUser } from '../lib/contract.ts';
import { transaction } from '../lib/transaction.ts';
import { type Catalogue, catalogueOf } from '../modules/catalogue/tree.ts';
import { dictNames } from '../modules/dict/service.ts';
import { chapterIdsOf, setResourceChapters } from '../modules/library/chapters.ts';
import { chapterNamesOf, namesAlong, writeSearchVector } from '../modules/library/search-index.ts';
import { lessonOf } from './content/lesson.ts';
import { seededRandom } from './content/seeded-random.ts';
import {
  type MicroCourseSpec,
  type MicroCourseVideo,
  makeMicroCourseVideo,
  microCourseScript,
  type VideoSize,
} from './content/video.ts';
import { type BookLesson, UNCATALOGUED_LESSONS } from './content/video-topics.ts';

type Log = (msg: string) => void;

/**
 * How many micro-courses each stage and subject gets: enough for every demo course of the classroom to have two or
 * three playable lessons, and for each demo teacher's own stage and subject to show some. Subjects with a seeded
 * catalogue take their lessons from it; the others from content/video-topics.ts.
 */
export const DEMO_VIDEO_PLAN: { stage: string; subject: string; count: number }[] = [
  { stage: '小学', subject: '语文', count: 3 },
  { stage: '小学', subject: '数学', count: 3 },
  { stage: '小学', subject: '英语', count: 3 },
  { stage: '小学', subject: '科学', count: 2 },
  { stage: '小学', subject: '道德与法治', count: 2 },
  { stage: '初中', subject: '语文', count: 3 },
  { stage: '初中', subject: '数学', count: 3 },
  { stage: '初中', subject: '英语', count: 3 },
  { stage: '初中', subject: '物理', count: 3 },
  { stage: '初中', subject: '化学', count: 2 },
  { stage: '初中', subject: '生物学', count: 2 },
  { stage: '初中', subject: '历史', count: 2 },
  { stage: '高中', subject: '语文', count: 2 },
  { stage: '高中', subject: '数学', count: 3 },
  { stage: '高中', subject: '英语', count: 2 },
  { stage: '高中', subject: '物理', count: 3 },
  { stage: '高中', subject: '化学', count: 2 },
  { stage: '高中', subject: '生物学', count: 2 },
  { stage: '高中', subject: '历史', count: 2 },
];

/** Catalogue lessons that are not one lesson's teaching (review pages, writing tasks, reading corners). */
const NOT_A_LESSON =
  /语文园地|口语交际|快乐读书吧|习作|综合性学习|名著导读|写作|整理和复习|复习|数学活动|课题学习|阅读与思考|实验与探究|观察与猜想|信息技术应用|探究与发现|文献阅读|数学建模|跨学科|练习|Review|Project|Reading|Self Check|Starter/i;

/** One micro-course to make: its lesson, where it hangs in the catalogue (if it does), and its video size. */
export interface DemoVideoItem {
  spec: MicroCourseSpec;
  stageId: number;
  subjectId: number;
  /** The teacher who uploads it. */
  authorId: number;
  /** The catalogue lesson it hangs on; null for a subject without a seeded catalogue. */
  nodeId: number | null;
  size: VideoSize;
  price: number;
  /** Days before the seed that it was published. */
  daysAgo: number;
}

/**
 * The title: edition, grade and subject, the book's term, the lesson, 微课. "人教版八年级物理上册《光的折射》微课";
 * a book without a grade (高中 必修) names the stage: "人教A版高中数学必修第一册《函数的概念》微课".
 */
export const microCourseTitle = (book: Omit<BookLesson, 'unit' | 'lesson'>, topic: string) => {
  const grade = book.grade ? GRADE_NAMES[book.grade] : null;
  const volume = grade && book.volume.startsWith(grade) ? book.volume.slice(grade.length) : book.volume;
  return `${book.edition}${grade ?? book.stage}${book.subject}${volume}《${topic}》微课`;
};

/** The catalogue units that published documents of this stage and subject hang on (through their lessons). */
const taughtUnits = async (app: FastifyInstance, catalogue: Catalogue, stageId: number, subjectId: number) => {
  const resources = await app.prisma.resource.findMany({
    // Documents and achievements only: the micro-courses made from this plan must not move it (a second seed
    // would plan other lessons and make them too).
    where: { status: 'PUBLISHED', deletedAt: null, stageId, subjectId, type: { not: 'MICRO_COURSE' } },
    select: { id: true },
  });
  const chapters = await chapterIdsOf(
    app.prisma,
    resources.map((r) => r.id),
  );
  const units = new Set<number>();
  for (const ids of chapters.values()) {
    for (const id of ids) {
      const unit = catalogue.path(id)[2];
      if (unit !== undefined) units.add(unit);
    }
  }
  return units;
};

/** The demo's micro-courses, worked out from the catalogue and the roster (no file is made here). */
export const demoVideoItems = async (app: FastifyInstance): Promise<DemoVideoItem[]> => {
  const { prisma } = app;
  const catalogue = await catalogueOf(prisma);
  const stages = await prisma.dict.findMany({ where: { level: 1 } });
  const subjects = await prisma.dict.findMany({ where: { level: 2 } });
  const teachers = await prisma.user.findMany({
    where: { isAdmin: false, status: 'ACTIVE', stageId: { not: null } },
    select: { id: true, realName: true, userName: true, stageId: true, subjectId: true },
    orderBy: { id: 'asc' },
  });
  const items: Omit<DemoVideoItem, 'size' | 'price' | 'daysAgo'>[] = [];
  for (const plan of DEMO_VIDEO_PLAN) {
    const stage = stages.find((s) => s.dictName === plan.stage);
    const subject = subjects.find((s) => s.parentId === stage?.id && s.dictName === plan.subject);
    if (!stage || !subject) continue;
    const random = seededRandom(`demo-videos/${plan.stage}/${plan.subject}`);
    // The lessons: from the catalogue, one per volume over volumes in a seeded order; else the curated list.
    const allLessons = catalogue
      .nodesOf(stage.id, subject.id)
      .filter((n) => n.kind === 'lesson' && !catalogue.retired(n.id) && !NOT_A_LESSON.test(n.name));
    // Where the district's documents already are (the units being taught), so a unit has its plans, slides and a
    // micro-course together and the classroom's chapters can lecture with them; anywhere when there are none.
    const taught = await taughtUnits(app, catalogue, stage.id, subject.id);
    const inTaught = allLessons.filter((n) => taught.has(catalogue.path(n.id)[2] ?? -1));
    const lessons = inTaught.length >= plan.count ? inTaught : allLessons;
    const picked: { book: BookLesson; nodeId: number | null }[] = [];
    if (lessons.length > 0) {
      const byVolume = new Map<number, typeof lessons>();
      for (const lesson of lessons) {
        const volumeId = catalogue.path(lesson.id)[1]!;
        byVolume.set(volumeId, [...(byVolume.get(volumeId) ?? []), lesson]);
      }
      for (const volumeId of random.sample([...byVolume.keys()], plan.count)) {
        const lesson = random.pick(byVolume.get(volumeId)!);
        const [editionId, , unitId] = catalogue.path(lesson.id);
        const volume = catalogue.node(volumeId)!;
        picked.push({
          nodeId: lesson.id,
          book: {
            stage: plan.stage,
            subject: plan.subject,
            edition: catalogue.node(editionId!)!.name,
            volume: volume.name,
            grade: volume.grade,
            unit: unitId && unitId !== lesson.id ? catalogue.node(unitId)!.name : null,
            lesson: lesson.name,
          },
        });
      }
    } else {
      const curated = UNCATALOGUED_LESSONS.filter((l) => l.stage === plan.stage && l.subject === plan.subject);
      for (const book of curated.slice(0, plan.count)) picked.push({ book, nodeId: null });
    }
    // The teacher: one of this stage and subject, else one of this stage, else any (in a seeded turn).
    const sameSubject = teachers.filter((t) => t.stageId === stage.id && t.subjectId === subject.id);
    const sameStage = teachers.filter((t) => t.stageId === stage.id);
    const pool = sameSubject.length ? sameSubject : sameStage.length ? sameStage : teachers;
    if (pool.length === 0) continue;
    for (const { book, nodeId } of picked) {
      const author = random.pick(pool);
      const topic = lessonOf({ ...book, kind: '课件' }).topic;
      items.push({
        spec: { ...book, title: microCourseTitle(book, topic), author: author.realName },
        stageId: stage.id,
        subjectId: subject.id,
        nodeId,
        authorId: author.id,
      });
    }
  }
  return items.map((item, i) => {
    const random = seededRandom(`demo-video/${item.spec.title}`);
    return {
      ...item,
      // Every eighth at 720p, so the player's HD rendition shows too; the rest at 360p, cheap to transcode.
      size: i % 8 === 3 ? '720p' : '360p',
      price: random.int(6) === 0 ? random.pick([200, 300, 500]) : 0,
      daysAgo: 3 + random.int(150),
    };
  });
};

/** Stores a video through the chunked upload, as the upload page sends it; answers the stored file's id. */
const uploadVideo = async (app: FastifyInstance, user: SessionUser, video: MicroCourseVideo) => {
  const { bytes } = video;
  const started = await app.chunkedUploads.init(user, { filename: video.fileName, filesize: bytes.length });
  let reply = null;
  for (let start = 0; start < bytes.length; start += UPLOAD.chunkMaxBytes) {
    const end = Math.min(bytes.length, start + UPLOAD.chunkMaxBytes) - 1;
    reply = await app.chunkedUploads.append(
      user,
      { ccvid: started.ccvid, uid: started.uid },
      `bytes ${start}-${end}/${bytes.length}`,
      Readable.from([bytes.subarray(start, end + 1)]),
    );
    if (reply.status !== 200) throw new Error(`微课视频上传失败：${video.fileName}：${reply.msg}`);
  }
  if (reply?.result !== UPLOAD_RESULT.done || !reply.fileId) throw new Error(`微课视频上传未完成：${video.fileName}`);
  return reply.fileId;
};

const describe = (spec: MicroCourseSpec, seconds: number, headings: string[]) => {
  const lesson = lessonOf({ ...spec, kind: '课件' });
  const grade = lesson.grade === lesson.stage ? `${lesson.stage}` : lesson.grade;
  const length = seconds < 60 ? `${seconds} 秒` : `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;
  return `${grade}${lesson.subject}《${lesson.topic}》微课，时长 ${length}：${headings.join('、')}。适合课前预习、课堂导入或课后复习。`;
};

/**
 * Generated videos kept between seeds, keyed by everything that shapes the file: the tests seed the demo in many
 * files, and a demo reset seeds again. The output is bit-exact, so a cached file is the file ffmpeg would make.
 * Change GENERATOR when content/video.ts changes what it draws or how it encodes.
 */
const GENERATOR = 'demo-video-1';
const VIDEO_CACHE = path.join(os.tmpdir(), 'zyk-demo-videos');

const cachedVideo = async (item: DemoVideoItem, make: () => Promise<MicroCourseVideo>): Promise<MicroCourseVideo> => {
  const key = createHash('sha256')
    .update(JSON.stringify([GENERATOR, item.spec, item.size]))
    .digest('hex');
  const file = path.join(VIDEO_CACHE, `${key}.mp4`);
  const facts = path.join(VIDEO_CACHE, `${key}.json`);
  try {
    const known = JSON.parse(await fs.readFile(facts, 'utf8')) as Omit<MicroCourseVideo, 'bytes'>;
    return { ...known, bytes: await fs.readFile(file) };
  } catch {
    // Not cached yet (or a half-written entry): make it.
  }
  const video = await make();
  const { bytes, ...known } = video;
  await fs.mkdir(VIDEO_CACHE, { recursive: true });
  // Written under temporary names and renamed, so a test file seeding at the same time never reads half a video.
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(file + suffix, bytes);
  await fs.rename(file + suffix, file);
  await fs.writeFile(facts + suffix, JSON.stringify(known));
  await fs.rename(facts + suffix, facts);
  return video;
};

/** The planned micro-courses whose resource does not exist yet (a deleted one counts as made: it stays deleted). */
const missingDemoVideos = async (app: FastifyInstance) => {
  const items = await demoVideoItems(app);
  const existing = new Set(
    (
      await app.prisma.resource.findMany({
        where: { type: 'MICRO_COURSE', title: { in: items.map((i) => i.spec.title) } },
        select: { title: true },
      })
    ).map((r) => r.title),
  );
  return items.filter((item) => !existing.has(item.spec.title));
};

/**
 * Makes the missing micro-courses: for each, a video generated with ffmpeg, uploaded through the chunked upload as
 * the teacher's own file (so the media queue transcodes it to HLS and makes its sample and thumbnail like any
 * upload), then the published MICRO_COURSE resource with that file, hung on its catalogue lesson and indexed for
 * search. A resource is made only once its file is stored, so no card ever leads to nothing. Videos are generated
 * two at a time (two cores) while the one before is stored. A seed stopped half-way keeps what it made, and the
 * next one makes the rest. Answers how many it made.
 */
export const generateDemoVideos = async (app: FastifyInstance, log: Log = () => {}) => {
  const { prisma } = app;
  const ffmpeg = app.previews.tools.ffmpeg;
  if (!ffmpeg) return 0;
  const missing = await missingDemoVideos(app);
  if (missing.length === 0) return 0;
  const started = Date.now();
  const names = await dictNames(prisma);
  const trails = await chapterNamesOf(
    prisma,
    missing.flatMap((i) => (i.nodeId ? [i.nodeId] : [])),
  );
  const users = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: missing.map((i) => i.authorId) } },
        select: { id: true, memberId: true, userName: true },
      })
    ).map((u) => [u.id, u]),
  );
  const generate = (item: DemoVideoItem) => {
    const made = cachedVideo(item, () => makeMicroCourseVideo(item.spec, { ffmpeg, size: item.size }));
    made.catch(() => {}); // awaited in turn below; this keeps a failure ahead of its turn from going unhandled
    return made;
  };
  const AHEAD = 2;
  const pending = missing.slice(0, AHEAD).map(generate);
  let created = 0;
  for (let i = 0; i < missing.length; i++) {
    const item = missing[i]!;
    const video = await pending[i]!;
    if (i + AHEAD < missing.length) pending.push(generate(missing[i + AHEAD]!));
    const user = users.get(item.authorId)!;
    const fileId = await uploadVideo(
      app,
      { id: user.id, memberId: user.memberId, userName: user.userName, isAdmin: false, sessionId: '' },
      video,
    );
    const script = microCourseScript(item.spec);
    const publishedAt = new Date(Date.now() - item.daysAgo * 86_400_000);
    const lesson = lessonOf({ ...item.spec, kind: '课件' });
    const indexed = {
      type: 'MICRO_COURSE' as const,
      trainType: null,
      title: item.spec.title,
      tags: [item.spec.subject, lesson.topic.length <= 16 ? lesson.topic : lesson.grade, '微课'],
      description: describe(
        item.spec,
        video.durationSeconds,
        script.slides.map((s) => s.heading),
      ),
      stageId: item.stageId,
      subjectId: item.subjectId,
    };
    await transaction(prisma, async (tx) => {
      const resource = await tx.resource.create({
        data: {
          ...indexed,
          price: item.price,
          authorId: item.authorId,
          status: 'PUBLISHED',
          publishedAt,
          createdAt: publishedAt,
          files: { create: { fileId, sort: 0 } },
        },
      });
      const chapters = item.nodeId ? [item.nodeId] : [];
      await setResourceChapters(tx, resource.id, chapters);
      await writeSearchVector(tx, resource.id, { ...indexed, chapters: namesAlong(chapters, trails) }, names);
    });
    created++;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`made ${created} demo micro-courses with generated videos in ${seconds} s (transcoding follows)`);
  return created;
};

/**
 * The demo's micro-courses (`pnpm admin seed --demo`, `npm start`): makes the planned ones that are missing, before
 * the classroom is seeded (its lectures are these videos). About a second of ffmpeg per video, some 30 s for all on
 * two cores the first time (later seeds take them from the cache); their transcoding then runs in the media queue
 * like any upload's. Without ffmpeg nothing is made: a micro-course without its video would be a card that leads
 * nowhere. Answers how many it made.
 */
export const seedDemoVideos = async (app: FastifyInstance, _config: Config, log: Log = () => {}) => {
  if (!app.previews.tools.ffmpeg) {
    log('未找到 ffmpeg：跳过演示微课视频（安装 ffmpeg 后执行 pnpm admin seed --demo 即可补齐）');
    return 0;
  }
  return generateDemoVideos(app, log);
};
