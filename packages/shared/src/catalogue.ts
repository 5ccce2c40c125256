/**
 * The textbook catalogue (教材目录): edition → volume → unit → lesson, per stage and subject. Resources hang on
 * volumes, units or lessons; browsing and search filter by a node and everything under it.
 */

export const CATALOGUE_KINDS = {
  edition: '版本',
  volume: '册次',
  unit: '单元',
  lesson: '课',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_KINDS;
export const CATALOGUE_KIND_ORDER: readonly CatalogueKind[] = ['edition', 'volume', 'unit', 'lesson'];

/** The kind a node's parent must have (an edition has none). */
export const PARENT_KIND: Record<CatalogueKind, CatalogueKind | null> = {
  edition: null,
  volume: 'edition',
  unit: 'volume',
  lesson: 'unit',
};

/** Kinds a resource can hang on: a whole volume, a unit or a lesson. */
export const TAGGABLE_KINDS: readonly CatalogueKind[] = ['volume', 'unit', 'lesson'];

/** How many chapters one resource may hang on. */
export const MAX_CHAPTERS_PER_RESOURCE = 5;

/** Grades 1–12 as teachers name them; a volume's grade is one of these (senior high 必修/选择性必修 volumes have none). */
export const GRADE_NAMES: Record<number, string> = {
  1: '一年级',
  2: '二年级',
  3: '三年级',
  4: '四年级',
  5: '五年级',
  6: '六年级',
  7: '七年级',
  8: '八年级',
  9: '九年级',
  10: '高一',
  11: '高二',
  12: '高三',
};

/** A grade written as a number or a name (八年级, 初二, 高一…); null when it is none of them. */
export const parseGrade = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 12 ? value : null;
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return parseGrade(Number(text));
  for (const [grade, name] of Object.entries(GRADE_NAMES)) if (name === text) return Number(grade);
  const junior = ['初一', '初二', '初三'].indexOf(text);
  if (junior >= 0) return 7 + junior;
  const senior = ['高中一年级', '高中二年级', '高中三年级'].indexOf(text);
  return senior >= 0 ? 10 + senior : null;
};

/** A chapter as one line: 人教版 › 八年级上册 › 第十二章 全等三角形 › 12.2 三角形全等的判定. */
export const chapterText = (trail: readonly string[]) => trail.join(' › ');

/** Node codes: letters, digits, '-', '_' and '.', 1–64 characters, unique across the catalogue. */
export const CATALOGUE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
