/**
 * The demo library's past: half a year of views, plays, downloads, stars, collects, comments with the authors'
 * replies, a few reports and searches, so every number a visitor sees is backed by the rows it counts.
 *
 * Why not call the library's own functions (countView, recordDownload, toggle, comment save)? They stamp `now()`,
 * and a history needs its own times; one call per view would also be tens of thousands of round trips. So rows are
 * written in bulk with the invariants those functions keep:
 * - every view adds 1 to view_count and to that China day's resource_daily_stats.views; a logged-in viewer's
 *   view_history row (one per user and resource) holds the latest view; visitors leave no history row;
 * - every play of a micro-course adds 1 to play_count (after a view, so play_count ≤ view_count);
 * - every download adds 1 to download_count and to the day's downloads; a logged-in downloader's download_history
 *   row counts their `times` and the latest time; visitors download free resources only when the deployment allows
 *   it (DOWNLOAD_REQUIRES_LOGIN); nobody downloads a paid resource (purchases come later, from the commerce seed);
 * - star_count, collect_count and comment_count are the counts of their rows, reply_count of a comment its replies,
 *   and a reply tells the comment's writer (and the user replied to) by message, as the comment service does.
 * At the end every resource's counters are recounted from the rows, as the services leave them.
 *
 * Deterministic (seeded by resource id and title) apart from "now", which anchors the last 180 days; nothing is
 * dated before a resource's publication or in the future. Runs only while there is no interaction history.
 */
import type { REPORT_CATEGORIES } from '@zyk/shared';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { transaction } from '../lib/transaction.ts';
import { publishedSql } from '../lib/visibility.ts';
import { resourceDetailLink } from '../modules/library/links.ts';
import { type SeededRandom, seededRandom } from './content/seeded-random.ts';

type Log = (msg: string) => void;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 180;
/** China has one offset all year (no daylight saving): its day of a moment is the UTC date eight hours on. */
const chinaDay = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

type ResourceType = 'MICRO_COURSE' | 'DOCUMENT' | 'ACHIEVEMENT';
type Kind = '微课' | '课件' | '试卷' | '学案' | '教学设计' | '说课稿' | '教研论文' | '课题报告' | '其他';

interface Target {
  id: number;
  type: ResourceType;
  title: string;
  price: number;
  authorId: number;
  publishedAt: Date;
  stageId: number | null;
  subjectId: number | null;
  stageName: string | null;
  hasFiles: boolean;
}

interface Person {
  id: number;
  realName: string;
  stageId: number | null;
  subjectId: number | null;
}

/** What kind of resource a title names (the demo's titles end in it; a teacher's usually say it somewhere). */
export const kindOf = (type: ResourceType, title: string): Kind => {
  if (type === 'MICRO_COURSE') return '微课';
  if (/课件/.test(title)) return '课件';
  if (/试卷|检测|测试|练习|试题/.test(title)) return '试卷';
  if (/学案/.test(title)) return '学案';
  if (/说课/.test(title)) return '说课稿';
  if (/教学设计|教案/.test(title)) return '教学设计';
  if (/课题|结题|研究报告/.test(title)) return '课题报告';
  if (type === 'ACHIEVEMENT' || /论文|探索|研究/.test(title)) return '教研论文';
  return '其他';
};

/** How much more teachers look for a kind than for the average resource (lesson materials first). */
const KIND_APPEAL: Record<Kind, number> = {
  课件: 1.35,
  试卷: 1.3,
  微课: 1.2,
  教学设计: 1.1,
  学案: 1.0,
  说课稿: 0.85,
  其他: 0.8,
  教研论文: 0.65,
  课题报告: 0.55,
};

/** The lesson a title is about (《…》), else the title. */
const topicOf = (title: string) => /《([^》]+)》/.exec(title)?.[1] ?? title;
const gradeOf = (title: string, stageName: string | null) =>
  /([一二三四五六七八九]年级|高[一二三])/.exec(title)?.[1] ?? stageName ?? '';

/** A comment and what its resource's author may answer. `{topic}` and `{grade}` are filled from the title. */
interface Remark {
  text: string;
  answers: string[];
  /** Reads wrong after an opener (a question, a plan for next week…): always said as it is. */
  alone?: boolean;
}

