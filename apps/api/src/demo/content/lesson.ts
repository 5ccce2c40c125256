import { GRADE_NAMES, parseGrade } from '@zyk/shared';

/** The kinds of document a teacher uploads that the demo generates files for (微课 are videos, made elsewhere). */
export const DEMO_DOCUMENT_KINDS = ['教学设计', '课件', '学案', '试卷', '说课稿', '教研论文', '课题报告'] as const;
export type DemoDocumentKind = (typeof DEMO_DOCUMENT_KINDS)[number];

/** One lesson of the catalogue (or a topic outside it) and the kind of document to write about it. */
export interface LessonSpec {
  /** 小学, 初中, 高中… as in the dictionary. */
  stage: string;
  subject: string;
  /** 1–12 or a grade name (八年级, 高一); when absent it is read from the volume name, else the stage stands in. */
  grade?: number | string | null;
  /** Edition as the catalogue names it: 人教版, 统编版, 人教A版… */
  edition?: string | null;
  /** 七年级上册, 必修第一册… */
  volume?: string | null;
  /** 第一章 有理数, Unit 1 You and Me… */
  unit?: string | null;
  /** The lesson as the catalogue names it: "1.1 正数和负数", "春", "Section A". */
  lesson: string;
  kind: DemoDocumentKind;
  /** The resource's title; the document's own title is this, so the card and the file agree. Built when absent. */
  title?: string | null;
  /** The teacher, written as the document's author. */
  author?: string | null;
  /** When the teacher wrote it: the document's creation time. Default: the start of the 2025 autumn term. */
  writtenAt?: Date | null;
}

/** The spec with everything the writers need worked out once. */
export interface Lesson {
  spec: LessonSpec;
  kind: DemoDocumentKind;
  stage: string;
  subject: string;
  /** The grade's name, or the stage when no grade is known (高中 必修 volumes have none). */
  grade: string;
  edition: string | null;
  volume: string | null;
  unit: string | null;
  /** The lesson's full name, as in the catalogue. */
  lessonName: string;
  /** What the lesson is about, without its number: "正数和负数"; an English section keeps its unit beside it. */
  topic: string;
  title: string;
  author: string;
  writtenAt: Date;
  /** Compulsory education (小学、初中) follows the 2022 curriculum standards; 高中 the 2017/2020 ones. */
  compulsory: boolean;
}

/** The start of the 2025 autumn term, 08:00 Beijing time: the default creation time of every generated file. */
export const DEFAULT_WRITTEN_AT = new Date('2025-09-01T00:00:00Z');

/** "12.2 三角形全等的判定" → "三角形全等的判定"; "第1节 长度和时间的测量" → "长度和时间的测量"; "*8.4 …" too. */
export const lessonCore = (name: string) =>
  name.replace(/^\*?\s*(\d+(\.\d+)*\s+|第[一二三四五六七八九十百\d]+[课节章单元]\s*)/, '').trim() || name.trim();

/** Lessons named only by their place in a unit (Section A, 复习与反思), which need the unit to mean anything. */
const PLACE_ONLY =
  /^(Section\s+[A-Z]|Part\s+\d+|Project|Reading|Review|复习与反思|单元复习|练习[一二三四五六七八九十\d]*|整理和复习)$/i;

const gradeOf = (spec: LessonSpec) => {
  const grade =
    parseGrade(spec.grade ?? null) ?? (spec.volume ? parseGrade(/^(.+?级|高[一二三])/.exec(spec.volume)?.[1]) : null);
  if (grade) return GRADE_NAMES[grade]!;
  return typeof spec.grade === 'string' && spec.grade.trim() ? spec.grade.trim() : spec.stage;
};

/** The word a title gives each document kind, as teachers name their files (research titles have their own form). */
export const DOCUMENT_WORD: Record<DemoDocumentKind, string> = {
  教学设计: '教学设计',
  课件: '课件',
  学案: '导学案',
  试卷: '课时检测卷',
  说课稿: '说课稿',
  教研论文: '',
  课题报告: '',
};

/** Works out grade, topic and title; throws on a spec the writers cannot write about. */
export const lessonOf = (spec: LessonSpec): Lesson => {
  const lessonName = spec.lesson.trim();
  if (!lessonName) throw new Error('a demo document needs a lesson name');
  if (!spec.stage.trim() || !spec.subject.trim()) throw new Error('a demo document needs a stage and a subject');
  const core = lessonCore(lessonName);
  const unit = spec.unit?.trim() || null;
  const topic = PLACE_ONLY.test(core) && unit ? `${unit} ${core}` : core;
  const grade = gradeOf(spec);
  const edition = spec.edition?.trim() || null;
  const lesson = {
    spec,
    kind: spec.kind,
    stage: spec.stage.trim(),
    subject: spec.subject.trim(),
    grade,
    edition,
    volume: spec.volume?.trim() || null,
    unit,
    lessonName,
    topic,
    author: spec.author?.trim() || '资源库教师',
    writtenAt: spec.writtenAt ?? DEFAULT_WRITTEN_AT,
    compulsory: spec.stage.trim() === '小学' || spec.stage.trim() === '初中',
  };
  const title =
    spec.title?.trim() ||
    (spec.kind === '教研论文'
      ? `${lesson.stage}${lesson.subject}《${topic}》教学中核心素养落实的实践探索`
      : spec.kind === '课题报告'
        ? `以《${topic}》为例的${lesson.stage}${lesson.subject}单元整体教学研究结题报告`
        : `${edition ?? ''}${grade}${lesson.subject}《${topic}》${DOCUMENT_WORD[spec.kind]}`);
  return { ...lesson, title };
};
