import { Readable } from 'node:stream';
import { GRADE_NAMES, RESOURCE_TYPE_LABELS } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { transaction } from '../lib/transaction.ts';
import { type Catalogue, catalogueOf } from '../modules/catalogue/tree.ts';
import { setResourceChapters } from '../modules/library/chapters.ts';
import { libraryChanged } from '../modules/library/page-cache.ts';
import { reindexStale } from '../modules/library/search-index.ts';
import { sendMessage } from '../modules/messages/service.ts';
import { storeDocument } from '../modules/uploads/document.ts';
import { FALLBACK_LESSONS, GENERAL_LESSONS } from './content/fallback-topics.ts';
import { type DemoDocumentKind, demoFilesFor, type LessonSpec, lessonCore, lessonOf } from './content/index.ts';
import { DOCUMENT_WORD } from './content/lesson.ts';
import { type SeededRandom, seededRandom } from './content/seeded-random.ts';

/**
 * The demo library's documents and achievements, planned from the textbook catalogue (or, where a stage and
 * subject has none, from believable lesson lists) and stored with real Office files through the upload path.
 *
 * Why so: the title, description, tags, chapter and file of a resource all come from one lesson, so stage, grade,
 * subject and edition always agree, and a 课件 opens on the lesson its card names. Everything is seeded from
 * names (never Math.random) and dated back from today, so two starts of an empty database plan the same library.
 */

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

type Status = 'PUBLISHED' | 'PENDING' | 'REJECTED';

/** Where a resource's lesson is: a catalogue lesson (nodeId) or a lesson of the fallback lists. */
interface LessonPlace {
  stage: string;
  subject: string;
  /** For the files: a grade number (catalogue volume), a grade word (大班, 高一), or null. */
  grade: number | string | null;
  edition: string | null;
  volume: string | null;
  unit: string | null;
  lesson: string;
  nodeId: number | null;
  /** The title up to the lesson: 人教版七年级数学上册, 高一物理, 大班健康, 中职语文基础模块. */
  head: string;
  /** The grade (or stage) a reader would say: 七年级, 高中, 大班. */
  gradeWord: string;
}

export interface PlannedResource {
  stageId: number;
  subjectId: number;
  type: 'DOCUMENT' | 'ACHIEVEMENT';
  trainType: string | null;
  kind: DemoDocumentKind;
  title: string;
  description: string;
  tags: string[];
  nodeId: number | null;
  spec: LessonSpec;
  authorId: number;
  status: Status;
  price: number;
  createdAt: Date;
  /** The submission (updated_at): the review queue dates a pending resource by it. */
  updatedAt: Date;
  publishedAt: Date | null;
  reviewNote: string | null;
  schoolReviewedBy: number | null;
  schoolReviewedAt: Date | null;
}

interface Teacher {
  id: number;
  memberId: string;
  userName: string;
  realName: string;
  stageId: number | null;
  subjectId: number | null;
  schoolId: number;
}

/** The achievement sub-type (TRAIN_TYPES) of each research kind. */
const TRAIN_TYPE: Partial<Record<DemoDocumentKind, string>> = { 教研论文: 'paper', 课题报告: 'project' };

/** Document kinds in the proportions teachers upload them: 教学设计 and 课件 most, 说课稿 least. */
const DOCUMENT_ROTATION: DemoDocumentKind[] = [
  '教学设计',
  '课件',
  '学案',
  '课件',
  '试卷',
  '教学设计',
  '说课稿',
  '课件',
  '学案',
  '试卷',
];
const ACHIEVEMENT_ROTATION: DemoDocumentKind[] = ['教研论文', '课题报告', '教研论文'];

/** Subjects without written tests or handouts (and whole stages: 学前, 特殊教育), where only plans and slides fit. */
const NO_PAPERWORK = /音乐|美术|体育|艺术|劳动|心理|综合实践|唱游|绘画|康复|生活适应|通用技术/;
const NO_PAPERWORK_STAGES = new Set(['学前', '特殊教育']);