const REMARKS: Record<Kind, Remark[]> = {
  课件: [
    {
      text: '《{topic}》这套课件版式清爽，动画不多不抢戏，例题分步呈现，正合{grade}学生的节奏。下周公开课借鉴一下，谢谢！',
      answers: ['欢迎使用！上完课也欢迎说说学生的反应。', '谢谢认可，公开课顺利！'],
    },
    {
      text: '课件的结构很清楚：复习引入、新知探究、例题精讲、当堂练习。建议练习那页再加一道分层题，照顾学有余力的学生。',
      answers: ['好建议，下一版会在练习页补一道提高题。', '收到，分层练习我再打磨一下。'],
    },
    {
      text: '拿来直接上了一节，四十分钟刚好讲完，配合板书效果不错。',
      answers: ['谢谢反馈！这套课件就是按一课时设计的。'],
    },
    {
      text: '字号大小合适，后排学生也看得清，这一点很多课件做不到。',
      answers: ['在教室投影上试过几次才定下来的，谢谢肯定。'],
    },
    {
      text: '情境导入用得好，学生一下子就被吸引了。想问一下导入部分大概用几分钟？',
      alone: true,
      answers: ['我一般控制在三到五分钟，学生有兴趣了就尽快转入新课。'],
    },
    {
      text: '《{topic}》这一课的难点处理得很细，一步一步引导，学生不容易掉队。',
      answers: ['难点那几页确实改了好几稿，谢谢！'],
    },
  ],
  试卷: [
    {
      text: '题量适中，基础题占大头，最后两题有区分度，用作《{topic}》的课后检测正合适。',
      answers: ['基础、中档、提高大致按7:2:1安排的，谢谢认可。'],
    },
    {
      text: '我们班做下来平均分八十分左右，对{grade}学生来说难度偏基础，尖子生半小时就交卷了。',
      alone: true,
      answers: ['这份定位是课时检测，想拉开差距可以再补一道拓展题。', '谢谢反馈，提高题我再加一道。'],
    },
    {
      text: '答案和评分标准都附上了，方便学生订正，点赞。',
      answers: ['订正环节很重要，谢谢！'],
    },
    {
      text: '能不能再出一份B卷？想在两个平行班交叉使用。',
      alone: true,
      answers: ['好的，正在整理，出来后会上传。'],
    },
    {
      text: '有一道题的条件表述学生容易误读，建议把已知条件写得再明确一些。',
      alone: true,
      answers: ['谢谢指出，已经记下，修改后重新上传。'],
    },
    {
      text: '易错点抓得准，几道题都是学生平时容易丢分的地方，拿来做单元复习也合适。',
      answers: ['这些题都是从平时作业的错题里整理出来的。'],
    },
  ],
  微课: [
    {
      text: '时长刚好，节奏不拖沓，《{topic}》的重点讲得很集中，适合学生课前预习。',
      answers: ['微课就是想几分钟讲透一个点，谢谢！'],
    },
    {
      text: '讲解语速可以再慢一点，{grade}的孩子第一次接触这部分内容，跟起来有点紧。',
      alone: true,
      answers: ['收到，下一个微课会放慢语速，关键处多停顿。'],
    },
    {
      text: '画面和讲解配合得好，课上播放了一遍，学生反馈能听懂。',
      answers: ['很高兴对课堂有帮助！'],
    },
    {
      text: '发到班级群让学生回家看，第二天课上效率明显高了，翻转课堂很需要这样的资源。',
      alone: true,
      answers: ['对，课前看微课、课上做练习，时间就充裕多了。'],
    },
    {
      text: '如果结尾能加一道小检测题就更好了，学生看完可以马上自测。',
      alone: true,
      answers: ['好主意，后面几节微课准备加上。'],
    },
    {
      text: '请问这个微课是怎么做的？画面很干净。',
      alone: true,
      answers: ['用PPT配合录屏做的，后期只做了简单剪辑。'],
    },
  ],
  教学设计: [
    {
      text: '教学目标写得具体可测，不是空泛的“培养能力”，值得学习。',
      answers: ['目标是对照课标一条条细化的，谢谢。'],
    },
    {
      text: '环节层层递进，探究活动的问题链设计得很巧，我们备课组准备参考。',
      answers: ['欢迎交流，问题链也是备课组一起磨出来的。'],
    },
    {
      text: '请问这节课实际上下来时间够吗？感觉环节有点多。',
      alone: true,
      answers: ['实际上课时小组讨论压缩到八分钟左右，基本能完成。'],
    },
    {
      text: '板书设计简洁，《{topic}》的知识结构一目了然。',
      answers: ['板书就是想把知识结构留在黑板上，谢谢肯定。'],
    },
    {
      text: '作业分了基础和提高两层，很符合“双减”的要求。',
      answers: ['是的，书面作业控制在十五分钟左右。'],
    },
  ],
  学案: [
    {
      text: '导学案的预习部分设计得好，学生带着问题进课堂，效率高很多。',
      answers: ['谢谢！预习题尽量控制在十分钟内能完成。'],
    },
    {
      text: '留白合适，学生可以直接在上面写，打印出来刚好两页。',
      answers: ['排版时专门考虑过打印，谢谢细心的反馈。'],
    },
    {
      text: '自主学习部分对我们班学生稍难，我改成了先小组讨论再独立完成，效果不错。',
      alone: true,
      answers: ['这样调整很好，学案本来就要根据学情灵活使用。'],
    },
    {
      text: '当堂检测的题量合适，五分钟能做完，便于及时反馈。',
      answers: ['对，检测就是为了当堂看到学生掌握得怎样。'],
    },
  ],
  说课稿: [
    {
      text: '说教材、说学情、说教法学法、说过程，结构完整，正准备参加区里的说课比赛，很有参考价值。',
      answers: ['预祝比赛顺利！'],
    },
    {
      text: '学情分析写得实在，不是套话，看得出对{grade}学生很了解。',
      answers: ['谢谢，学情分析是根据平时作业和课堂观察写的。'],
    },
    {
      text: '设计意图写得到位，每个环节为什么这样设计都说清楚了。',
      answers: ['说课最重要的就是说清“为什么”，谢谢认可。'],
    },
    {
      text: '请问说课时间控制在多少分钟？我们这边要求十五分钟。',
      alone: true,
      answers: ['我按十五分钟写的，时间紧的话可以删减教学过程部分。'],
    },
  ],
  教研论文: [
    {
      text: '选题贴近一线，案例都来自真实课堂，读起来很有收获。',
      answers: ['谢谢，论文里的案例都是自己班上的。'],
    },
    {
      text: '研究结论部分如果能有前后测的数据支撑，说服力会更强。',
      answers: ['谢谢建议，后续会补充前后测的数据对比。'],
    },
    {
      text: '文中提到的策略我在课上试了一下，学生的参与度确实提高了。',
      answers: ['很高兴能在您的课堂上用起来！'],
    },
    {
      text: '参考文献格式规范，正好给我们组年轻老师做个范例。',
      answers: ['谢谢，欢迎交流。'],
    },
  ],
  课题报告: [
    {
      text: '结题报告结构完整，研究过程记录得详细，对我们正在申报的课题很有启发。',
      answers: ['欢迎交流，开题方案也可以发给您参考。'],
    },
    {
      text: '成果推广部分能否再具体谈谈遇到的困难？',
      alone: true,
      answers: ['推广时主要难在各校学情差异大，我们的做法是先在备课组试点。'],
    },
    {
      text: '行动研究的几轮循环写得清楚，研究方法很规范。',
      answers: ['谢谢认可，过程性材料我们一直坚持整理。'],
    },
  ],
  其他: [],
};

