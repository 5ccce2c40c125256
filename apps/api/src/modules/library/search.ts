import { HOT_WORDS_SHOWN, makePageBean, type ResourceType, SEARCH_RECORDS_SHOWN } from '@zyk/shared';
import type pg from 'pg';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../../lib/china-time-sql.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { type CardRow, PUBLIC, pageCards, toCards } from './cards.ts';
import { createPageCache } from './page-cache.ts';
import { highlight, queryNgrams, searchWords } from './segment.ts';

export interface SearchInput {
  content: string;
  current: number;
  size: number;
  type?: ResourceType | null;
  academicStageId?: number | null;
  subjectId?: number | null;
}

/** Records kept per user; the list shows the newest few. */
const RECORDS_KEPT = 50;
/** The largest total a search reports (the page says "1000 条以上"). */
export const SEARCH_COUNT_CAP = 1000;
const HOT_WINDOW_DAYS = 7;

/** The keyword as records and hot words count it: trimmed, single spaces, lower-case Latin. */
const normalize = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();

/** A term as a quoted tsquery lexeme (quotes and backslashes doubled, as the tsquery input syntax wants). */
const lexeme = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * A tsquery matching all terms, from quoted lexemes, so no user text reaches the query syntax. It is one bound
 * parameter, a constant to the planner: an expression building it would be evaluated again for every row ranked.
 */
const allOf = (terms: string[]) => Prisma.sql`${terms.map(lexeme).join(' & ')}::tsquery`;

/** The SQL of a search page and of its total (exported for the benchmark, which runs the same SQL directly). */
export const searchQueries = (input: SearchInput) => {
  const keyword = input.content.trim();
  const words = searchWords(keyword);
  const grams = queryNgrams(keyword);
  const where = [PUBLIC];
  if (input.type) where.push(Prisma.sql`r.type = ${input.type}::"ResourceType"`);
  if (input.academicStageId) where.push(Prisma.sql`r.stage_id = ${input.academicStageId}`);
  if (input.subjectId) where.push(Prisma.sql`r.subject_id = ${input.subjectId}`);
  // jieba words against the weighted vector, or (one- and two-character queries, odd splits) all character
  // pairs against the title/tag n-grams.
  const wordQuery = words.length ? allOf(words) : null;
  const gramQuery = grams.length ? allOf(grams) : null;
  const matches = [
    ...(wordQuery ? [Prisma.sql`r.search_vector @@ ${wordQuery}`] : []),
    ...(gramQuery ? [Prisma.sql`r.search_ngrams @@ ${gramQuery}`] : []),
  ];
  if (keyword && matches.length === 0) where.push(Prisma.sql`false`);
  else if (matches.length) where.push(Prisma.sql`(${Prisma.join(matches, ' OR ')})`);
  const condition = Prisma.join(where, ' AND ');
  // Title weight A counts most: a title hit outranks a description hit; popularity breaks ties.
  const rank = [
    ...(wordQuery ? [Prisma.sql`ts_rank(r.search_vector, ${wordQuery})`] : []),
    ...(gramQuery ? [Prisma.sql`0.5 * ts_rank(r.search_ngrams, ${gramQuery})`] : []),
  ];
  const rankExpr = rank.length ? Prisma.join(rank, ' + ') : Prisma.sql`0::real`; // a bare 0 would be a column position
  return {
    keyword,
    words,
    grams,
    select: pageCards(
      Prisma.sql`
        SELECT r.id, ${rankExpr} AS rank, r.view_count FROM resources r
        WHERE ${condition}
        ORDER BY rank DESC, r.view_count DESC, r.id DESC
        LIMIT ${input.size} OFFSET ${(input.current - 1) * input.size}`,
      Prisma.sql`page.rank DESC, page.view_count DESC, page.id DESC`,
    ),
    // Counting stops at SEARCH_COUNT_CAP: beyond it nobody pages, and counting every match of a common word
    // costs more than the page itself.
    count: Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM resources r WHERE ${condition} LIMIT ${SEARCH_COUNT_CAP}) x`,
  };
};

/** How often the hot-word counts gathered in memory are written (one statement for all words). */
const HOT_WORDS_FLUSH_MS = 5_000;

/**
 * Counts searches per keyword in memory and adds them to the day's rows in one statement every few seconds, so a
 * search writes nothing on its own (a commit per search cost more than the search). Hot words read through
 * `flush` first, so this instance's searches are always counted; another instance's show up within the interval.
 * Counts that fail to write are kept for the next attempt; `flush` on close writes the rest.
 */
const createHotWordCounter = (prisma: PrismaClient) => {
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

export const createSearchService = (prisma: PrismaClient, pool: pg.Pool) => {
  const hotWordCounter = createHotWordCounter(prisma);

  const read = async (input: SearchInput) => {
    const query = searchQueries(input);
    const [rows, count] = await Promise.all([
      hotRows<CardRow>(pool, query.select),
      hotRows<{ n: string }>(pool, query.count),
    ]);
    const { keyword, words, grams } = query;
    const terms = [...words, ...(keyword.length <= 2 ? [keyword.toLowerCase()] : grams)];
    return {
      objList: (await toCards(prisma, rows)).map(({ card }) => ({
        ...card,
        titleSegments: highlight(card.title, terms),
      })),
      pageBean: makePageBean(input.current, input.size, Number(count[0]?.n ?? 0)),
      type: input.type ?? null,
      keyword,
    };
  };

  /** First pages of a search come from the page cache (popular words are asked again and again). */
  const firstPages = createPageCache<Awaited<ReturnType<typeof read>>>();
  const search = async (input: SearchInput, userId: number | null) => {
    const keyword = input.content.trim();
    const { type, academicStageId, subjectId, size } = input;
    const page =
      input.current === 1
        ? await firstPages([keyword, type ?? null, academicStageId ?? null, subjectId ?? null, size], () => read(input))
        : await read(input);
    // A search is counted once, on its first page (paging and filters are the same search), cached or not. A word
    // that found nothing stays in the user's own history but never becomes a hot word others are offered.
    if (keyword && input.current === 1) await record(keyword, userId, page.pageBean.totalCount > 0);
    return page;
  };

  /** A user's record (newest first, bounded) and the day's count for hot words. Empty keywords never get here. */
  const record = async (keyword: string, userId: number | null, found: boolean) => {
    const word = normalize(keyword);
    if (found) hotWordCounter.count(word);
    if (userId === null) return;
    await prisma.$executeRaw`
      INSERT INTO search_records (user_id, keyword) VALUES (${userId}, ${word})
      ON CONFLICT (user_id, keyword) DO UPDATE SET created_at = now()`;
    await prisma.$executeRaw`
      DELETE FROM search_records WHERE user_id = ${userId} AND id NOT IN (
        SELECT id FROM search_records WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${RECORDS_KEPT})`;
  };

  return {
    search,
    /** Writes the hot-word counts still in memory (on close). */
    close: () => hotWordCounter.close(),
    /** Stores the hot-word counts held in memory now (they are otherwise written every few seconds). */
    flushHotWords: () => hotWordCounter.flush(),
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
  };
};
