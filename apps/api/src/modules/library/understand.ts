import type { ResourceType } from '@zyk/shared';
import { normalizeText, preciseWords, STOP_WORDS } from './segment.ts';

/*
 * Query understanding: which words of a search name a stage, grade, subject, resource kind or textbook edition,
 * and which are the topic. Pure (the dictionary and synonym sets are passed in), so it is unit-tested alone.
 * Recognised words stay search words (a title saying 七年级 still matches), with their aliases as alternatives;
 * the search gives them less weight than topic words and boosts resources whose structured fields agree.
 */

export interface DictStage {
  id: number;
  name: string;
}
export interface DictSubject {
  id: number;
  name: string;
  stageId: number;
  /** Names administrators recorded for it in the console (dict.aliases), understood like SUBJECT_ALIASES. */
  aliases?: string[];
}
export interface Dictionary {
  stages: DictStage[];
  subjects: DictSubject[];
}

/** What a query word was recognised as; `topic` is everything else. */
export type ConceptRole = 'topic' | 'stage' | 'grade' | 'subject' | 'type' | 'edition';

export interface Concept {
  /** The words as the user typed them (normalised). */
  text: string;
  role: ConceptRole;
  /** Spellings that count as this word: itself first, then aliases and synonyms. */
  alternatives: string[];
}

/**
 * What the query names, each with `word`: the words as the query wrote them (so the page can take them out). A
 * stage inferred from a grade has no word of its own.
 */
export interface Understood {
  stage?: { id: number; name: string; word?: string };
  /** The subject's name in the dictionary; its id when the stage is known (each stage has its own subjects). */
  subject?: { id: number | null; name: string; word: string };
  type?: { value: ResourceType; word: string };
  /** The grade's usual name (七年级 for 初一). */
  grade?: { name: string; word: string };
  /** The edition's usual name (部编版 for 统编版). */
  edition?: { name: string; word: string };
}

/** Grades as teachers write them, each with its equivalents; the first is the name shown. */
const GRADES: { stage: string; names: string[] }[] = [
  ...['一', '二', '三', '四', '五', '六'].map((n) => ({ stage: '小学', names: [`${n}年级`, `小学${n}年级`] })),
  { stage: '初中', names: ['七年级', '初一', '初中一年级'] },
  { stage: '初中', names: ['八年级', '初二', '初中二年级'] },
  { stage: '初中', names: ['九年级', '初三', '初中三年级'] },
  { stage: '高中', names: ['高一', '高中一年级'] },
  { stage: '高中', names: ['高二', '高中二年级'] },
  { stage: '高中', names: ['高三', '高中三年级'] },
];

/** Stage words beyond the dictionary names. */
const STAGE_ALIASES: Record<string, string[]> = {
  学前: ['幼儿园', '学前教育'],
  初中: ['初级中学'],
  高中: ['高级中学'],
  中职: ['职高', '中专'],
};

/**
 * How teachers name subjects when the dictionary's name differs (the dictionary follows the 2022 curriculum:
 * 生物学, 体育与健康, 信息科技 / 信息技术, 道德与法治 / 思想政治). A word may stand for several names; the one the
 * stage has wins.
 */
export const SUBJECT_ALIASES: Record<string, string[]> = {
  生物: ['生物学'],
  体育: ['体育与健康'],
  信息: ['信息科技', '信息技术'],
  信息技术: ['信息技术', '信息科技'],
  信息科技: ['信息科技', '信息技术'],
  计算机: ['信息科技', '信息技术'],
  政治: ['思想政治', '道德与法治'],
  思政: ['思想政治', '道德与法治'],
  道法: ['道德与法治'],
  品德: ['道德与法治'],
  心理: ['心理健康'],
  综合实践: ['综合实践活动'],
  劳技: ['劳动'],
};

/** Kind words and the resource type they mean. */
const TYPE_WORDS: Record<string, ResourceType> = {
  视频: 'MICRO_COURSE',
  微课: 'MICRO_COURSE',
  微视频: 'MICRO_COURSE',
  课堂实录: 'MICRO_COURSE',
  录像课: 'MICRO_COURSE',
  课件: 'DOCUMENT',
  教案: 'DOCUMENT',
  学案: 'DOCUMENT',
  导学案: 'DOCUMENT',
  试卷: 'DOCUMENT',
  试题: 'DOCUMENT',
  教学设计: 'DOCUMENT',
  说课稿: 'DOCUMENT',
  论文: 'ACHIEVEMENT',
  课题: 'ACHIEVEMENT',
  成果: 'ACHIEVEMENT',
  教研成果: 'ACHIEVEMENT',
  结题报告: 'ACHIEVEMENT',
};