/** Catalogue lessons a demo resource is not written about: reviews, exercises, reading and writing guidance. */
const SKIPPED_LESSON =
  /复习|练习|整理|园地|口语交际|快乐读书吧|名著导读|综合性学习|写作|习作|活动|课题学习|阅读与思考|交流平台|Review|Project/i;

/** 汉语拼音 lessons (j q x, zh ch sh r): a title 《j q x》 reads as a typo. */
const PINYIN_LESSON = /^[a-zü]{1,3}(\s+[a-zü]{1,3})*$/;

/** The publish window: the last half year. */
const PUBLISH_DAYS = 178;

/** Sellers and how many of their published documents carry a price (in fen): something to buy in the demo. */
const PAID: Record<string, number> = { lijg: 4, zhangxm: 3, wangcy: 3, liujy: 2 };
const PRICES = [300, 500, 800, 1200];

/** Resources the administrators find waiting: four submitted, two sent back with a reason. */
const FOR_REVIEW: {
  userName: string;
  kind: DemoDocumentKind;
  status: Status;
  daysAgo: number;
  schoolApproved?: boolean;
  note?: string;
  description?: string;
}[] = [
  { userName: 'zhangxm', kind: '课件', status: 'PENDING', daysAgo: 2, schoolApproved: true },
  { userName: 'liujy', kind: '学案', status: 'PENDING', daysAgo: 1 },
  { userName: 'lijg', kind: '说课稿', status: 'PENDING', daysAgo: 3 },
  { userName: 'wangcy', kind: '试卷', status: 'PENDING', daysAgo: 1 },
  {
    userName: 'chensy',
    kind: '试卷',
    status: 'REJECTED',
    daysAgo: 9,
    note: '附带的成绩分析表含有学生姓名，公开分享前请删去姓名或改用学号后重新提交',
  },
  {
    userName: 'lijg',
    kind: '教学设计',
    status: 'REJECTED',
    daysAgo: 15,
    note: '资源简介过于简单，请补充适用年级、课时安排和使用说明后重新提交',
    description: '上课用的教案。',
  },
];

/** The start of today in China (UTC+8), so every date of the plan moves only once a day. */
const chinaDayStart = (now: Date) =>
  new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);

const unique = <T>(list: T[]) => [...new Set(list)];

/** Every lesson of a stage and subject's catalogue a demo resource can be about, in catalogue order. */
const cataloguePlaces = (
  catalogue: Catalogue,
  stage: { id: number; name: string },
  subject: { id: number; name: string },
): LessonPlace[] =>
  catalogue.nodesOf(stage.id, subject.id).flatMap((node) => {
    if (node.kind !== 'lesson' || catalogue.retired(node.id)) return [];
    const trail = catalogue.path(node.id).map((id) => catalogue.node(id)!);
    const edition = trail.find((n) => n.kind === 'edition');
    const volume = trail.find((n) => n.kind === 'volume');
    const unit = trail.find((n) => n.kind === 'unit');
    const lesson = node.name.replace(/^\*\s*/, '').trim();
    if (!edition || !volume || SKIPPED_LESSON.test(lessonCore(lesson)) || PINYIN_LESSON.test(lesson)) return [];
    const gradeName = volume.grade ? GRADE_NAMES[volume.grade] : undefined;
    // 七年级上册 → 七年级 + 上册; 必修第一册 has no grade: the stage stands in (人教A版高中数学必修第一册).
    const rest = gradeName && volume.name.startsWith(gradeName) ? volume.name.slice(gradeName.length) : volume.name;
    const gradeWord = gradeName ?? stage.name;
    return [
      {
        stage: stage.name,
        subject: subject.name,
        grade: volume.grade,
        edition: edition.name,
        volume: volume.name,
        unit: unit?.name ?? null,
        lesson,
        nodeId: node.id,
        head: `${edition.name}${gradeWord}${subject.name}${rest}`,
        gradeWord,
      },
    ];
  });

