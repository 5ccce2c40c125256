import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { SessionUser } from '../lib/contract.ts';
import { transaction } from '../lib/transaction.ts';
import { type Catalogue, type CatalogueNodeRow, catalogueOf } from '../modules/catalogue/tree.ts';
import { chapterIdsOf } from '../modules/library/chapters.ts';
import { storeDocument } from '../modules/uploads/document.ts';
import { drawCourseCover, drawTopicBackground } from './classroom-art.ts';

/**
 * The boutique classroom of the demo: courses over the three stages, each on one volume of the textbook catalogue,
 * its chapters named after the volume's units and its lessons the district's published resources hung on those
 * units (micro-courses as lectures, documents as practice); topics grouping courses by a theme; covers and
 * backgrounds drawn per subject and stored as uploads are. Runs once, into a district without any course.
 */

type Log = (msg: string) => void;
type Theme = 'unit' | 'homework' | 'experiment' | 'reading';

interface CourseSpec {
  title: string;
  stage: string;
  subject: string;
  /** A demo account (prisma/seed/demo-users.csv), of the subject where the roster has one. */
  author: string;
  /** COURSE_CATEGORIES: 1 学科教学, 3 信息技术应用, 4 教育科研. */
  categoryId: number;
  /** Volumes the title fits, in preference order; none: whichever volume has the most to show. */
  volumes?: string[];
  /** What the course is about, before the generated line naming its volume and units. */
  intro: string;
  themes: Theme[];
  /**
   * For a subject the catalogue does not cover yet: chapters of its own (the textbook's), each taking the resources
   * whose titles name one of its words.
   */
  ownChapters?: { title: string; words: string[] }[];
}

/**
 * Candidates per stage, in preference order: the first four each stage can fill are made. The first three titles
 * are the ones the demo training projects attach (prisma/seed/projects.json).
 */
