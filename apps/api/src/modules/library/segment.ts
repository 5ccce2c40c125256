import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Teaching words jieba's dictionary splits (教学设计 → 教学/设计), added as words of their own. Teachers type them
 * as one thing, and as two common words (教学 is in most descriptions) every search for them made the index read
 * two posting lists of tens of thousands of rows; whole, they are one list of the resources that say so. Search mode
 * still indexes the parts, so 设计 alone finds them as before. Only names of kinds of material belong here: a query
 * for a listed word no longer finds its parts apart (期末复习 would miss 期末总复习). Changing this list changes the
 * vectors: raise SEARCH_VERSION (search-index.ts) with it.
 */
export const TEACHING_WORDS = [
  ...['教学设计', '教学反思', '教学课件', '导学案', '教研成果', '结题报告', '课题报告', '开题报告', '研究报告'],
  ...['培训讲义', '知识点精讲', '实验演示'],
];

let jieba: Jieba | undefined;
/** Loading the dictionary takes ~0.3 s, so it happens on first use, once per process. */
const engine = () => {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(TEACHING_WORDS.map((w) => `${w} 20000 n`).join('\n')));
  }
  return jieba;
};

/** Words too common to carry meaning on their own (dropped only as whole words, never from inside one). */
export const STOP_WORDS = new Set(['的', '了', '和', '与', '及', '在', '是', '之', '或', '等', '对', '把', '被']);
const HAN = /\p{Script=Han}/u;
const RUNS = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/** Full-width letters and digits folded (ＰＰＴ → ppt), Latin lower-cased. */
export const normalizeText = (text: string) => text.normalize('NFKC').toLowerCase();

/** A jieba word as a lexeme: letters and digits only. */
const clean = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');

/** jieba search-mode words of a text (every word plus the shorter words inside long ones), without stop words. */
export const searchWords = (text: string): string[] =>
  engine()
    .cutForSearch(normalizeText(text), true)
    .map(clean)
    .filter((w) => w.length > 0 && !STOP_WORDS.has(w));

/** jieba precise-mode words (no overlaps), cleaned; punctuation and spaces drop out. */
export const preciseWords = (text: string): string[] =>
  engine()
    .cut(normalizeText(text), true)
    .map(clean)
    .filter((w) => w.length > 0);

/*
 * Lexemes of the search vector. One tsvector holds three kinds, told apart by a leading mark, so one GIN index
 * answers whole-word, word-start and inside-a-word matches:
 *   勾股定理   a jieba word (search mode);
 *   ~勾股     a character pair (or, in titles and tags, a single character) anywhere in the text;
 *   ^勾股     a pair (or single character) at the start of a jieba word.
 * Every field has one position carrying its weight: title A, tags B, description C, structured fields D
 * (stage, subject with its aliases, resource kind).
 */
export const GRAM = '~';
export const WORD_START = '^';
export type Field = 'A' | 'B' | 'C' | 'D';
const POSITION: Record<Field, number> = { A: 1, B: 2, C: 3, D: 4 };
/**
 * Descriptions can be 2,000 characters; their character pairs are indexed for the first part only: every
 * candidate's vector is tested a dozen times per search, so its size is the search's cost. (Rows are stored
 * uncompressed up to a page, migration resources_uncompressed_rows: a large vector is not decompressed each time.)
 */
const DESCRIPTION_GRAMS_CHARS = 150;

/** Character pairs of every Han run (single characters too when `singles`); Latin and digit runs whole. */
const gramsOf = (text: string, singles: boolean, out: Set<string>) => {
  for (const run of normalizeText(text).match(RUNS) ?? []) {
    if (!HAN.test(run)) continue; // Latin and digit words are whole jieba words already
    const chars = [...run];
    chars.forEach((c, i) => {
      if (singles || chars.length === 1) out.add(GRAM + c);
      if (i + 1 < chars.length) out.add(GRAM + c + chars[i + 1]);
    });
  }
};

