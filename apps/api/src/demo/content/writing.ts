import type { Lesson } from './lesson.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import {
  type Activity,
  type ChoiceQuestion,
  isEnglish,
  type OpenQuestion,
  type SubjectVoice,
  voiceOf,
} from './subject-voice.ts';

/**
 * What each kind of document says about a lesson, independent of the file format: the Word, PowerPoint and Excel
 * writers only lay these models out. Every sentence is built from the lesson's own names and its subject's voice.
 */

export type Block =
  | { type: 'heading'; level: 1 | 2; text: string }
  /** A paragraph, with an optional bold lead-in (“知识与技能：”); centred lines (a paper's 满分 line) have no indent. */
  | { type: 'paragraph'; text: string; lead?: string; centred?: boolean }
  /** Lines numbered by their own text (1．… / A．…), as teachers type them. */
  | { type: 'lines'; lines: string[]; indent?: boolean }
  | { type: 'table'; header: string[] | null; rows: string[][]; widths: number[] }
  /** 板书: lines in a framed box. */
  | { type: 'board'; lines: string[] }
  | { type: 'pageBreak' };

export interface DocumentModel {
  title: string;
  /** The line under the title: who wrote it, for which textbook. */
  byline: string;
  subject: string;
  keywords: string[];
  description: string;
  blocks: Block[];
}

export interface Slide {
  heading: string;
  bullets: string[];
  /** Lines shown under a bullet, without a bullet of their own (a question's options), by the bullet's index. */
  details?: Record<number, string[]>;
  notes: string;
}

export interface DeckModel {
  title: string;
  subtitle: string;
  byline: string;
  subject: string;
  slides: Slide[];
}

export interface PaperQuestion {
  section: '选择题' | '填空题' | '解答题';
  number: number;
  score: number;
}

export interface ScoreSheetModel {
  title: string;
  subject: string;
  className: string;
  questions: PaperQuestion[];
  /** Per student: name and the points on each question, in `questions` order. */
  students: { number: string; name: string; points: number[] }[];
}

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const chineseNumber = (n: number) => CHINESE_NUMBERS[n - 1] ?? String(n);
const OPTION_LETTERS = ['A', 'B', 'C', 'D'];

/** Numbers for the arithmetic templates, small in the lower grades. */
const mathNumbers = (random: SeededRandom, lesson: Lesson) => {
  const small = /^[一二]年级$/.test(lesson.grade);
  const a = small ? 2 + random.int(8) : 3 + random.int(18);
  const b = small ? 2 + random.int(7) : 2 + random.int(11);
  const c = 1 + random.int(Math.min(a + b - 1, 9));
  const r0 = a + b - c;
  const x0 = 2 * a - b;
  const n = 30 + 2 * random.int(11);
  const d = 2 * (1 + random.int(4));
  return {
    a,
    b,
    c,
    r0,
    r1: r0 + 2,
    r2: r0 - 1,
    r3: a + b + c,
    sum: a + b,
    ab: a * b,
    x0,
    x1: 2 * a + b,
    x2: x0 + 1,
    x3: a - b,
    n,
    d,
    boys: (n - d) / 2,
    girls: (n + d) / 2,
  };
};

/** Everything a kind's builder needs: the lesson, its voice, seeded choices and the template filler. */
interface Writer {
  lesson: Lesson;
  voice: SubjectVoice;
  random: SeededRandom;
  /** Fills a template's placeholders with the lesson's names (and the arithmetic numbers). */
  say: (template: string) => string;
  /** Grade, edition and volume as one phrase: 人教版七年级上册. */
  book: string;
  period: number;
  periods: number;
}

const writerFor = (lesson: Lesson): Writer => {
  const random = seededRandom(
    JSON.stringify([
      lesson.kind,
      lesson.stage,
      lesson.subject,
      lesson.grade,
      lesson.edition,
      lesson.volume,
      lesson.unit,
      lesson.lessonName,
      lesson.title,
    ]),
  );
  const numbers: Record<string, string | number> = mathNumbers(random, lesson);
  const names: Record<string, string> = {
    t: lesson.topic,
    l: lesson.lessonName,
    u: lesson.unit ? `“${lesson.unit}”` : '本单元',
    s: lesson.subject,
    g: lesson.grade,
    st: lesson.stage,
  };
  const say = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) => String(names[key] ?? numbers[key] ?? whole));
  const periods = 1 + random.int(2);
  return {
    lesson,
    voice: voiceOf(lesson.subject),
    random,
    say,
    book: [lesson.edition, lesson.volume ?? (lesson.grade === lesson.stage ? null : lesson.grade)]
      .filter(Boolean)
      .join(''),
    period: 1 + random.int(periods),
    periods,
  };
};

