import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEMO_DOCUMENT_KINDS,
  type DemoDocumentKind,
  type DemoFile,
  demoFilesFor,
  type LessonSpec,
  lessonCore,
  lessonOf,
} from '../../apps/api/src/demo/content/index.ts';
import { readZip } from '../../apps/api/src/demo/content/ooxml-package.ts';
import { extensionOf, familyOf } from '../../apps/api/src/modules/files/file-types.ts';
import { detectDocument, fitsFamily, HEAD_BYTES, zipEntryNames } from '../../apps/api/src/modules/files/sniff.ts';

/**
 * The demo's generated Office files (issue 22): for every kind, real OOXML that the product's own sniffer accepts
 * for its extension, about the lesson it is for (its name, subject and grade in the text, no other lesson's name),
 * small, and the same bytes for the same spec.
 */

const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../prisma/seed/catalogue');

interface CatalogueFile {
  stage: string;
  subject: string;
  edition: { name: string };
  volumes: { name: string; grade: number | null; units: { name: string; lessons: { name: string }[] }[] }[];
}

const catalogues = readdirSync(CATALOGUE_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(path.join(CATALOGUE_DIR, name), 'utf8')) as CatalogueFile);

/** Every lesson of the shipped catalogue as a spec (kind filled in by the caller). */
const allLessons = catalogues.flatMap((c) =>
  c.volumes.flatMap((v) =>
    v.units.flatMap((u) =>
      u.lessons.map((l) => ({
        stage: c.stage,
        subject: c.subject,
        grade: v.grade,
        edition: c.edition.name,
        volume: v.name,
        unit: u.name,
        lesson: l.name,
      })),
    ),
  ),
);

/** One lesson from each shipped catalogue file, from the middle of its first volume, so every stage and subject shows. */
const sampleLessons = catalogues.map((c) => {
  const volume = c.volumes[0]!;
  const withLessons = volume.units.filter((u) => u.lessons.length > 0);
  const unit = withLessons[Math.floor(withLessons.length / 2)]!;
  const lesson = unit.lessons[0]!;
  return {
    stage: c.stage,
    subject: c.subject,
    grade: volume.grade,
    edition: c.edition.name,
    volume: volume.name,
    unit: unit.name,
    lesson: lesson.name,
  };
});

const MAIN_EXTENSION: Record<DemoDocumentKind, string> = {
  教学设计: 'docx',
  课件: 'pptx',
  学案: 'docx',
  试卷: 'docx',
  说课稿: 'docx',
  教研论文: 'docx',
  课题报告: 'docx',
};