const COURSES: CourseSpec[] = [
  {
    title: '初中数学核心概念精讲',
    stage: '初中',
    subject: '数学',
    author: 'lijg',
    categoryId: 1,
    intro: '从概念的来龙去脉讲起，用微课梳理每个核心概念的形成过程，配套分层练习巩固理解。',
    themes: ['unit', 'homework'],
  },
  {
    title: '小学语文阅读教学实践',
    stage: '小学',
    subject: '语文',
    author: 'zhangxm',
    categoryId: 1,
    volumes: ['三年级上册', '四年级上册', '五年级上册', '三年级下册'],
    intro: '以单元阅读要素为线索，示范精读课、略读课的教学设计与课堂实录，附阅读单与课后练习。',
    themes: ['reading', 'unit'],
  },
  {
    title: '高中物理实验探究',
    stage: '高中',
    subject: '物理',
    author: 'wangcy',
    categoryId: 1,
    intro: '围绕课标要求的学生必做实验，讲解实验原理、方案设计与数据处理，培养证据意识与科学探究能力。',
    themes: ['experiment'],
    ownChapters: [
      { title: '运动与相互作用', words: ['运动', '速度', '力', '牛顿', '超重', '失重', '质点', '落体'] },
      { title: '静电场与电路', words: ['电', '库仑', '磁'] },
      { title: '机械能与动量', words: ['能', '动量'] },
    ],
  },
  {
    title: '小学数学图形与几何',
    stage: '小学',
    subject: '数学',
    author: 'liujy',
    categoryId: 1,
    volumes: ['三年级上册', '三年级下册', '四年级上册', '四年级下册'],
    intro: '借助操作与直观演示认识图形、测量与计算，微课讲清易错点，练习分层设计、当堂反馈。',
    themes: ['unit', 'experiment'],
  },
  {
    title: '小学数学计算能力提升',
    stage: '小学',
    subject: '数学',
    author: 'liujy',
    categoryId: 1,
    intro: '从算理到算法：口算、笔算与简便运算的教学策略，每个单元配一份“双减”背景下的精练作业。',
    themes: ['homework'],
  },
  {
    title: '小学语文识字写字与古诗诵读',
    stage: '小学',
    subject: '语文',
    author: 'zhangxm',
    categoryId: 1,
    volumes: ['一年级上册', '一年级下册', '二年级上册', '二年级下册'],
    intro: '低年级识字写字与古诗诵读的课堂范例：随文识字、字理识字与诵读指导，附写字练习与学习单。',
    themes: ['reading', 'homework'],
  },
  {
    title: '初中英语单元整体教学设计',
    stage: '初中',
    subject: '英语',
    author: 'chensy',
    categoryId: 4,
    intro: '以单元主题意义为引领，整合听说读写，示范单元整体教学设计与课时分解，附学案与分层作业。',
    themes: ['unit', 'reading'],
  },
  {
    title: '初中物理实验与探究',
    stage: '初中',
    subject: '物理',
    author: 'wangcy',
    categoryId: 1,
    intro: '把课本上的探究实验搬进微课：提出问题、设计实验、分析论证，配套实验报告单与课后练习。',
    themes: ['experiment'],
  },
  {
    title: '初中语文名篇精读',
    stage: '初中',
    subject: '语文',
    author: 'zhangxm',
    categoryId: 1,
    intro: '精选教材中的经典篇目，从文本细读到写法迁移，示范一篇带多篇的阅读教学，附导学案与练习。',
    themes: ['reading'],
  },
  {
    title: '初中数学分层作业设计',
    stage: '初中',
    subject: '数学',
    author: 'lijg',
    categoryId: 4,
    intro: '按基础、提升、拓展三层设计课后作业，微课讲解典型题，作业样例可直接下载使用。',
    themes: ['homework'],
  },
  {
    title: '高中数学函数与导数',
    stage: '高中',
    subject: '数学',
    author: 'lijg',
    categoryId: 1,
    volumes: ['必修第一册', '选择性必修第二册'],
    intro: '以函数为主线贯通高中代数，微课讲解概念与图像，配套学案与单元检测，突出数学抽象与直观想象。',
    themes: ['unit', 'homework'],
  },
  {
    title: '高中数学概率统计与数学建模',
    stage: '高中',
    subject: '数学',
    author: 'wangcy',
    categoryId: 3,
    volumes: ['选择性必修第三册', '必修第二册'],
    intro: '用真实数据学统计、用随机试验学概率，借助信息技术开展数学建模活动，附活动单与练习。',
    themes: ['experiment', 'homework'],
  },
  {
    title: '高中数学几何与向量',
    stage: '高中',
    subject: '数学',
    author: 'lijg',
    categoryId: 1,
    volumes: ['必修第二册', '选择性必修第一册'],
    intro: '从平面向量到空间向量与立体几何，用动态演示建立空间观念，附分层练习与单元检测。',
    themes: ['unit', 'experiment'],
  },
  {
    title: '高中英语读写结合教学',
    stage: '高中',
    subject: '英语',
    author: 'chensy',
    categoryId: 1,
    intro: '以读促写：从语篇分析到写作任务设计，示范读写结合课的教学流程，附学案与写作评价量表。',
    themes: ['reading'],
  },
  {
    title: '高中语文整本书阅读',
    stage: '高中',
    subject: '语文',
    author: 'zhangxm',
    categoryId: 1,
    intro: '整本书阅读的任务群设计与课堂推进，附阅读任务单与专题研讨材料。',
    themes: ['reading', 'unit'],
  },
  {
    title: '高中化学实验探究',
    stage: '高中',
    subject: '化学',
    author: 'wangcy',
    categoryId: 1,
    intro: '聚焦课标规定的学生必做实验，讲清原理与操作要点，培养证据推理与模型认知。',
    themes: ['experiment'],
    ownChapters: [
      { title: '物质及其变化', words: ['物质的分类', '离子反应', '氧化还原'] },
      { title: '钠和氯及其化合物', words: ['钠', '氯'] },
      { title: '化学反应速率与平衡', words: ['速率', '平衡'] },
    ],
  },
];