/** Remarks that fit any resource. */
const ANY_REMARKS: Remark[] = [
  {
    text: '正好下周要上《{topic}》，来得太及时了，谢谢分享！',
    alone: true,
    answers: ['有用就好，上完课欢迎交流效果。'],
  },
  { text: '内容扎实，看得出花了很多心思。', answers: ['谢谢鼓励！'] },
  { text: '和我们学校用的是同一版教材，稍作修改就能用。', answers: ['欢迎根据自己班的情况修改。'] },
  { text: '思路清晰，重难点把握准确，学习了。', answers: ['谢谢，互相学习！'] },
  { text: '很实用，备课时可以对照着参考。', answers: ['谢谢支持！'] },
  {
    text: '我们备课组正在研究这一课，这份资源给了不少启发。',
    alone: true,
    answers: ['欢迎交流，也想听听你们备课组的思路。'],
  },
  { text: '新教师表示很受用，格式规范，思路也清楚。', alone: true, answers: ['谢谢，有问题随时交流。'] },
  { text: '《{topic}》一直是难上的一课，看了这份资源心里有底了。', alone: true, answers: ['多试几次就顺了，加油！'] },
  { text: '质量很高，希望能看到这个单元其他课时的资源。', answers: ['其他课时也在整理，会陆续上传。'] },
  { text: '这一课学生容易混淆的地方都照顾到了，很细致。', answers: ['这些都是上课时学生真实出过的问题。'] },
];

