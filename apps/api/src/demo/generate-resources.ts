import { randomInt } from 'node:crypto';
import { TAGGABLE_KINDS } from '@zyk/shared';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../lib/china-time-sql.ts';
import { catalogueOf } from '../modules/catalogue/tree.ts';
import { dictNames } from '../modules/dict/service.ts';
import { namesAlong, resourceDocument, SEARCH_VERSION } from '../modules/library/search-index.ts';

/** Lesson topics per subject, for plausible titles. */
export const TOPICS: Record<string, string[]> = {
  语文: [
    '静夜思',
    '春',
    '背影',
    '荷塘月色',
    '岳阳楼记',
    '桃花源记',
    '少年中国说',
    '草船借箭',
    '观潮',
    '社戏',
    '孔乙己',
    '出师表',
  ],
  数学: [
    '有理数的加减法',
    '一元二次方程',
    '勾股定理',
    '二次函数的图像',
    '分数的初步认识',
    '圆的面积',
    '三角形全等的判定',
    '概率初步',
    '平行四边形',
    '数列求和',
  ],
  英语: [
    'My family',
    'Colors',
    'What time is it',
    '一般现在时',
    '现在进行时',
    '阅读理解策略',
    '英语写作入门',
    '被动语态',
  ],
  物理: ['牛顿第一定律', '浮力', '欧姆定律', '光的折射', '机械能守恒', '电磁感应', '压强', '声音的产生与传播'],
  化学: ['氧气的性质', '质量守恒定律', '酸和碱', '化学方程式', '金属的化学性质', '溶液的配制'],
  生物学: ['细胞的结构', '光合作用', '遗传与变异', '人体的消化系统', '生态系统'],
  历史: ['秦统一中国', '丝绸之路', '辛亥革命', '工业革命', '改革开放'],
  地理: ['地球的运动', '中国的气候', '世界的人口', '等高线地形图', '河流与湖泊'],
  科学: ['植物的生长', '水的三态变化', '简单电路', '磁铁的性质', '天气与气候'],
  道德与法治: ['我们的班级', '珍爱生命', '法律在身边', '认识自己', '做守法的公民'],
  音乐: ['欢乐颂', '茉莉花', '节奏练习', '认识五线谱'],
  美术: ['色彩的对比', '线条的魅力', '中国山水画', '剪纸艺术'],
  信息科技: ['认识计算机', '算法初步', 'Python编程入门', '数据与编码', '网络安全'],
  体育与健康: ['立定跳远', '篮球运球', '广播体操', '队列练习'],
};
const FALLBACK_TOPICS = ['单元复习', '专题探究', '核心素养导向的教学', '大单元教学设计'];
export const EDITIONS = ['人教版', '北师大版', '苏教版', '部编版', '沪教版', '湘教版'];
export const GRADES: Record<string, string[]> = {
  小学: ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'],
  初中: ['七年级', '八年级', '九年级'],
  高中: ['高一', '高二', '高三'],
};
export const KINDS = {
  MICRO_COURSE: ['微课', '微课视频', '知识点精讲', '实验演示'],
  DOCUMENT: ['教学设计', '课件', '学案', '同步练习', '教案', '说课稿'],
  ACHIEVEMENT: ['教学反思', '课题研究报告', '优秀论文', '教学案例', '培训讲义'],
} as const;
const TRAIN = ['paper', 'project', 'training', 'case', 'award'];
const DESCRIPTIONS = [
  '本资源围绕课标要求设计，重难点突出，适合课堂教学与学生自主学习使用。',
  '结合生活实例引入，层层递进，配有课堂练习与课后拓展。',
  '以核心素养为导向，注重学生思维能力培养，可直接用于公开课。',
  '经过多轮教学实践修改完善，附有教学反思与改进建议。',
  '适用于新授课，包含情境导入、合作探究、当堂检测等环节。',
];

const pick = <T>(list: readonly T[]) => list[randomInt(list.length)]!;