const COURSES_PER_STAGE = 4;
const STAGES = ['小学', '初中', '高中'];
const MAX_CHAPTERS = 4;
const MAX_LESSONS = 4;
/** Featured on the classroom home: the first two of each stage (the console allows 8). */
const FEATURED_PER_STAGE = 2;
const DAY_MS = 86_400_000;

const TOPICS: { theme: Theme; title: string; author: string; description: string }[] = [
  {
    theme: 'unit',
    title: '新课标大单元教学',
    author: 'chensy',
    description:
      '落实义务教育与普通高中新课程标准，以大概念统整单元内容，示范单元整体教学设计、课时分解与评价任务，覆盖小学、初中、高中多个学科。',
  },
  {
    theme: 'homework',
    title: '“双减”背景下的作业设计',
    author: 'lijg',
    description:
      '减量不减质：分层作业、弹性作业与跨学科实践作业的设计思路和样例，帮助教师用更少的作业达成更好的学习效果。',
  },
  {
    theme: 'experiment',
    title: '实验教学与科学探究',
    author: 'wangcy',
    description:
      '从动手操作到证据推理：学生必做实验、演示实验与数学实验的课堂组织与评价，培养学生的科学思维与探究能力。',
  },
  {
    theme: 'reading',
    title: '阅读素养提升',
    author: 'zhangxm',
    description: '语文与英语阅读教学的课例与策略：单元阅读要素、整本书阅读、读写结合，提升学生的阅读理解与表达能力。',
  },
];
const MIN_TOPIC_COURSES = 3;
const MAX_TOPIC_COURSES = 5;

interface Usable {
  id: number;
  type: 'MICRO_COURSE' | 'DOCUMENT';
  title: string;
  /** Every catalogue node it hangs on or under. */
  under: Set<number>;
  /** The catalogue lesson it hangs on, if any: names the course lesson. */
  lessonName: string | null;
}

interface Lesson {
  title: string;
  resourceId: number;
  categoryCode: 'lecture' | 'practice';
}
interface Chapter {
  title: string;
  lessons: Lesson[];
}
interface Plan {
  spec: CourseSpec;
  stageId: number;
  subjectId: number;
  authorId: number;
  /** "统编版小学语文三年级上册", or null for a course on its own chapters. */
  volume: string | null;
  chapters: Chapter[];
}

/** A lesson's name without its number: "12.2 三角形全等的判定" → "三角形全等的判定". */
const lessonCore = (name: string) =>
  name.replace(/^(\*?\d+(\.\d+)*\s*|第[一二三四五六七八九十\d]+[课节]\s*)/, '').trim();

/** "第一单元" says nothing by itself: it is followed by its first lessons' names. */
const chapterTitleOf = (catalogue: Catalogue, unit: CatalogueNodeRow) => {
  if (!/^第[一二三四五六七八九十]+单元$/.test(unit.name)) return unit.name;
  const names = catalogue
    .children(unit.id)
    .slice(0, 2)
    .map((l) => lessonCore(l.name).replace(/（.*）$/, ''));
  return names.length ? `${unit.name} ${names.join('、')}` : unit.name;
};

/** What a resource is (教学设计, 学案, 课件…): the words after its title's 《…》, when short. */
const kindWordOf = (r: Usable) => {
  if (r.type === 'MICRO_COURSE') return '微课';
  const tail = r.title.slice(r.title.lastIndexOf('》') + 1).trim();
  return tail.length >= 2 && tail.length <= 8 ? tail : '练习';
};

const lessonTitleOf = (r: Usable) => {
  const name = r.lessonName ?? /《(.+?)》/.exec(r.title)?.[1] ?? r.title;
  return `${name} · ${kindWordOf(r)}`;
};

