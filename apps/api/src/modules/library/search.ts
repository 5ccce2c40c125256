import { makePageBean } from '@zyk/shared';
import type pg from 'pg';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { chapterFilterIds } from '../catalogue/tree.ts';
import { dictNames, dictTree } from '../dict/service.ts';
import { type CardRow, pageCards, toCards } from './cards.ts';
import { createPageCache } from './page-cache.ts';
import { lexemeShares, type SearchInput, searchPlan } from './search-plan.ts';
import { type CandidateRow, facetsOf, rankCandidates } from './search-rank.ts';
import { createSearchWords } from './search-words.ts';
import { highlight, termForms } from './segment.ts';
import { synonymSets } from './synonyms.ts';

/**
 * Search (see ARCHITECTURE.md, 检索): search-plan.ts turns the words into SQL that finds a bounded set of candidates,
 * search-rank.ts orders them, search-words.ts keeps the records and hot words; this file runs the three for a page,
 * with the first pages cached.
 */

/** Suggestions are offered below this many results. */
const SUGGEST_BELOW = 5;

/** How long the lexeme statistics are kept (they change only when PostgreSQL analyzes the table). */
const SHARES_TTL_MS = 5 * 60_000;

export const createSearchService = (prisma: PrismaClient, pool: pg.Pool) => {
  const words = createSearchWords(prisma);

  /** Lexeme shares for ordering tiers; statistics change only with ANALYZE, so they are read every few minutes. */
  const currentShares = ttlCache(SHARES_TTL_MS, (_: 'all') => lexemeShares(pool));

  const read = async (input: SearchInput) => {
    const [dictionary, synonyms, names, chapterIds, lexemes] = await Promise.all([
      dictTree(prisma),
      synonymSets(prisma),
      dictNames(prisma),
      chapterFilterIds(prisma, { nodeId: input.catalogueNodeId }),
      currentShares('all'),
    ]);
    const plan = searchPlan({ ...input, chapterIds }, dictionary, synonyms, lexemes);
    const { keyword, concepts, understood } = plan;
    const base = { type: input.type ?? null, keyword };
    if (plan.popular) {
      const [rows, count] = await Promise.all([
        hotRows<CardRow>(pool, plan.popular.select),
        hotRows<{ n: string }>(pool, plan.popular.count),
      ]);
      return {
        objList: (await toCards(prisma, rows, pool)).map(({ card }) => ({
          ...card,
          titleSegments: highlight(card.title, []),
        })),
        pageBean: makePageBean(input.current, input.size, Number(count[0]?.n ?? 0)),
        ...base,
        ...(keyword ? { understood, suggestions: [] } : {}),
      };
    }
    // Prepared: a search's SQL has few shapes (number of words and tiers), and planning one cost as much as running it.
    let candidates = await hotRows<CandidateRow>(pool, plan.candidates!, { prepare: true });
    if (candidates.length === 0 && plan.fallback)
      candidates = await hotRows<CandidateRow>(pool, plan.fallback, { prepare: true });
    const subjectIds = new Set(
      understood.subject
        ? understood.subject.id !== null
          ? [understood.subject.id]
          : dictionary.subjects.filter((s) => s.name === understood.subject!.name).map((s) => s.id)
        : [],
    );
    const ranked = rankCandidates(candidates, concepts, understood, subjectIds);
    const ids = ranked.slice((input.current - 1) * input.size, input.current * input.size).map((r) => r.row.id);
    const rows = ids.length
      ? await hotRows<CardRow>(
          pool,
          pageCards(
            Prisma.sql`SELECT p.id, p.ord FROM unnest(${ids}::int[]) WITH ORDINALITY AS p(id, ord)`,
            Prisma.sql`page.ord`,
          ),
          // One shape for every search: planned once per connection.
          { prepare: true },
        )
      : [];
    const terms = concepts.flatMap((c) => c.alternatives.flatMap((a) => [a, ...termForms(a).words]));
    const missing = concepts.filter((_, i) => candidates.every((row) => Number(row[`h${i}`]) === 0));
    const suggestions = ranked.length < SUGGEST_BELOW ? await words.suggestions(keyword, concepts, missing) : [];
    return {
      objList: (await toCards(prisma, rows, pool)).map(({ card }) => ({
        ...card,
        titleSegments: highlight(card.title, terms),
      })),
      pageBean: makePageBean(input.current, input.size, ranked.length),
      ...base,
      understood,
      facets: facetsOf(candidates, names, dictionary),
      suggestions,
      // Words no result contains: the page says so, rather than let other words' results pass for them.
      missing: ranked.length ? missing.map((c) => c.text) : [],
    };
  };

  /** First pages of a search come from the page cache (popular words are asked again and again). */
  const firstPages = createPageCache<Awaited<ReturnType<typeof read>>>();
  const search = async (input: SearchInput, userId: number | null) => {
    const keyword = input.content.trim();
    const { type, academicStageId, subjectId, catalogueNodeId, size } = input;
    const key = [keyword, type ?? null, academicStageId ?? null, subjectId ?? null, catalogueNodeId ?? null, size];
    const page = input.current === 1 ? await firstPages(key, () => read(input)) : await read(input);
    // A search is counted once, on its first page (paging and filters are the same search), cached or not. A word
    // that found nothing stays in the user's own history but never becomes a hot word others are offered.
    if (keyword && input.current === 1) await words.record(keyword, userId, page.pageBean.totalCount > 0);
    return page;
  };

  return {
    search,
    /** Writes the hot-word counts still in memory (on close). */
    close: words.close,
    /** Stores the hot-word counts held in memory now (they are otherwise written every few seconds). */
    flushHotWords: words.flush,
    records: words.records,
    deleteRecord: words.deleteRecord,
    deleteAllRecords: words.deleteAllRecords,
    hotWords: words.hotWords,
  };
};