/** The fallback lessons of a stage and subject without a catalogue. */
const fallbackPlaces = (stage: string, subject: string): LessonPlace[] =>
  (FALLBACK_LESSONS[`${stage}/${subject}`] ?? GENERAL_LESSONS).map((l) => {
    const gradeWord = l.grade ?? stage;
    // 中职 books (基础模块) stay out of the title: 中职语文《荷塘月色》; 特殊教育 titles name the school type.
    const head = stage === '特殊教育' ? `培智${l.grade ?? ''}${subject}` : `${gradeWord}${subject}`;
    return {
      stage,
      subject,
      grade: l.grade,
      edition: null,
      volume: l.volume ?? null,
      unit: l.unit ?? null,
      lesson: l.lesson,
      nodeId: null,
      head,
      gradeWord,
    };
  });

/** `count` items spread evenly over the list, with a seeded jitter within each stretch. */
const spread = <T>(items: T[], count: number, random: SeededRandom) => {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step + random.next() * step)]!);
};

const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
};

/** Lessons per volume a teacher's uploads cluster on, and per unit within it. */
const PER_VOLUME = 6;
const PER_UNIT = 3;

/**
 * The lessons a stage and subject's resources are about. A district's uploads cluster: the books being taught this
 * term (上册 in the autumn) and a few units of each, several lessons a unit, as a teacher working through a unit
 * shares its plans, slides and tests. So a volume has units with enough for a course chapter (demo-classroom.ts).
 * Lists without volumes (the fallback lessons) are spread evenly.
 */
const lessonsFor = (places: LessonPlace[], count: number, random: SeededRandom) => {
  if (places.length <= count || places.every((p) => p.volume === places[0]!.volume)) {
    return spread(places, count, random);
  }
  const volumes = groupBy(places, (p) => p.volume ?? '');
  const thisTerm = volumes.filter((v) => !v[0]!.volume!.endsWith('下册'));
  const lastTerm = volumes.filter((v) => v[0]!.volume!.endsWith('下册'));
  const wanted = Math.ceil(count / PER_VOLUME);
  const chosenVolumes = [
    ...spread(thisTerm, Math.min(wanted, thisTerm.length), random),
    ...spread(lastTerm, Math.max(0, wanted - thisTerm.length), random),
  ];
  const chosen: LessonPlace[] = [];
  const taken = new Set<LessonPlace>();
  for (const volume of chosenVolumes) {
    const units = groupBy(volume, (p) => p.unit ?? '');
    const perVolume = Math.min(PER_VOLUME, count - chosen.length);
    const unitCount = Math.max(1, Math.ceil(perVolume / PER_UNIT));
    let inVolume = 0;
    for (const unit of spread(units, unitCount, random)) {
      for (const place of unit.slice(0, PER_UNIT)) {
        if (inVolume >= perVolume) break;
        chosen.push(place);
        taken.add(place);
        inVolume++;
      }
    }
  }
  // Units shorter than PER_UNIT (an English unit has two sections) leave some over: spread over the rest.
  return [
    ...chosen,
    ...spread(
      places.filter((p) => !taken.has(p)),
      count - chosen.length,
      random,
    ),
  ];
};

/** The title of a resource about this lesson, of this kind (research titles vary by a seeded choice). */
const titleOf = (place: LessonPlace, topic: string, kind: DemoDocumentKind, random: SeededRandom) => {
  const field = `${place.stage}${place.subject}`;
  if (kind === '教研论文') {
    return random.pick([
      `${field}《${topic}》教学中核心素养落实的实践探索`,
      `${field}课堂问题链设计的实践研究——以《${topic}》为例`,
      `基于真实情境的${field}教学实践——以《${topic}》为例`,
    ]);
  }
  if (kind === '课题报告') {
    return random.pick([
      `以《${topic}》为例的${field}单元整体教学研究结题报告`,
      `${field}分层作业设计研究课题结题报告——以《${topic}》为例`,
    ]);
  }
  return `${place.head}《${topic}》${DOCUMENT_WORD[kind]}`;
};