const forStage = <T extends ChoiceQuestion | OpenQuestion>(list: T[], stage: string) =>
  list.filter((q) => !q.stages || q.stages.includes(stage));

/** The 基本信息 table: label, value, label, value per row. */
const basicInfo = (w: Writer): Block => {
  const { lesson } = w;
  return {
    type: 'table',
    header: null,
    widths: [14, 36, 14, 36],
    rows: [
      ['学段', lesson.stage, '年级', lesson.grade],
      ['学科', lesson.subject, '版本', lesson.edition ?? '通用'],
      ['册次', lesson.volume ?? '—', '单元', lesson.unit ?? '—'],
      ['课题', lesson.lessonName, '课时', `第${w.period}课时（共${w.periods}课时）`],
    ],
  };
};

const heading = (text: string, level: 1 | 2 = 1): Block => ({ type: 'heading', level, text });
const paragraph = (text: string, lead?: string): Block =>
  lead ? { type: 'paragraph', text, lead } : { type: 'paragraph', text };
const numbered = (items: string[]) => items.map((item, i) => `${i + 1}．${item}`);
/** The text as a sentence: a full stop added unless it already ends in one (Chinese or English). */
const sentence = (text: string) => (/[。！？.!?]$/.test(text) ? text : `${text}。`);

const materialAnalysis = (w: Writer) => {
  const { lesson } = w;
  const place = [lesson.edition, lesson.volume, lesson.unit ? `“${lesson.unit}”` : null].filter(Boolean).join('');
  return `《${lesson.topic}》是${place || `${lesson.stage}${lesson.subject}`}中的内容。本课在${w.say('{u}')}中起着承上启下的作用：既是对前面所学知识的巩固与深化，又为后续的学习打下基础。教材${w.random.pick(['从学生熟悉的生活情境入手', '通过典型的例子和活动', '以问题串的形式'])}展开，${w.random.pick(['注重引导学生主动探究', '注重知识的形成过程', '注重方法的提炼与迁移'])}，体现了${w.voice.literacy.slice(0, 2).join('与')}等核心素养的培养要求。`;
};

const learnerAnalysis = (w: Writer) =>
  `${w.lesson.grade}的学生${w.random.pick(['好奇心强，乐于表达', '已经具备一定的自主学习能力', '思维活跃，喜欢动手实践'])}，在此前的学习中已积累了与本课相关的基础知识和学习经验。但学生${w.random.pick(['在抽象概括方面还有困难', '对知识之间联系的理解还不够深入', '合作学习的习惯还有待加强'])}，学习“${w.lesson.topic}”时可能在${w.say(w.random.pick(w.voice.difficulties))}上遇到障碍，教学中需要搭建合适的支架，关注不同层次学生的需要。`;

const objectives = (w: Writer): Block[] => {
  const { voice, random, say } = w;
  // Half the designs use the three-dimensional objectives teachers still write, half the 核心素养 wording.
  if (random.int(2) === 0)
    return [
      paragraph(sentence(say(random.pick(voice.knowledge))), '知识与技能：'),
      paragraph(sentence(say(random.pick(voice.process))), '过程与方法：'),
      paragraph(sentence(say(random.pick(voice.values))), '情感态度与价值观：'),
    ];
  const facets = voice.literacy;
  return [
    paragraph(sentence(say(voice.knowledge[0]!)), `${facets[0]}：`),
    paragraph(sentence(say(random.pick(voice.process))), `${facets[1] ?? facets[0]}：`),
    paragraph(sentence(say(random.pick(voice.values))), `${facets[facets.length - 1]}：`),
  ];
};

const keyAndDifficult = (w: Writer): Block[] => [
  paragraph(`${w.say(w.random.pick(w.voice.keyPoints))}。`, '教学重点：'),
  paragraph(`${w.say(w.random.pick(w.voice.difficulties))}。`, '教学难点：'),
];

interface Step {
  name: string;
  minutes: number;
  activity: Activity;
}