/** The word-start marks of a text: first pair (and single character when `singles`) of each Han word. */
const startsOf = (text: string, singles: boolean, out: Set<string>) => {
  for (const word of preciseWords(text)) {
    const chars = [...word];
    if (!HAN.test(chars[0]!)) continue;
    if (singles || chars.length === 1) out.add(WORD_START + chars[0]);
    if (chars.length > 1 && HAN.test(chars[1]!)) out.add(WORD_START + chars[0] + chars[1]);
  }
};

/** A lexeme quoted for tsvector / tsquery input (quotes and backslashes doubled). */
export const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

export interface IndexedFields {
  title: string;
  tags: string[];
  description: string;
  /** Names of the resource's stage, subject (and aliases) and kind: matched at the lowest weight. */
  structured: string[];
}

/** The search vector of a resource as tsvector input text (`'lexeme':1A,3C …`), cast with `::tsvector`. */
export const searchDocument = (fields: IndexedFields): string => {
  const lexemes = new Map<string, Set<Field>>();
  const add = (field: Field, words: Iterable<string>) => {
    for (const w of words) {
      const fieldsOf = lexemes.get(w) ?? new Set<Field>();
      fieldsOf.add(field);
      lexemes.set(w, fieldsOf);
    }
  };
  const tags = fields.tags.join(' ');
  const description = fields.description.slice(0, DESCRIPTION_GRAMS_CHARS);
  for (const [field, text, singles, gramText] of [
    ['A', fields.title, true, fields.title],
    ['B', tags, true, tags],
    ['C', fields.description, false, description],
  ] as const) {
    const marks = new Set<string>(searchWords(text));
    gramsOf(gramText, singles, marks);
    // Word starts rank title and tag matches; in descriptions a match anywhere is worth as much.
    if (field !== 'C') startsOf(gramText, field === 'A', marks);
    add(field, marks);
  }
  add('D', new Set(fields.structured.flatMap((name) => [clean(normalizeText(name)), ...searchWords(name)])));
  return [...lexemes]
    .map(([w, set]) => `${quoteLexeme(w)}:${[...set].map((f) => `${POSITION[f]}${f}`).join(',')}`)
    .join(' ');
};

/** How one alternative spelling of a query word is looked for in the vector. */
export interface TermForms {
  /** jieba words, all required (酸和碱 → 酸, 碱). */
  words: string[];
  /** Character pairs (or the single character), all required, anywhere inside words. */
  grams: string[];
  /** As `grams`, but starting at the start of a word. */
  starts: string[];
}

/** The lexemes that find `text` as whole words, from a word start, or anywhere inside a word. */
export const termForms = (text: string): TermForms => {
  const words = preciseWords(text).filter((w) => !STOP_WORDS.has(w));
  const grams: string[] = [];
  const starts: string[] = [];
  for (const run of normalizeText(text).match(RUNS) ?? []) {
    if (!HAN.test(run)) {
      grams.push(run);
      starts.push(run);
      continue;
    }
    const chars = [...run];
    const pairs = chars.length === 1 ? [chars[0]!] : chars.slice(1).map((c, i) => chars[i]! + c);
    pairs.forEach((p, i) => {
      grams.push(GRAM + p);
      // The first pair of the whole text must begin a word; the rest only have to be there.
      starts.push((starts.length === 0 && i === 0 ? WORD_START : GRAM) + p);
    });
  }
  return { words: words.length ? words : grams, grams, starts };
};

/** Splits a title into hit / non-hit segments for the words of a query (longest words first). */
export const highlight = (title: string, words: string[]): { text: string; hit: boolean }[] => {
  const terms = [...new Set(words.filter(Boolean).map((w) => w.toLowerCase()))].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [{ text: title, hit: false }];
  const lower = title.toLowerCase();
  const marks = new Array<boolean>(title.length).fill(false);
  for (const term of terms) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      for (let k = at; k < at + term.length; k++) marks[k] = true;
    }
  }
  const segments: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < title.length; i++) {
    const last = segments.at(-1);
    if (last && last.hit === marks[i]) last.text += title[i];
    else segments.push({ text: title[i]!, hit: marks[i]! });
  }
  return segments;
};