/**
 * The lessons of one unit: lectures and practice in turn, resources no other course uses first. At least two, or
 * none (a chapter of one lesson looks unfinished).
 */
const lessonsOf = (
  belongs: (r: Usable) => boolean,
  pool: Usable[],
  used: Set<number>,
  inCourse: Set<number>,
): Lesson[] => {
  const fresh = (list: Usable[]) => [...list.filter((r) => !used.has(r.id)), ...list.filter((r) => used.has(r.id))];
  const here = pool.filter((r) => belongs(r) && !inCourse.has(r.id));
  const lectures = fresh(here.filter((r) => r.type === 'MICRO_COURSE'));
  const practice = fresh(here.filter((r) => r.type === 'DOCUMENT'));
  const picked: Usable[] = [];
  for (let i = 0; picked.length < MAX_LESSONS && (i < lectures.length || i < practice.length); i++) {
    if (lectures[i]) picked.push(lectures[i]!);
    if (practice[i] && picked.length < MAX_LESSONS) picked.push(practice[i]!);
  }
  if (picked.length < 2) return [];
  return picked.map((r) => ({
    title: lessonTitleOf(r),
    resourceId: r.id,
    categoryCode: r.type === 'MICRO_COURSE' ? 'lecture' : 'practice',
  }));
};

/** A course on one volume: its units that can fill a chapter, those with lectures first, kept in book order. */
const planOnVolume = (catalogue: Catalogue, volume: CatalogueNodeRow, pool: Usable[], used: Set<number>) => {
  const inCourse = new Set<number>();
  const candidates = catalogue
    .children(volume.id)
    .filter((unit) => unit.kind === 'unit' && !catalogue.retired(unit.id))
    .map((unit, order) => {
      const here = pool.filter((r) => r.under.has(unit.id));
      return {
        unit,
        order,
        lectures: here.filter((r) => r.type === 'MICRO_COURSE').length,
        count: here.length,
      };
    })
    .filter((c) => c.count >= 2)
    .sort((a, b) => Number(b.lectures > 0) - Number(a.lectures > 0) || b.count - a.count || a.order - b.order)
    .slice(0, MAX_CHAPTERS)
    .sort((a, b) => a.order - b.order);
  const chapters: Chapter[] = [];
  for (const { unit } of candidates) {
    const lessons = lessonsOf((r) => r.under.has(unit.id), pool, used, inCourse);
    for (const l of lessons) inCourse.add(l.resourceId);
    if (lessons.length > 0) chapters.push({ title: chapterTitleOf(catalogue, unit), lessons });
  }
  return chapters;
};

/** A course on the spec's own chapters (a subject without a catalogue). */
const planOnOwnChapters = (spec: CourseSpec, pool: Usable[], used: Set<number>) => {
  const inCourse = new Set<number>();
  const chapters: Chapter[] = [];
  for (const own of spec.ownChapters ?? []) {
    const lessons = lessonsOf((r) => own.words.some((w) => r.title.includes(w)), pool, used, inCourse);
    for (const l of lessons) inCourse.add(l.resourceId);
    if (lessons.length > 0) chapters.push({ title: own.title, lessons });
  }
  return chapters;
};

const score = (chapters: Chapter[]) =>
  chapters.length >= 2
    ? chapters.flatMap((c) => c.lessons).reduce((s, l) => s + (l.categoryCode === 'lecture' ? 10 : 1), 0)
    : -1;