export interface GenerateOptions {
  count: number;
  /** Spread publish times over this many past days. */
  days?: number;
  onProgress?: (done: number) => void;
  /**
   * Share (0–1) of the resources of a stage and subject that has a textbook catalogue to hang on one or two of its
   * volumes, units or lessons, picked at random (in use, not retired); with their names in the search text, as a
   * teacher's choice would put them. Default 0: none.
   */
  chapters?: number;
}

/**
 * Inserts `count` published resources with realistic Chinese titles, spread over the seeded stages, subjects and
 * teachers, with search vectors filled, in batches of 2,000 rows (one INSERT … SELECT FROM unnest each), and with
 * `chapters` a share of them on textbook chapters (one more INSERT … unnest per batch).
 */
export const generateResources = async (prisma: PrismaClient, opts: GenerateOptions) => {
  const stages = await prisma.dict.findMany({ where: { level: 1 } });
  const subjects = await prisma.dict.findMany({ where: { level: 2 } });
  const names = await dictNames(prisma);
  const authors = await prisma.user.findMany({ where: { isAdmin: false }, select: { id: true } });
  if (authors.length === 0 || subjects.length === 0) throw new Error('请先写入种子数据（字典与教师）');
  const days = opts.days ?? 365;
  const BATCH = 2000;
  const chapterShare = opts.chapters ?? 0;
  const catalogue = chapterShare > 0 ? await catalogueOf(prisma) : null;
  // Per stage and subject: the chapters a resource may hang on, and each one's trail (edition … lesson).
  const chaptersOf = new Map<number, number[]>();
  const trails = new Map<number, string[]>();
  for (const subject of catalogue ? subjects : []) {
    const nodes = catalogue!
      .nodesOf(subject.parentId!, subject.id)
      .filter((n) => TAGGABLE_KINDS.includes(n.kind) && !catalogue!.retired(n.id));
    if (nodes.length === 0) continue;
    chaptersOf.set(
      subject.id,
      nodes.map((n) => n.id),
    );
    for (const n of nodes)
      trails.set(
        n.id,
        catalogue!.path(n.id).map((id) => catalogue!.node(id)!.name),
      );
  }
  const [{ max: firstNewId }] = (await prisma.$queryRaw<
    { max: number }[]
  >`SELECT coalesce(max(id), 0) + 1 AS max FROM resources`) as [{ max: number }];
  for (let done = 0; done < opts.count; done += BATCH) {
    const n = Math.min(BATCH, opts.count - done);
    const cols = {
      type: [] as string[],
      train: [] as (string | null)[],
      title: [] as string[],
      description: [] as string[],
      tags: [] as string[],
      stage: [] as number[],
      subject: [] as number[],
      author: [] as number[],
      price: [] as number[],
      views: [] as number[],
      downloads: [] as number[],
      stars: [] as number[],
      published: [] as Date[],
      documents: [] as string[],
    };
    // Ids taken from the sequence beforehand, so the chapters can name their resources.
    const ids = (
      await prisma.$queryRaw<{ id: number }[]>`
        SELECT nextval(pg_get_serial_sequence('resources', 'id'))::int AS id FROM generate_series(1, ${n}::int)`
    ).map((r) => r.id);
    const onChapters = { resource: [] as number[], node: [] as number[], sort: [] as number[] };
    for (let i = 0; i < n; i++) {
      // Round the subjects in turn: every subject gets its share (a demo course built from one has lessons).
      const subject = subjects[(done + i) % subjects.length]!;
      const stage = stages.find((s) => s.id === subject.parentId)!;
      const type = pick(['MICRO_COURSE', 'DOCUMENT', 'DOCUMENT', 'ACHIEVEMENT'] as const);
      const topic = pick(TOPICS[subject.dictName] ?? FALLBACK_TOPICS);
      const grade = GRADES[stage.dictName] ? pick(GRADES[stage.dictName]!) : stage.dictName;
      const title = `${pick(EDITIONS)}${grade}${subject.dictName}《${topic}》${pick(KINDS[type])}`;
      const tags = [subject.dictName, topic.length <= 8 ? topic : grade];
      const description = pick(DESCRIPTIONS);
      const choices = chaptersOf.get(subject.id);
      const chapters: number[] = [];
      if (choices && Math.random() < chapterShare) {
        chapters.push(pick(choices));
        const second = pick(choices);
        if (randomInt(2) === 1 && second !== chapters[0]) chapters.push(second);
        chapters.forEach((nodeId, sort) => {
          onChapters.resource.push(ids[i]!);
          onChapters.node.push(nodeId);
          onChapters.sort.push(sort);
        });
      }
      cols.type.push(type);
      cols.train.push(type === 'ACHIEVEMENT' ? pick(TRAIN) : null);
      cols.title.push(title);
      cols.description.push(description);
      cols.tags.push(JSON.stringify(tags));
      cols.stage.push(stage.id);
      cols.subject.push(subject.id);
      cols.author.push(pick(authors).id);
      cols.price.push(randomInt(10) === 0 ? pick([100, 200, 500, 990]) : 0);
      const views = Math.floor(Math.exp(Math.random() * 8));
      cols.views.push(views);
      cols.downloads.push(Math.floor(views * Math.random() * 0.3));
      cols.stars.push(Math.floor(views * Math.random() * 0.1));
      cols.published.push(new Date(Date.now() - Math.random() * days * 86_400_000));
      cols.documents.push(
        resourceDocument(
          {
            type,
            trainType: cols.train.at(-1) ?? null,
            title,
            tags,
            description,
            stageId: stage.id,
            subjectId: subject.id,
            chapters: namesAlong(chapters, trails),
          },
          names,
        ),
      );
    }
    await prisma.$executeRaw`
      INSERT INTO resources (id, type, train_type, title, description, tags, stage_id, subject_id, author_id, price,
        status, view_count, download_count, star_count, published_at, updated_at, search_vector, search_version)
      SELECT id, t::"ResourceType", tr, ti, de, ARRAY(SELECT jsonb_array_elements_text(tg::jsonb)), st, su, au, pr,
        'PUBLISHED', vi, dl, sa, pu, now(), doc::tsvector, ${SEARCH_VERSION}
      FROM unnest(${ids}::int[], ${cols.type}::text[], ${cols.train}::text[], ${cols.title}::text[],
        ${cols.description}::text[], ${cols.tags}::text[], ${cols.stage}::int[], ${cols.subject}::int[],
        ${cols.author}::int[], ${cols.price}::int[], ${cols.views}::int[], ${cols.downloads}::int[], ${cols.stars}::int[],
        ${cols.published}::timestamptz[], ${cols.documents}::text[])
        AS x(id, t, tr, ti, de, tg, st, su, au, pr, vi, dl, sa, pu, doc)`;
    if (onChapters.resource.length) {
      await prisma.$executeRaw`
        INSERT INTO resource_chapters (resource_id, node_id, sort)
        SELECT * FROM unnest(${onChapters.resource}::int[], ${onChapters.node}::int[], ${onChapters.sort}::smallint[])`;
    }
    opts.onProgress?.(done + n);
  }
  // Some recent activity per resource, so the hot ranking over the last 30 days has something to rank.
  await prisma.$executeRaw`
    INSERT INTO resource_daily_stats (resource_id, day, views, downloads)
    SELECT id, ${CHINA_TODAY_SQL} - (id % 30), GREATEST(1, view_count / 20), download_count / 20
    FROM resources WHERE id >= ${firstNewId}
    ON CONFLICT DO NOTHING`;
  // Fresh statistics and visibility map, as autovacuum would leave them, so counts can be index-only scans.
  await prisma.$executeRaw`VACUUM ANALYZE resources`;
  if (catalogue) await prisma.$executeRaw`VACUUM ANALYZE resource_chapters`;
};