/** Words every resource of a type is found by (indexed with its structured fields). */
export const TYPE_INDEX_WORDS: Record<ResourceType, string[]> = {
  MICRO_COURSE: ['微课', '视频'],
  DOCUMENT: ['文档'],
  ACHIEVEMENT: ['成果'],
};

/** Textbook editions, each with its equivalents; the first is the name shown. */
const EDITIONS: string[][] = [
  ['人教版', '人教', '人民教育出版社'],
  ['部编版', '统编版', '部编', '统编'],
  ['北师大版', '北师版', '北师大'],
  ['苏教版', '苏教'],
  ['沪教版', '沪教'],
  ['湘教版', '湘教'],
  ['外研版', '外研社版'],
  ['译林版'],
  ['浙教版'],
  ['冀教版'],
  ['青岛版'],
  ['鲁教版'],
  ['粤教版'],
  ['华师大版'],
  ['沪科版'],
  ['教科版'],
  ['人美版'],
  ['湘艺版'],
];

/** The names a subject is indexed under: itself and the aliases teachers use for it. */
export const subjectIndexNames = (name: string) => [
  name,
  ...Object.entries(SUBJECT_ALIASES)
    .filter(([alias, names]) => names[0] === name && alias !== name)
    .map(([alias]) => alias),
];

interface Entry {
  role: ConceptRole;
  /** The canonical name (shown) and every spelling that counts. */
  alternatives: string[];
  /** Stage implied by a grade. */
  stage?: string;
  type?: ResourceType;
}

/** Every recognisable word → what it is. Synonym sets come last, so a dictionary meaning wins. */
const buildLexicon = (dictionary: Dictionary, synonyms: string[][]) => {
  const lexicon = new Map<string, Entry>();
  const put = (word: string, entry: Entry) => {
    const key = normalizeText(word);
    if (!lexicon.has(key)) lexicon.set(key, entry);
  };
  for (const stage of dictionary.stages) {
    const names = [stage.name, ...(STAGE_ALIASES[stage.name] ?? [])];
    for (const n of names) put(n, { role: 'stage', alternatives: names });
  }
  for (const grade of GRADES)
    for (const n of grade.names) put(n, { role: 'grade', alternatives: grade.names, stage: grade.stage });
  const subjectNames = new Set(dictionary.subjects.map((s) => s.name));
  // Aliases recorded in the dictionary: alias → the subject names it stands for; name → its recorded aliases.
  const namesOfAlias = new Map<string, Set<string>>();
  const aliasesOfName = new Map<string, Set<string>>();
  for (const subject of dictionary.subjects) {
    for (const alias of subject.aliases ?? []) {
      namesOfAlias.set(alias, (namesOfAlias.get(alias) ?? new Set()).add(subject.name));
      aliasesOfName.set(subject.name, (aliasesOfName.get(subject.name) ?? new Set()).add(alias));
    }
  }
  for (const name of subjectNames) {
    const alternatives = [name, ...(SUBJECT_ALIASES[name] ?? []), ...(aliasesOfName.get(name) ?? [])];
    put(name, { role: 'subject', alternatives: [...new Set(alternatives)] });
  }
  for (const [alias, names] of Object.entries(SUBJECT_ALIASES)) {
    const known = [...new Set([...names, ...(namesOfAlias.get(alias) ?? [])])].filter((n) => subjectNames.has(n));
    if (known.length) put(alias, { role: 'subject', alternatives: [alias, ...known] });
  }
  for (const [alias, names] of namesOfAlias) put(alias, { role: 'subject', alternatives: [alias, ...names] });
  for (const [word, type] of Object.entries(TYPE_WORDS)) put(word, { role: 'type', alternatives: [word], type });
  for (const names of EDITIONS) for (const n of names) put(n, { role: 'edition', alternatives: names });
  // A set holding a kind word (课件 · ppt · 幻灯片) means that kind: its other words are understood as it too.
  // Otherwise its words are topic words. Either way each word's spellings gain the set's other words.
  for (const set of synonyms) {
    const kind = set.map((w) => lexicon.get(normalizeText(w))).find((entry) => entry?.role === 'type');
    for (const word of set) {
      const key = normalizeText(word);
      const known = lexicon.get(key);
      const others = set.filter((w) => w !== word);
      if (known && known.role !== 'topic' && known.role !== 'type') continue;
      const entry = known ?? kind ?? { role: 'topic', alternatives: [] };
      lexicon.set(key, { ...entry, alternatives: [...new Set([word, ...(known?.alternatives ?? []), ...others])] });
    }
  }
  return lexicon;
};

