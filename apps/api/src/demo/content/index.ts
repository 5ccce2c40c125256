/**
 * Real Office files for the demo library, one set per resource, written about the lesson its title names.
 *
 * Why: a district judges the product in its first minutes of browsing, and a 课件 that opens on someone else's
 * lesson (or a .txt where a .pptx is promised) tells it the whole library is fake. So every generated document is
 * a file a teacher could have uploaded: a .docx 教学设计 / 学案 / 说课稿 with its 基本信息 table, objectives, steps
 * and board plan; a 16:9 .pptx 课件; a .docx 试卷 with answers plus the .xlsx 成绩分析表 a teacher keeps after
 * marking; a .docx 教研论文 or 课题报告 with abstract, keywords and references. All text is Chinese (English lessons
 * have English in them), built from the catalogue's names for stage, grade, edition, volume, unit and lesson and
 * from per-subject phrasing (subject-voice.ts), never from a stock text.
 *
 * Deterministic: choices come from a generator seeded by the spec, and `stampPackage` fixes the creation times in
 * the document properties and the zip, so the same spec always gives the same bytes (stable tests; a repeated seed
 * stores the same files, with the same SHA-256 in stored_files). Two resources on one lesson and kind differ as
 * soon as their title, author or date do. Files are small (tens of KB) and pass the product's own content sniffing
 * for their extension, so they go through `storeDocument` like any teacher's upload.
 *
 * No database or app here: the demo seed (demo/resources.ts) calls `demoFilesFor` with names it reads from the catalogue.
 */
import { type DemoDocumentKind, type LessonSpec, lessonCore, lessonOf } from './lesson.ts';
import { stampPackage } from './ooxml-package.ts';
import { slidesFile } from './slides.ts';
import { wordFile } from './word.ts';
import { scoreWorkbookFile } from './workbook.ts';
import { modelsFor } from './writing.ts';

export {
  DEFAULT_WRITTEN_AT,
  DEMO_DOCUMENT_KINDS,
  type DemoDocumentKind,
  type Lesson,
  type LessonSpec,
  lessonCore,
  lessonOf,
} from './lesson.ts';

export const OOXML_MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface DemoFile {
  /** What a teacher would have called it: 正数和负数-教学设计.docx. */
  fileName: string;
  bytes: Buffer;
  mime: string;
}

/** The word in a file name for each kind (a 学案 is saved as 导学案, a 试卷 as 课时检测卷). */
const FILE_WORD: Record<DemoDocumentKind, string> = {
  教学设计: '教学设计',
  课件: '课件',
  学案: '导学案',
  试卷: '课时检测卷',
  说课稿: '说课稿',
  教研论文: '论文',
  课题报告: '结题报告',
};

/** The lesson part of a file name: no characters Windows forbids, and long English unit titles cut at a word. */
const namePart = (text: string) => {
  const clean = text
    .replace(/[\\/:*?"<>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= 40) return clean;
  // At a clause (comma) when there is one far enough in, else at the last word.
  const cut = clean.slice(0, 40);
  const comma = cut.lastIndexOf(',');
  const space = cut.lastIndexOf(' ');
  const end = comma >= 15 ? comma : space >= 20 ? space : cut.length;
  return cut.slice(0, end).replace(/[\s,.;!'-]+$/, '');
};

/**
 * The files of one resource: its main document first (.docx, or .pptx for a 课件); a 试卷 also has its .xlsx
 * 成绩分析表. Throws on a spec without a lesson, stage or subject.
 */
export const demoFilesFor = async (spec: LessonSpec): Promise<DemoFile[]> => {
  const lesson = lessonOf(spec);
  const models = modelsFor(lesson);
  // A section named only by its place keeps the section after a shortened unit: “Unit 10 If you go to the party Section A”.
  const core = lessonCore(lesson.lessonName);
  const base = lesson.topic === core ? namePart(core) : `${namePart(lesson.unit ?? '')} ${namePart(core)}`.trim();
  const stamp = (bytes: Buffer) => stampPackage(bytes, lesson.writtenAt);
  switch (models.format) {
    case 'docx':
      return [
        {
          fileName: `${base}-${FILE_WORD[lesson.kind]}.docx`,
          bytes: stamp(await wordFile(models.document, lesson.author)),
          mime: OOXML_MIME.docx,
        },
      ];
    case 'pptx':
      return [
        {
          fileName: `${base}-${FILE_WORD[lesson.kind]}.pptx`,
          bytes: stamp(await slidesFile(models.deck, lesson.author)),
          mime: OOXML_MIME.pptx,
        },
      ];
    case 'paper':
      return [
        {
          fileName: `${base}-${FILE_WORD[lesson.kind]}.docx`,
          bytes: stamp(await wordFile(models.document, lesson.author)),
          mime: OOXML_MIME.docx,
        },
        {
          fileName: `${base}-成绩分析表.xlsx`,
          bytes: stamp(await scoreWorkbookFile(models.scores, lesson.author, lesson.writtenAt)),
          mime: OOXML_MIME.xlsx,
        },
      ];
  }
};