/** Said before or after a remark now and then, so the same remark reads differently under different resources. */
const OPENERS = ['', '', '', '用过了，', '备课时找到的，', '同年级的老师推荐的，'];
const CLOSERS = ['', '', '', '谢谢分享！', '辛苦了！', '支持！', '点赞！'];

/** The commenter's word after the author's answer. */
const THANKS = ['好的，谢谢老师！', '学习了，谢谢！', '好的，多交流！'];

/** Open reports for the console's queue, and one already dismissed; reasons are the product's categories. */
const REPORTS: { category: keyof typeof REPORT_CATEGORIES; content: string; dismissed?: string }[] = [
  { category: 'copyright', content: '部分内容与市面上一本教辅资料高度相似，请核实是否获得授权。' },
  { category: 'copyright', content: '其中几道题和我们学校自编的练习一样，怀疑是转载，请核实来源。' },
  { category: 'wrong_category', content: '挂靠的教材章节与内容不完全对应，建议核对后调整。' },
  { category: 'other', content: '个别表述有歧义，容易让学生误解，建议作者核对后更新。' },
  {
    category: 'inappropriate',
    content: '简介里的说法不太严谨，请审核。',
    dismissed: '经核查，内容无不当之处，不予处理。',
  },
];

const fill = (text: string, r: Target) =>
  text.replaceAll('{topic}', topicOf(r.title)).replaceAll('{grade}', gradeOf(r.title, r.stageName) || '学生');

/** A moment between `from` and `to`. */
const between = (rng: SeededRandom, from: number, to: number) => Math.round(from + rng.next() * (to - from));

interface Engagement {
  user: Person;
  /** View times, ascending. */
  visits: number[];
}