/** The district's usable resources of a stage and subject: published, free, with a file; where they hang. */
const usableResources = async (app: FastifyInstance, catalogue: Catalogue, stageId: number, subjectId: number) => {
  const rows = await app.prisma.resource.findMany({
    where: {
      status: 'PUBLISHED',
      deletedAt: null,
      stageId,
      subjectId,
      price: 0,
      type: { in: ['MICRO_COURSE', 'DOCUMENT'] },
      files: { some: {} },
    },
    select: { id: true, type: true, title: true },
    orderBy: { id: 'asc' },
  });
  const chapters = await chapterIdsOf(
    app.prisma,
    rows.map((r) => r.id),
  );
  return rows.map((r): Usable => {
    const ids = chapters.get(r.id) ?? [];
    const lesson = ids.map((id) => catalogue.node(id)).find((n) => n?.kind === 'lesson');
    return {
      id: r.id,
      type: r.type as Usable['type'],
      title: r.title,
      under: new Set(ids.flatMap((id) => catalogue.path(id))),
      lessonName: lesson ? lessonCore(lesson.name) : null,
    };
  });
};

const sessionOf = (user: { id: number; memberId: string; userName: string }): SessionUser => ({
  id: user.id,
  memberId: user.memberId,
  userName: user.userName,
  isAdmin: false,
  sessionId: '',
});

/** Stores a drawn picture the way an upload stores it (checked by content, thumbnailed), owned by `user`. */
const storeImage = async (app: FastifyInstance, config: Config, user: SessionUser, filename: string, bytes: Buffer) =>
  (await storeDocument(app, config, user, { filename, file: Readable.from(bytes) }, { background: true })).id;

