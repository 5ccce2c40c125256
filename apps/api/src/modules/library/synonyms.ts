import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sharedInvalidation } from '../../lib/shared-invalidation.ts';
import { libraryChanged } from './page-cache.ts';
import { normalizeText } from './segment.ts';

/*
 * Synonym sets of the search (写作 · 作文 · 习作): a query word found in a set also matches the set's other words.
 * Seeded by the library migration with common teaching variants; administrators edit them (the CLI now, the admin
 * console later) through these functions. Searches read them from memory, reloaded each minute and at once after
 * a change made by this process.
 */

export interface SynonymSet {
  id: number;
  words: string[];
}

const RELOAD_MS = 60_000;
const WORD = /^[\p{L}\p{N}]{1,20}$/u;
let cache: { at: number; sets: Promise<string[][]> } | undefined;
/** After a committed change: every process sharing the database reads the sets again. */
const synonymsChanged = sharedInvalidation('search-synonyms', () => {
  cache = undefined;
});

/** Every set's words, for query understanding (the same array until the sets change or a minute passes). */
export const synonymSets = (prisma: PrismaClient): Promise<string[][]> => {
  if (!cache || Date.now() - cache.at > RELOAD_MS) {
    const sets = prisma.searchSynonym
      .findMany({ orderBy: { id: 'asc' }, select: { words: true } })
      .then((rows) => rows.map((r) => r.words));
    cache = { at: Date.now(), sets };
    sets.catch(() => {
      cache = undefined;
    });
  }
  return cache.sets;
};

export const listSynonyms = (prisma: PrismaClient): Promise<SynonymSet[]> =>
  prisma.searchSynonym.findMany({ orderBy: { id: 'asc' }, select: { id: true, words: true } });

/** Adds a set of at least two different words (letters and digits, 1–20 each; Latin lower-cased). */
export const addSynonyms = async (prisma: PrismaClient, words: string[]): Promise<SynonymSet> => {
  const set = [...new Set(words.map((w) => normalizeText(w.trim())).filter(Boolean))];
  const bad = set.find((w) => !WORD.test(w));
  if (bad !== undefined) throw new AppError('BAD_REQUEST', MESSAGES.search.synonymWordInvalid(bad));
  if (set.length < 2) throw new AppError('BAD_REQUEST', MESSAGES.search.synonymTooFew);
  const created = await prisma.searchSynonym.create({ data: { words: set }, select: { id: true, words: true } });
  synonymsChanged();
  libraryChanged(); // cached result pages may have been found without the new words
  return created;
};

/** Removes a set; false when there was none with that id. */
export const removeSynonyms = async (prisma: PrismaClient, id: number): Promise<boolean> => {
  const { count } = await prisma.searchSynonym.deleteMany({ where: { id } });
  synonymsChanged();
  libraryChanged();
  return count > 0;
};