/** What the card says about the resource: what the file holds, in the lesson's own names. */
const descriptionOf = (place: LessonPlace, topic: string, kind: DemoDocumentKind) => {
  const where = [place.edition, place.volume, place.unit].filter(Boolean).join(' ');
  const source = where ? `（${where}）` : '';
  switch (kind) {
    case '教学设计':
      return `${place.head}《${topic}》${source}一课的完整教学设计：教材与学情分析、教学目标与重难点、教学过程（附设计意图）、板书设计和作业设计，课后附教学反思。`;
    case '课件':
      return `《${topic}》新授课课件${source}，16:9 宽屏，含学习目标、新知探究、课堂练习与课堂小结，备注栏写有讲解要点和练习答案。`;
    case '学案':
      return `《${topic}》导学案${source}：学习目标、课前预习、学习过程、当堂检测、课后作业和学习反思，附参考答案，可直接印发学生使用。`;
    case '试卷':
      return `《${topic}》课时检测卷${source}，含选择题、填空题和解答题，附参考答案与评分标准；另附一个班的 Excel 成绩分析表。`;
    case '说课稿':
      return `${place.head}《${topic}》说课稿：说教材、说学情、说教学目标与重难点、说教法学法、说教学过程、说板书设计与教学评价。`;
    case '教研论文':
      return `结合${place.gradeWord}${place.subject}《${topic}》的教学实践，从问题的提出、理论依据、实践策略到实践成效，探讨课堂教学中落实学科核心素养的做法。`;
    case '课题报告':
      return `区级课题结题报告：以${place.stage}${place.subject}《${topic}》的教学为例，介绍研究背景、目标与内容、研究方法与过程、研究成果及今后设想。`;
  }
};

const tagsOf = (place: LessonPlace, topic: string, kind: DemoDocumentKind) =>
  unique(
    [
      topic.length <= 12 ? topic : null,
      place.unit ? lessonCore(place.unit.replace(/^第[一二三四五六七八九十]+单元\s*/, '')) : null,
      kind,
      // A long English section title leaves only the kind: the grade's subject says where it belongs.
      `${place.gradeWord}${place.subject}`,
    ].filter((tag): tag is string => !!tag && tag.length <= 20),
  ).slice(0, 3);

/** How many documents and achievements a stage and subject gets (see the README's demo library). */
const quotaOf = (
  stage: string,
  hasTeacher: boolean,
  hasCatalogue: boolean,
  firstOfStage: boolean,
  index: number,
): { documents: number; achievements: number } => {
  // A full first page (20) of 教学文档 where a demo teacher works or a textbook exists; with a textbook, also every
  // book in use this term gets its lessons (and the classroom its courses on them): the six 上册 of 小学, and all
  // five 必修 and 选择性必修 books of 高中, which have no 上/下册 term.
  const booksInUse = stage === '小学' ? 6 : stage === '高中' ? 5 : 0;
  const documents = hasCatalogue ? Math.max(20, booksInUse * PER_VOLUME) : 20;
  if (hasTeacher) return { documents, achievements: 3 };
  if (hasCatalogue) return { documents, achievements: 1 };
  // Stages without a catalogue: enough over their subjects for a full first page of the stage, one achievement.
  const perSubject = stage === '学前' ? 4 : stage === '特殊教育' ? 3 : 2;
  if (firstOfStage) return { documents: perSubject - 1, achievements: 1 };
  // Every third other subject has a piece of research beside its lesson.
  return index % 3 === 2 ? { documents: perSubject - 1, achievements: 1 } : { documents: perSubject, achievements: 0 };
};

/**
 * Plans the demo library (nothing is written): per stage and subject of the dictionaries, resources about its
 * lessons, by its teachers where the demo has some, published over the last half year; then the few waiting for
 * review or sent back. Throws when there are no teachers to write them.
 */