export const seedDemoClassroom = async (app: FastifyInstance, config: Config, log: Log = () => {}) => {
  const { prisma } = app;
  if ((await prisma.course.count()) > 0 || (await prisma.topic.count()) > 0) return 0;
  const catalogue = await catalogueOf(prisma);
  const users = new Map(
    (
      await prisma.user.findMany({
        where: { userName: { in: [...new Set([...COURSES, ...TOPICS].map((c) => c.author))] } },
      })
    ).map((u) => [u.userName, u]),
  );
  const dicts = await prisma.dict.findMany({ where: { level: { in: [1, 2] } } });
  const stageOf = (name: string) => dicts.find((d) => d.level === 1 && d.dictName === name);
  const subjectOf = (stageId: number, name: string) =>
    dicts.find((d) => d.level === 2 && d.parentId === stageId && d.dictName === name);

  const used = new Set<number>();
  const usedVolumes = new Set<number>();
  const pools = new Map<string, Usable[]>();
  const plans: Plan[] = [];
  for (const stageName of STAGES) {
    let made = 0;
    for (const spec of COURSES.filter((c) => c.stage === stageName)) {
      if (made >= COURSES_PER_STAGE) break;
      const stage = stageOf(spec.stage);
      const subject = stage && subjectOf(stage.id, spec.subject);
      const author = users.get(spec.author);
      if (!stage || !subject || !author) continue;
      const key = `${stage.id}:${subject.id}`;
      if (!pools.has(key)) pools.set(key, await usableResources(app, catalogue, stage.id, subject.id));
      const pool = pools.get(key)!;
      const volumes = catalogue
        .nodesOf(stage.id, subject.id)
        .filter((n) => n.kind === 'volume' && !catalogue.retired(n.id) && !usedVolumes.has(n.id));
      const allowed = spec.volumes ? spec.volumes.flatMap((name) => volumes.filter((v) => v.name === name)) : volumes;
      // A title naming its volumes takes the first that fills; a general one the volume with the most to play.
      let best: { volume: CatalogueNodeRow; chapters: Chapter[] } | null = null;
      for (const volume of allowed) {
        const chapters = planOnVolume(catalogue, volume, pool, used);
        if (score(chapters) < 0) continue;
        if (!best || (!spec.volumes && score(chapters) > score(best.chapters))) best = { volume, chapters };
        if (spec.volumes) break;
      }
      const own =
        volumes.length === 0 && catalogue.nodesOf(stage.id, subject.id).length === 0
          ? planOnOwnChapters(spec, pool, used)
          : [];
      if (!best && score(own) < 0) continue;
      if (best) usedVolumes.add(best.volume.id);
      const chapters = best ? best.chapters : own;
      for (const l of chapters.flatMap((c) => c.lessons)) used.add(l.resourceId);
      plans.push({
        spec,
        stageId: stage.id,
        subjectId: subject.id,
        authorId: author.id,
        volume: best
          ? `${catalogue.node(best.volume.parentId!)?.name ?? ''}${spec.stage}${spec.subject}${best.volume.name}`
          : null,
        chapters,
      });
      made++;
    }
  }
  if (plans.length === 0) return 0;

  const now = Date.now();
  const courseIds = new Map<string, number>();
  for (const [index, plan] of plans.entries()) {
    const { spec } = plan;
    const author = users.get(spec.author)!;
    const cover = await storeImage(
      app,
      config,
      sessionOf(author),
      `${spec.title}-封面.png`,
      await drawCourseCover(spec.subject, spec.title),
    );
    const units = plan.chapters.map((c) => `“${c.title.split(' ')[0]}”`).join('');
    const lessonCount = plan.chapters.flatMap((c) => c.lessons).length;
    const teacher = `由${author.realName}老师主讲。`;
    const description = plan.volume
      ? `${spec.intro}\n本课程依托${plan.volume}，选取${units}等单元，共 ${plan.chapters.length} 章 ${lessonCount} 课时，${teacher}`
      : `${spec.intro}\n本课程分${units}${plan.chapters.length} 章，共 ${lessonCount} 课时，${teacher}`;
    const stageRank = plans.filter((p, i) => i < index && p.spec.stage === spec.stage).length;
    const stageIndex = STAGES.indexOf(spec.stage);
    const id = await transaction(prisma, async (tx) => {
      const course = await tx.course.create({
        data: {
          title: spec.title,
          description,
          categoryId: spec.categoryId,
          stageId: plan.stageId,
          subjectId: plan.subjectId,
          authorId: plan.authorId,
          coverFileId: cover,
          status: 'PUBLISHED',
          // Published over the last weeks, the first of each stage earliest.
          publishedAt: new Date(now - (40 - index * 3) * DAY_MS),
          featuredSort: stageRank < FEATURED_PER_STAGE ? stageRank * STAGES.length + stageIndex + 1 : null,
        },
      });
      for (const [ci, chapter] of plan.chapters.entries()) {
        const row = await tx.courseTitle.create({ data: { courseId: course.id, title: chapter.title, sort: ci + 1 } });
        await tx.courseTitle.createMany({
          data: chapter.lessons.map((l, li) => ({
            courseId: course.id,
            parentId: row.id,
            title: l.title,
            sort: li + 1,
            resourceId: l.resourceId,
            categoryCode: l.categoryCode,
          })),
        });
      }
      return course.id;
    });
    courseIds.set(spec.title, id);
  }

  let topics = 0;
  for (const [index, topic] of TOPICS.entries()) {
    const members = plans.filter((p) => p.spec.themes.includes(topic.theme)).slice(0, MAX_TOPIC_COURSES);
    const author = users.get(topic.author);
    if (members.length < MIN_TOPIC_COURSES || !author) continue;
    const background = await storeImage(
      app,
      config,
      sessionOf(author),
      `${topic.title.replace(/[“”]/g, '')}-背景.jpg`,
      await drawTopicBackground([...new Set(members.map((m) => m.spec.subject))], topic.title),
    );
    await prisma.topic.create({
      data: {
        title: topic.title,
        description: topic.description,
        authorId: author.id,
        backgroundFileId: background,
        status: 'PUBLISHED',
        publishedAt: new Date(now - (6 - index) * DAY_MS),
        featuredSort: index + 1,
        courses: { create: members.map((m, sort) => ({ courseId: courseIds.get(m.spec.title)!, sort })) },
      },
    });
    topics++;
  }
  log(`seeded the boutique classroom: ${plans.length} courses, ${topics} topics`);
  return plans.length;
};