/** The lesson's steps: 导入, two or three of 新授, 练习, 小结, 作业, with minutes adding up to 40. */
const steps = (w: Writer): Step[] => {
  const { voice, random } = w;
  const explore = voice.explore.slice(0, 2 + random.int(Math.max(1, voice.explore.length - 1)));
  const exploreMinutes = 22 - (explore.length > 2 ? 0 : 4);
  const list: Step[] = [
    { name: '情境导入', minutes: 5, activity: random.pick(voice.intro) },
    ...explore.map((activity, i) => ({
      name: `探究新知（${chineseNumber(i + 1)}）`,
      minutes: Math.floor(exploreMinutes / explore.length),
      activity,
    })),
    { name: '巩固练习', minutes: 8, activity: random.pick(voice.practice) },
    { name: '课堂小结', minutes: 3, activity: random.pick(voice.summary) },
  ];
  const used = list.reduce((sum, s) => sum + s.minutes, 0);
  list.push({
    name: '布置作业',
    minutes: Math.max(1, 40 - used),
    activity: {
      teacher: `布置分层作业：${sentence(w.say(voice.homework[0]!))}`,
      student: '记录作业，明确要求。',
      purpose: '巩固所学，延伸课堂。',
    },
  });
  return list.map((s) => ({
    ...s,
    activity: {
      teacher: w.say(s.activity.teacher),
      student: w.say(s.activity.student),
      purpose: w.say(s.activity.purpose),
    },
  }));
};

const processTable = (list: Step[]): Block => ({
  type: 'table',
  header: ['教学环节', '教师活动', '学生活动', '设计意图'],
  widths: [17, 34, 29, 20],
  rows: list.map((s, i) => [
    `${chineseNumber(i + 1)}、${s.name}\n（${s.minutes}分钟）`,
    s.activity.teacher,
    s.activity.student,
    s.activity.purpose,
  ]),
});

const board = (w: Writer): Block => {
  const { lesson, voice, random } = w;
  const points = random.sample(voice.keyPoints.concat(voice.difficulties), 3).map(w.say);
  return {
    type: 'board',
    lines: [
      lesson.topic.includes(lesson.lessonName) ? lesson.topic : lesson.lessonName,
      ...points.map((p, i) => `${chineseNumber(i + 1)}、${p}`),
      `方法：${voice.methods.learning.split('、').slice(0, 2).join(' → ')}`,
    ],
  };
};

const reflection = (w: Writer) => w.random.sample(w.voice.reflection, 3).map(w.say);

const homework = (w: Writer) => numbered(w.voice.homework.map(w.say));

const teachingDesign = (w: Writer): DocumentModel => {
  const { lesson, voice, say } = w;
  return {
    ...frame(w),
    blocks: [
      heading('一、基本信息'),
      basicInfo(w),
      heading('二、教材分析'),
      paragraph(materialAnalysis(w)),
      heading('三、学情分析'),
      paragraph(learnerAnalysis(w)),
      heading('四、教学目标'),
      ...objectives(w),
      heading('五、教学重难点'),
      ...keyAndDifficult(w),
      heading('六、教学方法与准备'),
      paragraph(`${voice.methods.teaching}。`, '教法：'),
      paragraph(`${voice.methods.learning}。`, '学法：'),
      paragraph(`${voice.preparation.map(say).join('、')}。`, '教学准备：'),
      heading('七、教学过程'),
      processTable(steps(w)),
      heading('八、板书设计'),
      board(w),
      heading('九、作业设计'),
      { type: 'lines', lines: homework(w) },
      heading('十、教学反思'),
      ...reflection(w).map((text) => paragraph(text)),
      paragraph(`${lesson.author}　${lesson.writtenAt.getUTCFullYear()}年${lesson.writtenAt.getUTCMonth() + 1}月`),
    ],
  };
};

const choiceLines = (q: ChoiceQuestion, say: (t: string) => string, number: number) => {
  const [first, ...rest] = say(q.stem).split('\n');
  const options = q.options.map((o, i) => `${OPTION_LETTERS[i]}．${say(o)}`);
  const short = options.every((o) => o.length <= 10);
  return [`${number}．${first}`, ...rest, ...(short ? [options.join('　　')] : options.map((o) => `　　${o}`))];
};