export const planDemoResources = async (prisma: PrismaClient, now = new Date()): Promise<PlannedResource[]> => {
  const stages = await prisma.dict.findMany({ where: { level: 1 }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  const subjects = await prisma.dict.findMany({ where: { level: 2 }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  // The demo's teachers: accounts with a stage (the administrators have none).
  const teachers: Teacher[] = await prisma.user.findMany({
    where: { stageId: { not: null } },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      memberId: true,
      userName: true,
      realName: true,
      stageId: true,
      subjectId: true,
      schoolId: true,
    },
  });
  if (teachers.length === 0 || subjects.length === 0) throw new Error('请先写入种子数据（字典与教师）');
  const catalogue = await catalogueOf(prisma);
  const today = chinaDayStart(now);
  const planned: PlannedResource[] = [];
  const titles = new Set<string>();
  const placesOf = new Map<number, LessonPlace[]>();

  const author = (stageId: number, subjectId: number, random: SeededRandom) => {
    const own = teachers.filter((t) => t.stageId === stageId && t.subjectId === subjectId);
    const mates = teachers.filter((t) => t.stageId === stageId && !own.includes(t));
    // Mostly the subject's own teacher; now and then a colleague of the stage shares one too.
    const pool = own.length && (mates.length === 0 || random.next() < 0.75) ? own : mates.length ? mates : teachers;
    return random.pick(pool);
  };

  /** A resource about `place`, of `kind`, unless that title is taken (then null). */
  const make = (
    place: LessonPlace,
    kind: DemoDocumentKind,
    ids: { stageId: number; subjectId: number },
    teacher: Teacher,
    random: SeededRandom,
    dates: { createdAt: Date; updatedAt: Date; publishedAt: Date | null; writtenAt: Date },
  ): PlannedResource | null => {
    const base: LessonSpec = {
      stage: place.stage,
      subject: place.subject,
      grade: place.grade,
      edition: place.edition,
      volume: place.volume,
      unit: place.unit,
      lesson: place.lesson,
      kind,
    };
    const topic = lessonOf(base).topic;
    const title = titleOf(place, topic, kind, random);
    if (titles.has(title)) return null;
    titles.add(title);
    const achievement = kind === '教研论文' || kind === '课题报告';
    return {
      ...ids,
      type: achievement ? 'ACHIEVEMENT' : 'DOCUMENT',
      trainType: TRAIN_TYPE[kind] ?? null,
      kind,
      title,
      description: descriptionOf(place, topic, kind),
      tags: tagsOf(place, topic, kind),
      nodeId: place.nodeId,
      spec: { ...base, title, author: teacher.realName, writtenAt: dates.writtenAt },
      authorId: teacher.id,
      status: 'PUBLISHED',
      price: 0,
      createdAt: dates.createdAt,
      updatedAt: dates.updatedAt,
      publishedAt: dates.publishedAt,
      reviewNote: null,
      schoolReviewedBy: null,
      schoolReviewedAt: null,
    };
  };

  let otherIndex = 0;
  for (const stage of stages) {
    let firstOfStage = true;
    for (const subject of subjects.filter((s) => s.parentId === stage.id)) {
      const random = seededRandom(`demo-library:${stage.dictName}/${subject.dictName}`);
      const fromCatalogue = cataloguePlaces(
        catalogue,
        { id: stage.id, name: stage.dictName },
        { id: subject.id, name: subject.dictName },
      );
      const places = fromCatalogue.length ? fromCatalogue : fallbackPlaces(stage.dictName, subject.dictName);
      placesOf.set(subject.id, places);
      const hasTeacher = teachers.some((t) => t.stageId === stage.id && t.subjectId === subject.id);
      const quota = quotaOf(stage.dictName, hasTeacher, fromCatalogue.length > 0, firstOfStage, otherIndex);
      if (!hasTeacher && fromCatalogue.length === 0 && !firstOfStage) otherIndex++;
      firstOfStage = false;
      const paperwork = !NO_PAPERWORK_STAGES.has(stage.dictName) && !NO_PAPERWORK.test(subject.dictName);
      const documentKinds = paperwork
        ? DOCUMENT_ROTATION
        : DOCUMENT_ROTATION.filter((k) => k !== '试卷' && k !== '学案');
      const total = quota.documents + quota.achievements;
      const chosen = lessonsFor(places, total, random);
      const kindStart = random.int(documentKinds.length);
      for (let i = 0; i < total; i++) {
        const research = i >= quota.documents;
        const rotation = research ? ACHIEVEMENT_ROTATION : documentKinds;
        const offset = kindStart + (research ? i - quota.documents : i);
        const teacher = author(stage.id, subject.id, random);
        const daysAgo = 1 + random.int(PUBLISH_DAYS);
        const publishedAt = new Date(
          today.getTime() - daysAgo * DAY_MS + (8 + random.int(13)) * 3_600_000 + random.int(60) * 60_000,
        );
        const dates = {
          publishedAt,
          updatedAt: publishedAt,
          // Submitted a few hours to two days before the review published it; written a week or so before that.
          createdAt: new Date(publishedAt.getTime() - (2 + random.int(46)) * 3_600_000),
          writtenAt: new Date(publishedAt.getTime() - (3 + random.int(12)) * DAY_MS),
        };
        // A lesson used twice (short lists) gets another kind; a clash of titles tries the next kind.
        for (let attempt = 0; attempt < rotation.length; attempt++) {
          const place = chosen[i % chosen.length]!;
          const made = make(
            place,
            rotation[(offset + attempt) % rotation.length]!,
            { stageId: stage.id, subjectId: subject.id },
            teacher,
            random,
            dates,
          );
          if (made) {
            planned.push(made);
            break;
          }
        }
      }
    }
  }

  // Prices on a few documents of each seller: spread over their list, 课件 and 试卷 first (what teachers pay for).
  for (const [userName, count] of Object.entries(PAID)) {
    const seller = teachers.find((t) => t.userName === userName);
    if (!seller) continue;
    // Their own subject's documents: what a teacher would sell is what they teach.
    const own = planned.filter(
      (p) =>
        p.authorId === seller.id &&
        p.type === 'DOCUMENT' &&
        p.stageId === seller.stageId &&
        p.subjectId === seller.subjectId,
    );
    const preferred = [...own.filter((p) => p.kind === '课件' || p.kind === '试卷'), ...own];
    unique(preferred)
      .slice(0, count)
      .forEach((p, i) => {
        p.price = PRICES[i % PRICES.length]!;
      });
  }

  // The administrators' work: lessons of the author's own subject not yet written about.
  for (const item of FOR_REVIEW) {
    const teacher = teachers.find((t) => t.userName === item.userName);
    if (!teacher?.subjectId) continue;
    const subject = subjects.find((s) => s.id === teacher.subjectId);
    const stage = stages.find((s) => s.id === teacher.stageId);
    if (!subject || !stage) continue;
    const random = seededRandom(`demo-library:review:${item.userName}:${item.kind}`);
    const submittedAt = new Date(
      today.getTime() - item.daysAgo * DAY_MS + (9 + random.int(10)) * 3_600_000 + random.int(60) * 60_000,
    );
    // A rejected resource was reviewed some days after it came in; updated_at dates that decision.
    const decidedAt = item.status === 'REJECTED' ? new Date(submittedAt.getTime() + 26 * 3_600_000) : submittedAt;
    const places = random.sample(placesOf.get(subject.id) ?? [], 40);
    for (const place of places) {
      const made = make(place, item.kind, { stageId: stage.id, subjectId: subject.id }, teacher, random, {
        createdAt: submittedAt,
        updatedAt: decidedAt,
        publishedAt: null,
        writtenAt: new Date(submittedAt.getTime() - 2 * DAY_MS),
      });
      if (!made) continue;
      made.status = item.status;
      made.reviewNote = item.note ?? null;
      if (item.description) made.description = item.description;
      if (item.schoolApproved) {
        // Approved for the school by its administrator (two-level review), now waiting for the district.
        const schoolAdmin = await prisma.user.findFirst({
          where: { schoolId: teacher.schoolId, roles: { some: { role: { code: 'school_admin' } } } },
          select: { id: true },
        });
        if (schoolAdmin) {
          made.schoolReviewedBy = schoolAdmin.id;
          made.schoolReviewedAt = new Date(submittedAt.getTime() + 5 * 3_600_000);
        }
      }
      planned.push(made);
      break;
    }
  }
  return planned;
};

/** Runs `work` over the items, `limit` at a time, answering the results in the items' order. */
const pooled = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

/**
 * Writes the planned library: each resource's files generated for it and stored as its author's upload (which
 * queues their previews), then all resources, their files and chapters in one transaction, and their search
 * text. Answers how many resources it made.
 */
export const seedDemoResources = async (app: FastifyInstance, config: Config, now = new Date()) => {
  const { prisma } = app;
  const planned = await planDemoResources(prisma, now);
  const authors = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: unique(planned.map((p) => p.authorId)) } },
        select: { id: true, memberId: true, userName: true },
      })
    ).map((u) => [u.id, { ...u, isAdmin: false, sessionId: '' }]),
  );
  // Generating is CPU work and storing is I/O: a few at once keeps both busy.
  const fileIds = await pooled(planned, 4, async (resource) => {
    const files = await demoFilesFor(resource.spec);
    const ids: string[] = [];
    for (const file of files) {
      const stored = await storeDocument(
        app,
        config,
        authors.get(resource.authorId)!,
        { filename: file.fileName, file: Readable.from(file.bytes) },
        { background: true },
      );
      ids.push(stored.id);
    }
    return ids;
  });
  await transaction(prisma, async (tx) => {
    const rows = await tx.resource.createManyAndReturn({
      data: planned.map((p) => ({
        type: p.type,
        trainType: p.trainType,
        title: p.title,
        description: p.description,
        tags: p.tags,
        stageId: p.stageId,
        subjectId: p.subjectId,
        price: p.price,
        authorId: p.authorId,
        status: p.status,
        reviewNote: p.reviewNote,
        schoolReviewedBy: p.schoolReviewedBy,
        schoolReviewedAt: p.schoolReviewedAt,
        publishedAt: p.publishedAt,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })),
      select: { id: true, title: true },
    });
    // Titles are unique within the plan (planDemoResources makes sure), so they name the rows.
    const idOf = new Map(rows.map((r) => [r.title, r.id]));
    await tx.resourceFile.createMany({
      data: planned.flatMap((p, i) =>
        fileIds[i]!.map((fileId, sort) => ({ resourceId: idOf.get(p.title)!, fileId, sort })),
      ),
    });
    for (const p of planned) {
      if (p.nodeId !== null) await setResourceChapters(tx, idOf.get(p.title)!, [p.nodeId]);
    }
    // What the review told the authors, as the review would have.
    for (const p of planned) {
      if (p.status === 'REJECTED') {
        await sendMessage(tx, {
          userId: p.authorId,
          type: 'review',
          title: `审核未通过：${p.title}`,
          content: `您上传的${RESOURCE_TYPE_LABELS[p.type]}“${p.title}”未通过审核：${p.reviewNote}。修改后可重新提交。`,
          link: '/personSpace/resource',
        });
      } else if (p.schoolReviewedBy !== null) {
        await sendMessage(tx, {
          userId: p.authorId,
          type: 'review',
          title: `学校初审通过：${p.title}`,
          content: `您上传的${RESOURCE_TYPE_LABELS[p.type]}“${p.title}”已通过学校初审，正等待区县审核，通过后即发布。`,
          link: '/personSpace/resource',
        });
      }
    }
  });
  // New rows carry no search vector yet (version 0): indexed with their chapters' names, in batches.
  await reindexStale(prisma);
  libraryChanged();
  return planned.length;
};