/** Whether the demo has any interaction history yet (the tables only this seed and users fill). */
const hasHistory = async (prisma: PrismaClient) => {
  const [row] = await prisma.$queryRaw<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM view_history) OR EXISTS (SELECT 1 FROM resource_stars)
        OR EXISTS (SELECT 1 FROM resource_collects) OR EXISTS (SELECT 1 FROM comments) AS any`;
  return row?.any ?? false;
};

/**
 * Writes the demo's interaction history (see the top of this file) and recounts every resource's counters from
 * it. Answers the number of views written (0 when there was history already or nothing published).
 */
export const seedDemoActivity = async (
  prisma: PrismaClient,
  config: Pick<Config, 'DOWNLOAD_REQUIRES_LOGIN'>,
  log: Log = () => {},
) => {
  if (await hasHistory(prisma)) return 0;
  const rows = await prisma.$queryRaw<
    {
      id: number;
      type: ResourceType;
      title: string;
      price: number;
      author_id: number;
      published_at: Date;
      stage_id: number | null;
      subject_id: number | null;
      stage_name: string | null;
      has_files: boolean;
    }[]
  >`
    SELECT r.id, r.type::text AS type, r.title, r.price, r.author_id, r.published_at, r.stage_id, r.subject_id,
      d.dict_name AS stage_name, EXISTS (SELECT 1 FROM resource_files f WHERE f.resource_id = r.id) AS has_files
    FROM resources r LEFT JOIN dict d ON d.id = r.stage_id
    WHERE ${publishedSql('r')} AND r.published_at IS NOT NULL
    ORDER BY r.id`;
  const people: Person[] = await prisma.user.findMany({
    where: { isAdmin: false, status: 'ACTIVE' },
    select: { id: true, realName: true, stageId: true, subjectId: true },
    orderBy: { id: 'asc' },
  });
  if (rows.length === 0) return 0;
  const names = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.author_id))] } },
        select: { id: true, realName: true },
      })
    ).map((u) => [u.id, u.realName]),
  );
  const targets: Target[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    price: r.price,
    authorId: r.author_id,
    publishedAt: r.published_at,
    stageId: r.stage_id,
    subjectId: r.subject_id,
    stageName: r.stage_name,
    hasFiles: r.has_files,
  }));

  const now = Date.now();
  const windowStart = now - HISTORY_DAYS * DAY;
  const latest = now - MINUTE;
  // Popularity: a seeded draw per resource, weighted by how much teachers look for its kind, ranked; views then
  // fall off with the rank (Zipf-like), so a few resources are popular and most have a long, quiet tail.
  const appeal = new Map(
    targets.map((r) => [
      r.id,
      seededRandom(`demo-activity:appeal:${r.id}:${r.title}`).next() * KIND_APPEAL[kindOf(r.type, r.title)],
    ]),
  );
  const ranked = [...targets].sort((a, b) => appeal.get(b.id)! - appeal.get(a.id)! || a.id - b.id);

  const daily = new Map<string, { views: number; downloads: number }>();
  const countDay = (resourceId: number, at: number, field: 'views' | 'downloads') => {
    const key = `${resourceId}|${chinaDay(at)}`;
    const entry = daily.get(key) ?? { views: 0, downloads: 0 };
    entry[field]++;
    daily.set(key, entry);
  };
  const views: { userId: number; resourceId: number; viewedAt: Date }[] = [];
  const downloads: { userId: number; resourceId: number; times: number; downloadedAt: Date }[] = [];
  const stars: { userId: number; resourceId: number; createdAt: Date }[] = [];
  const collects: { userId: number; resourceId: number; createdAt: Date }[] = [];
  const plays = new Map<number, number>();
  const totalViews = new Map<number, number>();
  const engaged = new Map<number, Engagement[]>();
  let viewEvents = 0;

  for (const [rank, r] of ranked.entries()) {
    const rng = seededRandom(`demo-activity:${r.id}:${r.title}`);
    const start = Math.max(r.publishedAt.getTime() + 10 * MINUTE, windowStart);
    if (latest - start < HOUR) continue;
    const span = latest - start;
    const share = span / (HISTORY_DAYS * DAY);
    const weight = 1 / (rank + 1) ** 0.8;
    const target = Math.round((8 + 1200 * weight) * (0.35 + 0.65 * share) * (0.8 + 0.4 * rng.next()));
    const kind = kindOf(r.type, r.title);
    const downloadable = r.price === 0 && r.hasFiles;
    const playable = r.type === 'MICRO_COURSE' && r.hasFiles;
    // A new resource draws most of its attention in its first weeks; the rest is spread over its whole life.
    const when = () =>
      rng.next() < 0.35 ? start + Math.round(rng.next() ** 2 * Math.min(span, 21 * DAY)) : between(rng, start, latest);

    // Logged-in teachers: those of the resource's stage and subject come far more often.
    const visitors: Engagement[] = [];
    for (const user of people) {
      if (user.id === r.authorId) continue;
      const sameSubject = user.subjectId !== null && user.subjectId === r.subjectId;
      const sameStage = user.stageId !== null && user.stageId === r.stageId;
      const chance = Math.min(0.95, 0.04 + 0.75 * weight ** 0.4 + (sameSubject ? 0.45 : sameStage ? 0.08 : 0));
      if (rng.next() >= chance) continue;
      const count = 1 + rng.int(sameSubject ? 4 : 2);
      visitors.push({ user, visits: Array.from({ length: count }, when).sort((a, b) => a - b) });
    }
    engaged.set(r.id, visitors);
    let viewsHere = 0;
    const view = (at: number, played: number) => {
      countDay(r.id, at, 'views');
      viewsHere++;
      if (playable && rng.next() < played) plays.set(r.id, (plays.get(r.id) ?? 0) + 1);
    };
    for (const { user, visits } of visitors) {
      for (const at of visits) view(at, 0.85);
      views.push({ userId: user.id, resourceId: r.id, viewedAt: new Date(visits.at(-1)!) });
      // Each action follows one of the user's views by a few minutes.
      const after = (visit: number) => Math.min(latest, visit + between(rng, MINUTE, 10 * MINUTE));
      const sameSubject = user.subjectId !== null && user.subjectId === r.subjectId;
      if (downloadable && rng.next() < (r.type === 'MICRO_COURSE' ? 0.25 : 0.55) + (sameSubject ? 0.2 : 0)) {
        const times = Math.min(visits.length, rng.next() < 0.25 ? 2 : 1);
        const at = visits.slice(-times).map(after);
        for (const t of at) countDay(r.id, t, 'downloads');
        downloads.push({ userId: user.id, resourceId: r.id, times, downloadedAt: new Date(Math.max(...at)) });
      }
      if (rng.next() < 0.3 + (sameSubject ? 0.3 : 0) + 0.2 * Math.sqrt(weight)) {
        stars.push({ userId: user.id, resourceId: r.id, createdAt: new Date(after(rng.pick(visits))) });
      }
      if (rng.next() < 0.2 + (sameSubject ? 0.35 : 0) + (kind === '课件' || kind === '试卷' ? 0.1 : 0)) {
        collects.push({ userId: user.id, resourceId: r.id, createdAt: new Date(after(rng.pick(visits))) });
      }
    }
    // Visitors (teachers not logged in, colleagues passing a link) make up the rest; some download free files.
    const anonymousDownload =
      config.DOWNLOAD_REQUIRES_LOGIN || !downloadable ? 0 : r.type === 'MICRO_COURSE' ? 0.03 : 0.09;
    for (let i = viewsHere; i < target; i++) {
      const at = when();
      view(at, 0.7);
      if (rng.next() < anonymousDownload)
        countDay(r.id, Math.min(latest, at + between(rng, MINUTE, 5 * MINUTE)), 'downloads');
    }
    totalViews.set(r.id, Math.max(target, viewsHere));
    viewEvents += Math.max(target, viewsHere);
  }

  // Comments: several on the most viewed resources, now and then one further down, from teachers who viewed it.
  const byViews = [...targets]
    .filter((r) => totalViews.has(r.id))
    .sort((a, b) => totalViews.get(b.id)! - totalViews.get(a.id)! || a.id - b.id);
  interface NewComment {
    id: number;
    resource: Target;
    userId: number;
    content: string;
    createdAt: number;
    replies: { userId: number; replyToUserId: number | null; content: string; createdAt: number }[];
  }
  const comments: NewComment[] = [];
  for (const [rank, r] of byViews.entries()) {
    const rng = seededRandom(`demo-activity:comments:${r.id}:${r.title}`);
    const wanted =
      rank < 12
        ? 3 + rng.int(4)
        : rank < 50
          ? 1 + rng.int(3)
          : rank < 150
            ? rng.next() < 0.3
              ? 1
              : 0
            : rng.next() < 0.06
              ? 1
              : 0;
    const writers = rng.sample(engaged.get(r.id) ?? [], wanted);
    // Mostly remarks about what the resource is (slides, a test, a video…), the rest about any resource.
    const own = rng.sample(REMARKS[kindOf(r.type, r.title)], 10);
    const general = rng.sample(ANY_REMARKS, 10);
    for (const { user, visits } of writers) {
      const remark = (own.length > 0 && (rng.next() < 0.75 || general.length === 0) ? own : general).shift()!;
      const text = remark.alone
        ? remark.text
        : `${rng.pick(OPENERS)}${remark.text}${remark.text.endsWith('。') ? rng.pick(CLOSERS) : ''}`;
      const createdAt = Math.min(latest, rng.pick(visits) + between(rng, 3 * MINUTE, 25 * MINUTE));
      const replies: NewComment['replies'] = [];
      const answeredAt = createdAt + between(rng, 2 * HOUR, 3 * DAY);
      if (rng.next() < 0.7 && answeredAt < latest) {
        replies.push({
          userId: r.authorId,
          replyToUserId: null,
          content: rng.pick(remark.answers),
          createdAt: answeredAt,
        });
        const thankedAt = answeredAt + between(rng, 30 * MINUTE, DAY);
        if (rng.next() < 0.3 && thankedAt < latest) {
          replies.push({ userId: user.id, replyToUserId: r.authorId, content: rng.pick(THANKS), createdAt: thankedAt });
        }
      }
      comments.push({ id: 0, resource: r, userId: user.id, content: fill(text, r), createdAt, replies });
    }
  }

  // Reports: on resources of middling popularity, by teachers who viewed them, recent enough to be waiting.
  const reportRows: {
    resourceId: number;
    userId: number;
    category: string;
    content: string;
    status: 'OPEN' | 'DISMISSED';
    resolution: string | null;
    createdAt: Date;
    resolvedAt: Date | null;
  }[] = [];
  {
    const rng = seededRandom('demo-activity:reports');
    const candidates = byViews.slice(15, 120).filter((r) => (engaged.get(r.id)?.length ?? 0) >= 2);
    const chosen = rng.sample(candidates, 4);
    // The first resource gets the two copyright reports (the console groups them), the rest one each.
    const plan = chosen.length ? [0, 0, 1, 2, 3].map((i) => chosen[Math.min(i, chosen.length - 1)]!) : [];
    const used = new Set<string>();
    for (const [i, r] of plan.entries()) {
      const report = REPORTS[i]!;
      const reporter = (engaged.get(r.id) ?? []).find((e) => !used.has(`${e.user.id}|${r.id}`));
      if (!reporter) continue;
      used.add(`${reporter.user.id}|${r.id}`);
      const createdAt = Math.min(latest, reporter.visits.at(-1)! + between(rng, 2 * MINUTE, 20 * MINUTE));
      const resolvedAt = report.dismissed ? Math.min(latest, createdAt + between(rng, 3 * HOUR, 2 * DAY)) : null;
      reportRows.push({
        resourceId: r.id,
        userId: reporter.user.id,
        category: report.category,
        content: report.content,
        status: report.dismissed ? 'DISMISSED' : 'OPEN',
        resolution: report.dismissed ?? null,
        createdAt: new Date(createdAt),
        resolvedAt: resolvedAt === null ? null : new Date(resolvedAt),
      });
    }
  }

  // Searches: the lessons of the resources teachers looked at, more often for the popular ones.
  const searchRecords: { userId: number; keyword: string; createdAt: Date }[] = [];
  const wordDaily = new Map<string, number>();
  {
    const rng = seededRandom('demo-activity:searches');
    const words = byViews
      .map((r) => topicOf(r.title).trim().replace(/\s+/g, ' ').toLowerCase())
      .filter((w, i, all) => w.length >= 2 && w.length <= 12 && all.indexOf(w) === i);
    const wordWeight = words.map((_, i) => 1 / (i + 1) ** 0.8);
    const sum = wordWeight.reduce((a, b) => a + b, 0);
    const drawWord = () => {
      let x = rng.next() * sum;
      for (const [i, w] of wordWeight.entries()) {
        x -= w;
        if (x <= 0) return words[i]!;
      }
      return words.at(-1)!;
    };
    const countWord = (word: string, at: number) => {
      const key = `${word}|${chinaDay(at)}`;
      wordDaily.set(key, (wordDaily.get(key) ?? 0) + 1);
    };
    if (words.length > 0) {
      for (let day = 29; day >= 0; day--) {
        const searches = 25 + rng.int(40);
        for (let i = 0; i < searches; i++) countWord(drawWord(), Math.min(latest, now - day * DAY - rng.int(DAY)));
      }
      for (const user of people) {
        // A teacher searches the lessons of their own subject first.
        const own = byViews
          .filter((r) => r.subjectId !== null && r.subjectId === user.subjectId)
          .map((r) => topicOf(r.title).trim().replace(/\s+/g, ' ').toLowerCase())
          .filter((w) => words.includes(w));
        const mine = new Set(rng.sample(own, 3 + rng.int(4)));
        while (mine.size < 6 && mine.size < words.length) mine.add(drawWord());
        for (const keyword of mine) {
          const at = between(rng, now - 60 * DAY, latest);
          searchRecords.push({ userId: user.id, keyword, createdAt: new Date(at) });
          countWord(keyword, at);
        }
      }
    }
  }

  await transaction(prisma, async (tx) => {
    const dailyKeys = [...daily.keys()];
    const dailyResource = dailyKeys.map((k) => Number(k.split('|')[0]));
    const dailyDay = dailyKeys.map((k) => k.split('|')[1]!);
    // Added to any rows already there (a generator's), as the services add to the day's row.
    await tx.$executeRaw`
      INSERT INTO resource_daily_stats (resource_id, day, views, downloads)
      SELECT * FROM unnest(${dailyResource}::int[], ${dailyDay}::date[],
        ${dailyKeys.map((k) => daily.get(k)!.views)}::int[], ${dailyKeys.map((k) => daily.get(k)!.downloads)}::int[])
      ON CONFLICT (resource_id, day) DO UPDATE SET views = resource_daily_stats.views + EXCLUDED.views,
        downloads = resource_daily_stats.downloads + EXCLUDED.downloads`;
    await tx.viewHistory.createMany({ data: views });
    await tx.downloadHistory.createMany({ data: downloads });
    await tx.resourceStar.createMany({ data: stars });
    await tx.resourceCollect.createMany({ data: collects });

    // Comment ids taken beforehand, so the replies can name their comments.
    const ids = await tx.$queryRaw<{ id: number }[]>`
      SELECT nextval(pg_get_serial_sequence('comments', 'id'))::int AS id FROM generate_series(1, ${comments.length}::int)`;
    comments.forEach((c, i) => {
      c.id = ids[i]!.id;
    });
    await tx.comment.createMany({
      data: comments.map((c) => ({
        id: c.id,
        resourceId: c.resource.id,
        userId: c.userId,
        content: c.content,
        replyCount: c.replies.length,
        createdAt: new Date(c.createdAt),
      })),
    });
    await tx.reply.createMany({
      data: comments.flatMap((c) =>
        c.replies.map((p) => ({
          commentId: c.id,
          userId: p.userId,
          replyToUserId: p.replyToUserId,
          content: p.content,
          createdAt: new Date(p.createdAt),
        })),
      ),
    });
    // A reply tells the comment's writer and the user replied to (never oneself), as the comment service does;
    // those older than three days have been read.
    const notices = comments.flatMap((c) =>
      c.replies.flatMap((p) =>
        [...new Set([c.userId, ...(p.replyToUserId === null ? [] : [p.replyToUserId])])]
          .filter((to) => to !== p.userId)
          .map((to) => ({
            userId: to,
            type: 'comment_reply',
            title: `${names.get(p.userId) ?? people.find((u) => u.id === p.userId)?.realName ?? ''}回复了您在“${c.resource.title}”下的评论`,
            content: p.content.slice(0, 200),
            link: resourceDetailLink(c.resource),
            createdAt: new Date(p.createdAt),
          })),
      ),
    );
    const dismissed = reportRows
      .filter((r) => r.status === 'DISMISSED')
      .map((r) => {
        const resource = targets.find((t) => t.id === r.resourceId)!;
        return {
          userId: r.userId,
          type: 'report',
          title: `举报已处理：${resource.title}`,
          content: `经核查，该资源暂未发现问题（${r.resolution}）。感谢您的反馈。`,
          link: null,
          createdAt: r.resolvedAt!,
        };
      });
    const messages = await tx.message.createManyAndReturn({
      data: [...notices, ...dismissed],
      select: { id: true, userId: true, createdAt: true },
    });
    await tx.messageRead.createMany({
      data: messages
        .filter((m) => m.userId !== null && m.createdAt.getTime() < now - 3 * DAY)
        .map((m) => ({ userId: m.userId!, messageId: m.id, readAt: new Date(m.createdAt.getTime() + 6 * HOUR) })),
    });
    await tx.report.createMany({ data: reportRows });

    await tx.searchRecord.createMany({ data: searchRecords, skipDuplicates: true });
    const wordKeys = [...wordDaily.keys()];
    await tx.$executeRaw`
      INSERT INTO search_word_daily (keyword, day, count)
      SELECT * FROM unnest(${wordKeys.map((k) => k.split('|')[0]!)}::text[], ${wordKeys.map((k) => k.split('|')[1]!)}::date[],
        ${wordKeys.map((k) => wordDaily.get(k)!)}::int[])
      ON CONFLICT (keyword, day) DO UPDATE SET count = search_word_daily.count + EXCLUDED.count`;

    // Every resource's counters, recounted from the rows as the services leave them.
    await tx.$executeRaw`
      UPDATE resources r SET
        view_count = coalesce(s.views, 0), download_count = coalesce(s.downloads, 0), play_count = 0,
        star_count = (SELECT count(*) FROM resource_stars x WHERE x.resource_id = r.id),
        collect_count = (SELECT count(*) FROM resource_collects x WHERE x.resource_id = r.id),
        comment_count = (SELECT count(*) FROM comments x WHERE x.resource_id = r.id)
      FROM (SELECT r2.id, sum(d.views)::int AS views, sum(d.downloads)::int AS downloads
            FROM resources r2 LEFT JOIN resource_daily_stats d ON d.resource_id = r2.id GROUP BY r2.id) s
      WHERE s.id = r.id`;
    const played = [...plays.keys()];
    await tx.$executeRaw`
      UPDATE resources r SET play_count = p.plays
      FROM unnest(${played}::int[], ${played.map((id) => plays.get(id)!)}::int[]) AS p(id, plays)
      WHERE r.id = p.id`;
  });
  log(
    `seeded the demo activity: ${viewEvents} views (${views.length} in teachers' histories), ${downloads.length} download histories, ` +
      `${stars.length} stars, ${collects.length} collects, ${comments.length} comments, ${reportRows.length} reports`,
  );
  return viewEvents;
};
