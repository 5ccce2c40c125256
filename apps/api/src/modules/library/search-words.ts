import { HOT_WORDS_SHOWN, SEARCH_RECORDS_SHOWN } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../../lib/china-time-sql.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import type { Concept } from './understand.ts';

/** What searches leave behind: each user's records, the hot words, and related searches offered from them. */

/** Records kept per user; the list shows the newest few. */
const RECORDS_KEPT = 50;
const HOT_WINDOW_DAYS = 7;

/** The keyword as records and hot words count it: trimmed, single spaces, lower-case Latin. */
const normalize = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();
const SUGGESTIONS = 5;

/** Han character pairs (single characters for one-character runs) and Latin words of a text. */
const piecesOf = (text: string) => {
  const out = new Set<string>();
  for (const run of text.toLowerCase().match(/\p{Script=Han}+|[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (!/\p{Script=Han}/u.test(run) || chars.length === 1) out.add(run);
    else for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return out;
};

/**
 * Related searches when a search found little: the query without a word nothing matched, the query with a
 * synonym in place of a word, and recent hot words sharing a character pair with it.
 */
export const suggestionsFor = (
  keyword: string,
  concepts: Concept[],
  missing: Concept[],
  hotWords: string[],
): string[] => {
  const query = normalize(keyword);
  const out = new Set<string>();
  const replace = (from: string, to: string) => normalize(query.replace(from, to));
  if (missing.length && missing.length < concepts.length) {
    out.add(normalize(missing.reduce((q, c) => q.replace(c.text, ' '), query)));
  }
  for (const c of concepts) {
    if (c.role !== 'topic') continue;
    for (const alternative of c.alternatives.slice(1, 3)) out.add(replace(c.text, alternative));
  }
  const pieces = piecesOf(query);
  for (const word of hotWords) if ([...piecesOf(word)].some((p) => pieces.has(p))) out.add(word);
  out.delete(query);
  out.delete('');
  return [...out].slice(0, SUGGESTIONS);
};

/** How often the hot-word counts gathered in memory are written (one statement for all words). */
const HOT_WORDS_FLUSH_MS = 5_000;

/**
 * Counts searches per keyword in memory and adds them to the day's rows in one statement every few seconds, so a
 * search writes nothing on its own (a commit per search cost more than the search). Hot words read through
 * `flush` first, so this instance's searches are always counted; another instance's show up within the interval.
 * Counts that fail to write are kept for the next attempt; `flush` on close writes the rest.
 */
const createHotWordCounter = (prisma: PrismaClient, written: () => void) => {
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    // Sorted, so two instances flushing the same words lock their rows in the same order.
    const words = [...batch.keys()].sort();
    try {
      await prisma.$executeRaw`
        INSERT INTO search_word_daily (keyword, day, count)
        SELECT w.keyword, ${CHINA_TODAY_SQL}, w.count FROM unnest(${words}::text[], ${words.map((w) => batch.get(w)!)}::int[]) AS w(keyword, count)
        ON CONFLICT (keyword, day) DO UPDATE SET count = search_word_daily.count + EXCLUDED.count`;
      written();
    } catch (error) {
      for (const [word, n] of batch) pending.set(word, (pending.get(word) ?? 0) + n);
      throw error;
    }
  };
  const flush = () => {
    writing = writing.catch(() => {}).then(write);
    return writing;
  };
  const timer = setInterval(() => flush().catch(() => {}), HOT_WORDS_FLUSH_MS);
  timer.unref();
  return {
    count: (word: string) => {
      pending.set(word, (pending.get(word) ?? 0) + 1);
    },
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};

/** How long the recent hot words offered as related searches are kept (written counts make them fresh again). */
const SUGGESTION_WORDS_TTL_MS = 60_000;

/**
 * The records and hot words of searches. A search is recorded once, on its first page: in the user's own history
 * (newest first, bounded) and, when it found something, counted towards the day's hot words.
 */
export const createSearchWords = (prisma: PrismaClient) => {
  /** Recent hot words for related searches, read at most once a minute and again after new counts are written. */
  const suggestionWords = ttlCache(SUGGESTION_WORDS_TTL_MS, async (_: 'recent') => {
    const rows = await prisma.$queryRaw<{ keyword: string }[]>`
      SELECT keyword FROM search_word_daily WHERE day > ${CHINA_TODAY_SQL} - ${HOT_WINDOW_DAYS}::int
      GROUP BY keyword ORDER BY sum(count) DESC, keyword LIMIT 100`;
    return rows.map((r) => r.keyword);
  });
  const hotWordCounter = createHotWordCounter(prisma, () => suggestionWords.forget());

  return {
    /** Empty keywords never get here; a word that found nothing stays in the user's history but is not counted. */
    record: async (keyword: string, userId: number | null, found: boolean) => {
      const word = normalize(keyword);
      if (found) hotWordCounter.count(word);
      if (userId === null) return;
      await prisma.$executeRaw`
        INSERT INTO search_records (user_id, keyword) VALUES (${userId}, ${word})
        ON CONFLICT (user_id, keyword) DO UPDATE SET created_at = now()`;
      await prisma.$executeRaw`
        DELETE FROM search_records WHERE user_id = ${userId} AND id NOT IN (
          SELECT id FROM search_records WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${RECORDS_KEPT})`;
    },
    /** Related searches for a search that found little (suggestionsFor, with the recent hot words). */
    suggestions: async (keyword: string, concepts: Concept[], missing: Concept[]) =>
      suggestionsFor(keyword, concepts, missing, await suggestionWords('recent')),
    records: (userId: number) =>
      prisma.searchRecord.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: SEARCH_RECORDS_SHOWN,
        select: { id: true, keyword: true },
      }),
    deleteRecord: async (userId: number, id: number) => {
      await prisma.searchRecord.deleteMany({ where: { id, userId } });
    },
    deleteAllRecords: async (userId: number) => {
      await prisma.searchRecord.deleteMany({ where: { userId } });
    },
    hotWords: async () => {
      await hotWordCounter.flush();
      const rows = await prisma.$queryRaw<{ keyword: string; count: bigint }[]>`
        SELECT keyword, sum(count) AS count FROM search_word_daily
        WHERE day > ${CHINA_TODAY_SQL} - ${HOT_WINDOW_DAYS}::int
        GROUP BY keyword ORDER BY count DESC, keyword LIMIT ${HOT_WORDS_SHOWN}`;
      return rows.map((r) => ({ keyword: r.keyword, count: Number(r.count) }));
    },
    /** Stores the hot-word counts held in memory now (they are otherwise written every few seconds). */
    flush: () => hotWordCounter.flush(),
    /** Writes the hot-word counts still in memory (on close). */
    close: () => hotWordCounter.close(),
  };
};