const studyGuide = (w: Writer): DocumentModel => {
  const { voice, random, say, lesson } = w;
  const exploring = steps(w).filter((s) => s.name.startsWith('探究新知'));
  const choices = random.sample(forStage(voice.choice, lesson.stage), 2);
  const fills = random.sample(forStage(voice.fill, lesson.stage), 2);
  return {
    ...frame(w),
    blocks: [
      basicInfo(w),
      paragraph('班级：________　　姓名：________　　小组：________'),
      heading('【学习目标】'),
      {
        type: 'lines',
        lines: numbered([say(voice.knowledge[0]!), say(random.pick(voice.process)), say(random.pick(voice.values))]),
      },
      heading('【学习重难点】'),
      ...keyAndDifficult(w).map((b) => (b.type === 'paragraph' ? { ...b, lead: b.lead?.replace('教学', '学习') } : b)),
      heading('【课前预习】'),
      {
        type: 'lines',
        lines: numbered([
          `阅读教材中《${lesson.topic}》的内容，用笔圈出你认为重要的地方。`,
          `想一想：${say(random.pick(voice.keyPoints))}，你已经知道了哪些？还有什么疑问？`,
          '我的疑问：______________________________',
        ]),
      },
      heading('【学习过程】'),
      ...exploring.flatMap((s, i) => [
        heading(`活动${chineseNumber(i + 1)}：${s.activity.purpose.replace(/。$/, '')}`, 2),
        paragraph(s.activity.student, '学生活动：'),
        paragraph(s.activity.teacher, '教师引导：'),
        paragraph('我的记录：______________________________________________'),
      ]),
      heading('【当堂检测】'),
      {
        type: 'lines',
        lines: [
          ...choices.flatMap((q, i) => choiceLines(q, say, i + 1)),
          ...fills.map((q, i) => `${choices.length + i + 1}．${say(q.stem)}`),
        ],
      },
      heading('【课后作业】'),
      { type: 'lines', lines: homework(w) },
      heading('【知识结构】'),
      board(w),
      heading('【学习反思】'),
      {
        type: 'lines',
        lines: [
          '我学会了：______________________________',
          '我还有疑问：____________________________',
          '我的表现（☆☆☆☆☆）：______',
        ],
      },
      heading('参考答案'),
      {
        type: 'lines',
        lines: [
          ...choices.map((q, i) => `${i + 1}．${OPTION_LETTERS[q.answer]}`),
          ...fills.map((q, i) => `${choices.length + i + 1}．${say(q.answer)}`),
        ],
      },
    ],
  };
};

const lectureScript = (w: Writer): DocumentModel => {
  const { voice, lesson, say, random } = w;
  const list = steps(w);
  return {
    ...frame(w),
    blocks: [
      paragraph(
        `尊敬的各位评委、各位老师：大家好！今天我说课的内容是${[lesson.edition, lesson.volume].filter(Boolean).join('')}${lesson.unit ? `${lesson.unit}中的` : ''}《${lesson.topic}》。下面我将从教材、学情、教学目标、教学重难点、教法学法、教学过程和板书设计等方面进行说明。`,
      ),
      basicInfo(w),
      heading('一、说教材'),
      paragraph(materialAnalysis(w)),
      heading('二、说学情'),
      paragraph(learnerAnalysis(w)),
      heading('三、说教学目标'),
      paragraph(`依据课程标准和教材内容，结合学生实际，我确定了以下教学目标：`),
      ...objectives(w),
      heading('四、说教学重难点'),
      ...keyAndDifficult(w),
      heading('五、说教法与学法'),
      paragraph(
        `为了突出重点、突破难点，我采用${voice.methods.teaching}，引导学生${random.pick(['在情境中发现问题', '在活动中主动建构', '在合作中解决问题'])}。`,
        '教法：',
      ),
      paragraph(`学生主要采用${voice.methods.learning}，真正成为学习的主人。`, '学法：'),
      heading('六、说教学过程'),
      ...list.flatMap((s, i) => [
        heading(`（${chineseNumber(i + 1)}）${s.name}（约${s.minutes}分钟）`, 2),
        paragraph(s.activity.teacher, '教师活动：'),
        paragraph(s.activity.student, '学生活动：'),
        paragraph(s.activity.purpose, '设计意图：'),
      ]),
      heading('七、说板书设计'),
      paragraph('我的板书力求简洁明了，突出本课的重点，便于学生形成知识结构：'),
      board(w),
      heading('八、说教学评价与反思'),
      ...reflection(w).map((text) => paragraph(text)),
      paragraph(`以上是我对《${lesson.topic}》一课的说课，恳请各位评委、老师批评指正。谢谢！`),
    ].map((b) => (b.type === 'paragraph' ? { ...b, text: say(b.text) } : b)),
  };
};