/** Lexicons by dictionary and synonym list (both are cached, so the same objects come back until they change). */
const lexicons = new WeakMap<Dictionary, WeakMap<string[][], Map<string, Entry>>>();
const lexiconOf = (dictionary: Dictionary, synonyms: string[][]) => {
  const bySynonyms = lexicons.get(dictionary) ?? new WeakMap<string[][], Map<string, Entry>>();
  lexicons.set(dictionary, bySynonyms);
  let lexicon = bySynonyms.get(synonyms);
  if (!lexicon) {
    lexicon = buildLexicon(dictionary, synonyms);
    bySynonyms.set(synonyms, lexicon);
  }
  return lexicon;
};

/** The longest run of whole jieba words from `at` (at most 4) that the lexicon knows. */
const longestKnown = (words: string[], at: number, lexicon: Map<string, Entry>) => {
  for (let end = Math.min(words.length, at + 4); end > at; end--) {
    const text = words.slice(at, end).join('');
    const entry = lexicon.get(text);
    if (entry) return { text, entry, end };
  }
  return null;
};

/**
 * A word jieba kept whole but that is made of known words only (初中数学, 化学教案 → 化学 + 教案), split into them;
 * null if any piece would be unknown (化学式 stays one word: never a stray character).
 */
const splitKnown = (word: string, lexicon: Map<string, Entry>): { text: string; entry: Entry }[] | null => {
  const chars = [...word];
  const best: ({ text: string; entry: Entry }[] | null)[] = [[]];
  for (let end = 1; end <= chars.length; end++) {
    best[end] = null;
    for (let start = 0; start < end; start++) {
      const text = chars.slice(start, end).join('');
      const entry = lexicon.get(text);
      const before = best[start];
      if (!entry || !before || text.length < 2) continue;
      if (!best[end] || before.length + 1 < best[end]!.length) best[end] = [...before, { text, entry }];
    }
  }
  const pieces = best[chars.length];
  return pieces && pieces.length > 1 ? pieces : null;
};

/**
 * The concepts of a query and what was understood. Stop words go only as whole words, and only when something
 * else is left (a query of stop words alone is searched as typed).
 */
const NO_SYNONYMS: string[][] = [];
export const understandQuery = (query: string, dictionary: Dictionary, synonyms: string[][] = NO_SYNONYMS) => {
  const lexicon = lexiconOf(dictionary, synonyms);
  const words = preciseWords(query);
  const concepts: Concept[] = [];
  const add = (text: string, entry: Entry | undefined) => {
    if (concepts.some((c) => c.text === text)) return;
    concepts.push(
      entry
        ? { text, role: entry.role, alternatives: [...new Set([text, ...entry.alternatives])] }
        : { text, role: 'topic', alternatives: [text] },
    );
  };
  for (let i = 0; i < words.length; ) {
    const known = longestKnown(words, i, lexicon);
    if (known) {
      add(known.text, known.entry);
      i = known.end;
      continue;
    }
    const word = words[i++]!;
    const pieces = splitKnown(word, lexicon);
    if (pieces) for (const p of pieces) add(p.text, p.entry);
    else add(word, undefined);
  }
  const meaningful = concepts.filter((c) => !(c.role === 'topic' && STOP_WORDS.has(c.text)));
  const kept = meaningful.length ? meaningful : concepts;

  const understood: Understood = {};
  const first = (role: ConceptRole) => kept.find((c) => c.role === role);
  const gradeConcept = first('grade');
  const gradeEntry = gradeConcept && lexicon.get(gradeConcept.text);
  if (gradeEntry) understood.grade = { name: gradeEntry.alternatives[0]!, word: gradeConcept.text };
  const stageConcept = first('stage');
  const stageName = stageConcept ? lexicon.get(stageConcept.text)!.alternatives[0] : gradeEntry?.stage;
  const stage = dictionary.stages.find((s) => s.name === stageName);
  if (stage) understood.stage = { id: stage.id, name: stage.name, ...(stageConcept && { word: stageConcept.text }) };
  const subjectConcept = first('subject');
  if (subjectConcept) {
    const names = subjectConcept.alternatives;
    const inStage = stage && dictionary.subjects.find((s) => s.stageId === stage.id && names.includes(s.name));
    const anyStage = names.find((n) => dictionary.subjects.some((s) => s.name === n));
    const word = subjectConcept.text;
    if (inStage) understood.subject = { id: inStage.id, name: inStage.name, word };
    else if (anyStage) understood.subject = { id: null, name: anyStage, word };
  }
  const typeConcept = first('type');
  if (typeConcept) understood.type = { value: lexicon.get(typeConcept.text)!.type!, word: typeConcept.text };
  const editionConcept = first('edition');
  if (editionConcept) {
    understood.edition = { name: lexicon.get(editionConcept.text)!.alternatives[0]!, word: editionConcept.text };
  }
  return { concepts: kept, understood };
};