const decodeXml = (xml: string) =>
  xml
    .replace(/<\/(w:p|a:p|si|row)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The visible text of an OOXML file: Word body, slides, or a workbook's strings and inline text. */
const textOf = (file: DemoFile) => {
  const parts = readZip(file.bytes).filter((e) =>
    /^(word\/document\.xml|ppt\/slides\/slide\d+\.xml|xl\/sharedStrings\.xml|xl\/worksheets\/sheet\d+\.xml)$/.test(
      e.name,
    ),
  );
  return parts.map((e) => decodeXml(e.data.toString('utf8'))).join('\n');
};

const sniff = async (bytes: Buffer) =>
  detectDocument(bytes.subarray(0, HEAD_BYTES), bytes.length, async (start, length) =>
    bytes.subarray(start, start + length),
  );

const gradeWordsOf = (spec: Omit<LessonSpec, 'kind'>) => lessonOf({ ...spec, kind: '教学设计' }).grade;

describe('demo content for every kind', () => {
  for (const kind of DEMO_DOCUMENT_KINDS) {
    it(`${kind}: valid OOXML the sniffer accepts, about its lesson only`, async () => {
      for (const base of sampleLessons) {
        const spec: LessonSpec = { ...base, kind, author: '李建国' };
        const files = await demoFilesFor(spec);
        const extensions = files.map((f) => extensionOf(f.fileName));
        expect(extensions[0]).toBe(MAIN_EXTENSION[kind]);
        if (kind === '试卷') expect(extensions).toEqual(['docx', 'xlsx']);
        else expect(files).toHaveLength(1);

        const topic = lessonOf(spec).topic;
        const grade = gradeWordsOf(base);
        // Other lessons' names, long enough to be unmistakable; a unit may name its lessons (“6～10的认识和加、减法”).
        const others = allLessons
          .map((l) => lessonCore(l.lesson))
          .filter((name) => name.length >= 4 && !topic.includes(name) && !name.includes(topic))
          .filter((name) => !base.unit.includes(name));
        for (const file of files) {
          const ext = extensionOf(file.fileName);
          // A real zip: every entry inflates and matches its checksum, and the product's own reader sees the parts.
          const entries = readZip(file.bytes).map((e) => e.name);
          expect(entries[0]).toBe('[Content_Types].xml');
          const names = await zipEntryNames(file.bytes.length, async (start, length) =>
            file.bytes.subarray(start, start + length),
          );
          expect(names).toEqual(entries);
          const detected = await sniff(file.bytes);
          expect(detected, file.fileName).not.toBeNull();
          expect(fitsFamily(detected!, familyOf(ext)!)).toBe(true);
          expect(detected!.mime).toBe(file.mime);
          // Tens of KB, not hundreds.
          expect(file.bytes.length).toBeLessThan(80 * 1024);

          const text = textOf(file);
          expect(text, `${file.fileName}: lesson`).toContain(topic);
          expect(text, `${file.fileName}: subject`).toContain(spec.subject);
          expect(text, `${file.fileName}: grade`).toContain(grade);
          const foreign = others.filter((name) => text.includes(name));
          expect(foreign, `${file.fileName} names other lessons`).toEqual([]);
        }
      }
    });
  }
});

describe('demo content details', () => {
  const spec: LessonSpec = {
    stage: '初中',
    subject: '数学',
    grade: 7,
    edition: '人教版',
    volume: '七年级上册',
    unit: '第一章 有理数',
    lesson: '1.1 正数和负数',
    kind: '教学设计',
    author: '李建国',
  };

  it('gives the same bytes for the same spec, and different bytes for another lesson, date, teacher or title', async () => {
    for (const kind of DEMO_DOCUMENT_KINDS) {
      const [a, b] = await Promise.all([demoFilesFor({ ...spec, kind }), demoFilesFor({ ...spec, kind })]);
      expect(a.map((f) => f.bytes.equals(b[a.indexOf(f)]!.bytes))).toEqual(a.map(() => true));
      const other = await demoFilesFor({ ...spec, kind, lesson: '1.2 有理数及其大小比较' });
      expect(other[0]!.bytes.equals(a[0]!.bytes)).toBe(false);
      // Two resources on one lesson and kind never share a file: the date, teacher or title tells them apart.
      const later = await demoFilesFor({ ...spec, kind, writtenAt: new Date('2025-10-15T02:00:00Z') });
      expect(later[0]!.bytes.equals(a[0]!.bytes)).toBe(false);
      const colleague = await demoFilesFor({ ...spec, kind, author: '陈思远' });
      expect(colleague[0]!.bytes.equals(a[0]!.bytes)).toBe(false);
      const retitled = await demoFilesFor({ ...spec, kind, title: `${lessonOf({ ...spec, kind }).title}（第2课时）` });
      expect(retitled[0]!.bytes.equals(a[0]!.bytes)).toBe(false);
    }
  });

  it('writes the teacher and the writing date into the document properties', async () => {
    const writtenAt = new Date('2025-10-15T02:00:00Z');
    for (const kind of ['教学设计', '课件', '试卷'] as const) {
      for (const file of await demoFilesFor({ ...spec, kind, writtenAt })) {
        const core = readZip(file.bytes)
          .find((e) => e.name === 'docProps/core.xml')!
          .data.toString('utf8');
        expect(core, file.fileName).toContain('李建国');
        expect(core).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2025-10-15T02:00:00Z</dcterms:created>');
        expect(core).toContain('2025-10-15T02:00:00Z</dcterms:modified>');
      }
    }
  });

  it('titles the document with the resource title, and builds one that agrees with the spec when there is none', async () => {
    const title = '人教版七年级数学《正数和负数》教学设计（第1课时）';
    expect(textOf((await demoFilesFor({ ...spec, title }))[0]!)).toContain(title);
    expect(lessonOf(spec).title).toBe('人教版七年级数学《正数和负数》教学设计');
    expect(lessonOf({ ...spec, kind: '试卷' }).title).toBe('人教版七年级数学《正数和负数》课时检测卷');
  });

  it('works out grade words and topics from the catalogue’s names', () => {
    expect(lessonCore('12.2 三角形全等的判定')).toBe('三角形全等的判定');
    expect(lessonCore('第1节 长度和时间的测量')).toBe('长度和时间的测量');
    expect(lessonCore('*8.4 三元一次方程组的解法')).toBe('三元一次方程组的解法');
    expect(lessonCore('济南的冬天')).toBe('济南的冬天');
    expect(lessonOf({ ...spec, grade: null, volume: '八年级下册' }).grade).toBe('八年级');
    expect(lessonOf({ ...spec, grade: '初二' }).grade).toBe('八年级');
    // 高中 必修 volumes have no grade: the stage stands in.
    expect(lessonOf({ ...spec, stage: '高中', grade: null, volume: '必修第一册' }).grade).toBe('高中');
    // An English section means nothing without its unit.
    const english = lessonOf({ ...spec, subject: '英语', unit: 'Unit 1 You and Me', lesson: 'Section A' });
    expect(english.topic).toBe('Unit 1 You and Me Section A');
    expect(() => lessonOf({ ...spec, lesson: '  ' })).toThrow();
  });

  it('names files as a teacher would, keeping an English section after a long unit title', async () => {
    expect((await demoFilesFor(spec)).map((f) => f.fileName)).toEqual(['正数和负数-教学设计.docx']);
    expect((await demoFilesFor({ ...spec, kind: '试卷' })).map((f) => f.fileName)).toEqual([
      '正数和负数-课时检测卷.docx',
      '正数和负数-成绩分析表.xlsx',
    ]);
    const unit = "Unit 10 If you go to the party, you'll have a great time!";
    const [sectionA] = await demoFilesFor({ ...spec, subject: '英语', unit, lesson: 'Section A', kind: '课件' });
    expect(sectionA!.fileName).toBe('Unit 10 If you go to the party Section A-课件.pptx');
  });

  it('pairs the test paper with a score sheet whose totals and grades are formulas with their results', async () => {
    const [paper, sheet] = await demoFilesFor({ ...spec, kind: '试卷' });
    const paperText = textOf(paper!);
    expect(paperText).toMatch(/一、选择题/);
    expect(paperText).toMatch(/二、填空题/);
    expect(paperText).toMatch(/三、解答题/);
    expect(paperText).toContain('参考答案');
    const fullMarks = Number(/满分(\d+)分/.exec(paperText)?.[1]);
    expect(fullMarks).toBeGreaterThan(0);
    const workbook = readZip(sheet!.bytes);
    const register = workbook.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    expect(register).toMatch(/<f>SUM\(/);
    expect(register).toMatch(/<f>IF\(/);
    const analysis = workbook.find((e) => e.name === 'xl/worksheets/sheet2.xml')!.data.toString('utf8');
    expect(analysis).toMatch(/<f>ROUND\(AVERAGE\(/);
    expect(textOf(sheet!)).toContain(`满分：${fullMarks}分`);
  });
});

describe('lessons of the stages and subjects without a catalogue', () => {
  it('make files the sniffer accepts, named after the lesson, with a grade word that fits the stage', async () => {
    const { FALLBACK_LESSONS } = await import('../../apps/api/src/demo/content/fallback-topics.ts');
    const stageGrades: Record<string, RegExp> = {
      小学: /^[一二三四五六]年级$/,
      初中: /^[七八九]年级$/,
      高中: /^高[一二三]$/,
      学前: /^[小中大]班$/,
      特殊教育: /^[低中高]年段$/,
      中职: /^$/,
    };
    let i = 0;
    for (const [key, list] of Object.entries(FALLBACK_LESSONS)) {
      const [stage, subject] = key.split('/') as [string, string];
      for (const lesson of list) {
        expect(lesson.grade ?? '', `${key} ${lesson.lesson}`).toMatch(stageGrades[stage]!);
        const kind = DEMO_DOCUMENT_KINDS[i++ % DEMO_DOCUMENT_KINDS.length]!;
        const files = await demoFilesFor({ stage, subject, ...lesson, kind });
        expect(files[0]!.fileName).toContain(lessonCore(lesson.lesson).slice(0, 10));
        for (const file of files) {
          const detected = await sniff(file.bytes);
          expect(detected?.mime, file.fileName).toBe(file.mime);
        }
      }
    }
    expect(i).toBeGreaterThan(150);
  }, 60_000);
});