/** A test paper (with its answers after a page break) and the questions' scores, which the score sheet reuses. */
const testPaper = (w: Writer): { document: DocumentModel; questions: PaperQuestion[] } => {
  const { voice, random, say, lesson } = w;
  const choices = random.sample(forStage(voice.choice, lesson.stage), 4);
  const fills = random.sample(forStage(voice.fill, lesson.stage), 4);
  const opens = random.sample(forStage(voice.open, lesson.stage), 2);
  // An open question is worth what its marking scheme adds up to (“举例恰当（2分）；…”), 10 when it names no points.
  const openScores = opens.map((q) => {
    const points = [...q.answer.matchAll(/（(\d+)分）/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    return points > 0 ? points : 10;
  });
  const openTotal = openScores.reduce((a, b) => a + b, 0);
  const fullMarks = 5 * choices.length + 5 * fills.length + openTotal;
  const questions: PaperQuestion[] = [
    ...choices.map(() => ({ section: '选择题' as const, score: 5 })),
    ...fills.map(() => ({ section: '填空题' as const, score: 5 })),
    ...openScores.map((score) => ({ section: '解答题' as const, score })),
  ].map((q, i) => ({ ...q, number: i + 1 }));
  const minutes = fullMarks > 60 ? 40 : 20;
  const blocks: Block[] = [
    { type: 'paragraph', text: `（满分${fullMarks}分，考试时间${minutes}分钟）`, centred: true },
    { type: 'paragraph', text: '班级：________　　姓名：________　　学号：________　　得分：________', centred: true },
    heading(`一、选择题（本大题共${choices.length}小题，每小题5分，共${5 * choices.length}分）`),
    { type: 'lines', lines: choices.flatMap((q, i) => choiceLines(q, say, i + 1)) },
    heading(`二、填空题（本大题共${fills.length}小题，每小题5分，共${5 * fills.length}分）`),
    { type: 'lines', lines: fills.map((q, i) => `${choices.length + i + 1}．${say(q.stem)}`) },
    heading(`三、解答题（本大题共${opens.length}小题，共${openTotal}分）`),
    {
      type: 'lines',
      lines: opens.flatMap((q, i) => [
        `${choices.length + fills.length + i + 1}．（${openScores[i]}分）${say(q.stem)}`,
        '',
        '',
        '',
      ]),
    },
    { type: 'pageBreak' },
    heading('参考答案与评分标准'),
    heading('一、选择题', 2),
    { type: 'lines', lines: [choices.map((q, i) => `${i + 1}．${OPTION_LETTERS[q.answer]}`).join('　　')] },
    heading('二、填空题', 2),
    { type: 'lines', lines: fills.map((q, i) => `${choices.length + i + 1}．${say(q.answer)}`) },
    heading('三、解答题', 2),
    { type: 'lines', lines: opens.map((q, i) => `${choices.length + fills.length + i + 1}．${say(q.answer)}`) },
  ];
  return { document: { ...frame(w), blocks }, questions };
};

/** Curriculum standards a teacher cites: the compulsory-education ones of 2022, the senior ones of 2017/2020. */
const standardOf = (lesson: Lesson) => {
  const artsSubjects = ['音乐', '美术'];
  if (lesson.stage === '学前')
    return '中华人民共和国教育部. 3-6岁儿童学习与发展指南[S]. 北京: 首都师范大学出版社, 2012.';
  if (lesson.compulsory) {
    const subject = artsSubjects.includes(lesson.subject) ? '艺术' : lesson.subject;
    return `中华人民共和国教育部. 义务教育${subject}课程标准（2022年版）[S]. 北京: 北京师范大学出版社, 2022.`;
  }
  return `中华人民共和国教育部. 普通高中${lesson.subject}课程标准（2017年版2020年修订）[S]. 北京: 人民教育出版社, 2020.`;
};

const REFERENCES = [
  '余文森. 核心素养导向的课堂教学[M]. 上海: 上海教育出版社, 2017.',
  '格兰特·威金斯, 杰伊·麦克泰格. 追求理解的教学设计（第二版）[M]. 闫寒冰, 等译. 上海: 华东师范大学出版社, 2017.',
  '崔允漷. 有效教学[M]. 上海: 华东师范大学出版社, 2009.',
  '约翰·哈蒂. 可见的学习：对800多项关于学业成就的元分析的综合报告[M]. 彭正梅, 等译. 北京: 教育科学出版社, 2015.',
];

const references = (w: Writer) =>
  [standardOf(w.lesson), ...w.random.sample(REFERENCES, 3)].map((r, i) => `[${i + 1}] ${r}`);

const researchPaper = (w: Writer): DocumentModel => {
  const { lesson, voice, random, say } = w;
  const theme = random.pick(voice.researchThemes);
  const list = steps(w).filter((s) => s.name.startsWith('探究新知'));
  const keywords = [`${lesson.stage}${lesson.subject}`, theme, lesson.topic, voice.literacy[0]!];
  return {
    ...frame(w),
    keywords,
    blocks: [
      paragraph(
        `本文以${w.book}${lesson.subject}《${lesson.topic}》的教学为例，探讨在${lesson.stage}${lesson.subject}课堂中开展${theme}、落实${voice.literacy.slice(0, 2).join('和')}等核心素养的途径。文章从教学现状出发，提出了情境创设、任务驱动和评价跟进三条策略，并结合课堂实录分析其成效。实践表明，这些策略有助于学生主动参与学习，提升了课堂教学的实效。`,
        '摘　要：',
      ),
      paragraph(keywords.join('；'), '关键词：'),
      heading('一、问题的提出'),
      paragraph(
        `新课程标准强调以核心素养为导向的教学。然而在日常教学中，${random.pick(['教师讲得多、学生思考少', '知识点讲解碎片化、缺少整体设计', '课堂活动热闹但思维含量不高'])}的现象仍较普遍。以《${lesson.topic}》为例，学生往往${say(random.pick(voice.difficulties))}存在困难。如何通过${theme}改变这一状况，是本文思考的出发点。`,
      ),
      heading('二、核心概念与理论依据'),
      paragraph(
        `${theme}是指教师围绕核心内容，以真实情境和任务组织学习活动，使学生在解决问题的过程中建构知识、发展能力的一种教学方式。它以建构主义学习理论和“逆向设计”思想为依据，强调先明确预期的学习结果，再设计评价证据和学习活动。`,
      ),
      heading(`三、实践策略：以《${lesson.topic}》教学为例`),
      heading('（一）创设真实情境，激发学习动机', 2),
      paragraph(`${say(voice.intro[0]!.teacher)}在《${lesson.topic}》一课中，这一环节使学生很快进入学习状态。`),
      ...list
        .slice(0, 2)
        .flatMap((s, i) => [
          heading(i === 0 ? '（二）设计任务驱动，经历探究过程' : '（三）跟进过程评价，促进深度学习', 2),
          paragraph(`${s.activity.teacher}${s.activity.student}${s.activity.purpose}`),
        ]),
      heading('四、实践成效'),
      paragraph(
        `经过一个学期的实践，所在班级学生的课堂参与度明显提高。课后检测显示，学生对《${lesson.topic}》相关内容的掌握率由实践前的${70 + random.int(8)}%提高到${86 + random.int(8)}%，在${voice.literacy[1] ?? voice.literacy[0]}方面的表现尤为突出。`,
      ),
      heading('五、反思与展望'),
      ...reflection(w)
        .slice(0, 2)
        .map((t) => paragraph(t)),
      paragraph(
        `今后，笔者将继续在${lesson.subject}教学中深化${theme}的研究，进一步完善评价工具，让核心素养真正落地。`,
      ),
      heading('参考文献'),
      { type: 'lines', lines: references(w) },
    ],
  };
};

const projectReport = (w: Writer): DocumentModel => {
  const { lesson, voice, random, say } = w;
  const theme = random.pick(voice.researchThemes);
  const keywords = [theme, `${lesson.stage}${lesson.subject}`, lesson.topic, '课题研究'];
  const start = lesson.writtenAt.getUTCFullYear() - 1;
  return {
    ...frame(w),
    keywords,
    blocks: [
      {
        type: 'table',
        header: null,
        widths: [22, 78],
        rows: [
          ['课题名称', lesson.title.replace(/结题报告$/, '')],
          ['课题类别', random.pick(['区级一般课题', '区级青年教师专项课题', '市级规划课题'])],
          ['课题主持人', lesson.author],
          ['学段学科', `${lesson.stage}${lesson.subject}`],
          ['研究周期', `${start}年3月—${start + 1}年6月`],
          ['典型课例', `${w.book}《${lesson.topic}》`],
        ],
      },
      paragraph(
        `本课题针对${lesson.stage}${lesson.subject}教学中${random.pick(['学生主动思考不足', '单元内容割裂', '课堂评价滞后'])}的问题，以${theme}为切入点，以《${lesson.topic}》等课例为载体，经过准备、实施和总结三个阶段的研究，形成了可推广的教学模式与资源。`,
        '摘　要：',
      ),
      paragraph(keywords.join('；'), '关键词：'),
      heading('一、课题提出的背景'),
      paragraph(
        `随着新课程标准的实施，${lesson.subject}教学要求从关注知识转向关注${voice.literacy.slice(0, 3).join('、')}等核心素养。课题组前期调查发现，在${w.say('{u}')}等内容的教学中，学生${say(random.pick(voice.difficulties))}普遍存在困难，这促使我们开展本课题研究。`,
      ),
      heading('二、研究目标与内容'),
      {
        type: 'lines',
        lines: numbered([
          `构建${lesson.stage}${lesson.subject}${theme}的基本模式；`,
          `以《${lesson.topic}》等课例开发配套的教学设计、课件和练习；`,
          '形成指向核心素养的课堂评价量表。',
        ]),
      },
      heading('三、研究方法'),
      paragraph('本课题主要采用行动研究法，辅以文献研究法、问卷调查法和课例研究法。'),
      heading('四、研究过程'),
      {
        type: 'table',
        header: ['阶段', '时间', '主要工作'],
        widths: [18, 27, 55],
        rows: [
          ['准备阶段', `${start}年3月—${start}年6月`, '学习文献，开展问卷调查，制订研究方案，召开开题论证会。'],
          [
            '实施阶段',
            `${start}年9月—${start + 1}年1月`,
            `开展课例研究，围绕《${lesson.topic}》进行三轮磨课，收集课堂观察数据。`,
          ],
          ['总结阶段', `${start + 1}年3月—${start + 1}年6月`, '整理数据与成果，撰写结题报告，举办成果展示课。'],
        ],
      },
      heading('五、研究成果'),
      paragraph(`形成了“情境—任务—评价”的${theme}课堂模式，并在课题组成员的课堂中推广应用。`, '（一）理论成果：'),
      paragraph(
        `编写了包括《${lesson.topic}》在内的优秀教学设计${8 + random.int(8)}篇、课件与练习一套；课题组成员撰写的${2 + random.int(3)}篇论文在区级评比中获奖。`,
        '（二）实践成果：',
      ),
      paragraph(
        `实验班学生的学习兴趣和学业成绩均有明显提升，期末检测平均分比对照班高${3 + random.int(5)}.${random.int(10)}分。`,
        '（三）学生发展：',
      ),
      heading('六、存在的问题与今后设想'),
      ...reflection(w)
        .slice(0, 2)
        .map((t) => paragraph(t)),
      paragraph('今后我们将扩大实验范围，把研究成果推广到更多年级和学科。'),
      heading('参考文献'),
      { type: 'lines', lines: references(w) },
    ],
  };
};

/** Title, byline and metadata shared by every document of a lesson. */
const frame = (w: Writer) => {
  const { lesson } = w;
  const source = [lesson.edition, lesson.volume, lesson.unit].filter(Boolean).join(' · ');
  return {
    title: lesson.title,
    byline: [`${lesson.stage}${lesson.subject}　${lesson.grade}`, source, lesson.author].filter(Boolean).join('　｜　'),
    subject: `${lesson.stage}${lesson.subject}`,
    keywords: [lesson.subject, lesson.topic, lesson.kind],
    description: `${lesson.grade}${lesson.subject}《${lesson.topic}》${lesson.kind}`,
  };
};

const deck = (w: Writer): DeckModel => {
  const { lesson, voice, random, say } = w;
  const contentCount = 3 + random.int(3);
  const content = voice.slides.slice(0, Math.min(contentCount, voice.slides.length));
  const list = steps(w);
  // One choice question and one blank fill a slide at a readable size.
  const choices = random.sample(forStage(voice.choice, lesson.stage), 1);
  const fill = random.pick(forStage(voice.fill, lesson.stage));
  const english = isEnglish(lesson.subject);
  return {
    title: lesson.title.replace(/课件$/, ''),
    subtitle:
      [lesson.edition, lesson.volume, lesson.unit].filter(Boolean).join(' · ') || `${lesson.stage}${lesson.subject}`,
    byline: `${lesson.grade}${lesson.subject}　${lesson.lessonName}　执教：${lesson.author}`,
    subject: `${lesson.stage}${lesson.subject}`,
    slides: [
      {
        heading: english ? 'Learning objectives 学习目标' : '学习目标',
        bullets: [say(voice.knowledge[0]!), say(random.pick(voice.process)), say(random.pick(voice.values))],
        notes: `本课是${w.say('{u}')}的第${w.period}课时，先让学生齐读学习目标，明确本节课要做什么。`,
      },
      ...content.map((slide, i) => ({
        heading: say(slide.heading),
        bullets: slide.bullets.map(say),
        notes: (() => {
          const step = list[Math.min(i, list.length - 1)]!;
          return `${step.name}：${step.activity.teacher}学生：${step.activity.student}`;
        })(),
      })),
      {
        heading: english ? 'Exercises 课堂练习' : '课堂练习',
        bullets: [
          ...choices.map((q, i) => `${i + 1}．${say(q.stem).replace(/\n/g, ' ')}`),
          `${choices.length + 1}．${say(fill.stem)}`,
        ],
        details: Object.fromEntries(
          choices.map((q, i) => [i, q.options.map((o, j) => `${OPTION_LETTERS[j]}．${say(o)}`)]),
        ),
        notes: `答案：${choices.map((q, i) => `${i + 1}．${OPTION_LETTERS[q.answer]}`).join('；')}；${choices.length + 1}．${say(fill.answer)}`,
      },
      {
        heading: english ? 'Summary 课堂小结' : '课堂小结',
        bullets: [
          `本课学习了：${lesson.lessonName}`,
          `重点：${say(random.pick(voice.keyPoints))}`,
          `方法：${voice.methods.learning}`,
          `作业：${say(voice.homework[0]!)}`,
        ],
        notes: say(voice.summary[0]!.teacher),
      },
    ],
  };
};

/** Chinese names for a class list: common surnames and given names, seeded so a class keeps its pupils. */
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN =
  '子涵 雨桐 浩然 梓轩 欣怡 宇航 思远 若曦 一诺 俊杰 诗涵 博文 佳怡 明轩 语嫣 天佑 可馨 晨阳 梓萱 嘉懿 志强 雅琪 昊天 心怡 泽宇 艺涵 皓轩 紫涵 文博 思彤'.split(
    ' ',
  );

const scoreSheet = (w: Writer, questions: PaperQuestion[]): ScoreSheetModel => {
  const { lesson, random } = w;
  const classSize = 36 + random.int(10);
  const taken = new Set<string>();
  const students = Array.from({ length: classSize }, (_, i) => {
    let name = '';
    do name = `${random.pick([...SURNAMES])}${random.pick(GIVEN)}`;
    while (taken.has(name));
    taken.add(name);
    // Ability from a rough bell curve around 0.78, so the class has a believable spread of marks.
    const ability = Math.min(1, Math.max(0.3, 0.78 + (random.next() + random.next() + random.next() - 1.5) * 0.35));
    const points = questions.map((q) =>
      q.section === '解答题'
        ? Math.round(q.score * Math.min(1, Math.max(0, ability + (random.next() - 0.5) * 0.3)))
        : random.next() < ability
          ? q.score
          : 0,
    );
    return { number: String(i + 1).padStart(2, '0'), name, points };
  });
  return {
    title: `${lesson.grade}${lesson.subject}《${lesson.topic}》课时检测成绩分析表`,
    subject: `${lesson.stage}${lesson.subject}`,
    className: `${lesson.grade}（${1 + random.int(8)}）班`,
    questions,
    students,
  };
};

export type KindModels =
  | { format: 'docx'; document: DocumentModel }
  | { format: 'pptx'; deck: DeckModel }
  | { format: 'paper'; document: DocumentModel; scores: ScoreSheetModel };

/** The models for one lesson and kind. */
export const modelsFor = (lesson: Lesson): KindModels => {
  const w = writerFor(lesson);
  switch (lesson.kind) {
    case '教学设计':
      return { format: 'docx', document: teachingDesign(w) };
    case '学案':
      return { format: 'docx', document: studyGuide(w) };
    case '说课稿':
      return { format: 'docx', document: lectureScript(w) };
    case '教研论文':
      return { format: 'docx', document: researchPaper(w) };
    case '课题报告':
      return { format: 'docx', document: projectReport(w) };
    case '课件':
      return { format: 'pptx', deck: deck(w) };
    case '试卷': {
      const paper = testPaper(w);
      return { format: 'paper', document: paper.document, scores: scoreSheet(w, paper.questions) };
    }
  }
};
