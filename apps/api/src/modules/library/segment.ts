import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

let jieba: Jieba | undefined;
/** Loading the dictionary takes ~0.3 s, so it happens on first use, once per process. */
const engine = () => {
  jieba ??= Jieba.withDict(dict);
  return jieba;
};

/** Words too common to carry meaning on their own. */
const STOP = new Set(['的', '了', '和', '与', '及', '在', '是', '之', '或', '等', '对', '把', '被']);
const CJK = /\p{Script=Han}/u;

/** jieba search-mode words of a text, lower-cased, without punctuation and stop words. */
export const searchWords = (text: string): string[] =>
  engine()
    .cutForSearch(text, true)
    .map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0 && !STOP.has(w));

/**
 * Single characters and character pairs of every Han run, plus whole Latin/digit words: what one- and
 * two-character queries (and words jieba splits differently) are matched against.
 */
export const ngrams = (text: string): string[] => {
  const out = new Set<string>();
  for (const run of text.toLowerCase().match(/\p{Script=Han}+|[\p{L}\p{N}]+/gu) ?? []) {
    if (!CJK.test(run)) {
      out.add(run);
      continue;
    }
    const chars = [...run];
    chars.forEach((c, i) => {
      out.add(c);
      if (i + 1 < chars.length) out.add(c + chars[i + 1]);
    });
  }
  return [...out];
};

/** The pairs (or the single character) a query must all contain, for the n-gram match. */
export const queryNgrams = (query: string): string[] => {
  const out = new Set<string>();
  for (const run of query.toLowerCase().match(/\p{Script=Han}+|[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (!CJK.test(run) || chars.length === 1) out.add(run);
    else for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return [...out];
};

/** Splits a title into hit / non-hit segments for the words of a query (longest words first). */
export const highlight = (title: string, words: string[]): { text: string; hit: boolean }[] => {
  const terms = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
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
