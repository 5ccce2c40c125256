import {
  HOT_WORDS_SHOWN,
  makePageBean,
  type ResourceType,
  SEARCH_COUNT_CAP,
  SEARCH_RANKED_LIMIT,
  SEARCH_RECORDS_SHOWN,
} from '@zyk/shared';
import type pg from 'pg';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../../lib/china-time-sql.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { chapterFilterIds } from '../catalogue/tree.ts';
import { dictNames, dictTree } from '../dict/service.ts';
import { type CardRow, PUBLIC, pageCards, toCards } from './cards.ts';
import { onChapters } from './chapters.ts';
import { createPageCache } from './page-cache.ts';
import { type Field, GRAM, highlight, quoteLexeme, STOP_WORDS, type TermForms, termForms } from './segment.ts';
import { synonymSets } from './synonyms.ts';
import { type Concept, type ConceptRole, type Dictionary, type Understood, understandQuery } from './understand.ts';

export interface SearchInput {
  content: string;
  current: number;
  size: number;
  type?: ResourceType | null;
  academicStageId?: number | null;
  subjectId?: number | null;
  catalogueNodeId?: number | null;
  /** The nodes `catalogueNodeId` stands for (it and everything under it), resolved by the service. */
  chapterIds?: number[] | null;
}

/** Records kept per user; the list shows the newest few. */
const RECORDS_KEPT = 50;
const HOT_WINDOW_DAYS = 7;

/** The keyword as records and hot words count it: trimmed, single spaces, lower-case Latin. */
const normalize = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();

/*
 * Ranking (see ARCHITECTURE.md, 检索). A query is split into concepts (understand.ts): topic words, and words
 * naming a stage, grade, subject, resource kind or edition; each concept has alternative spellings (aliases,
 * grade equivalents, synonym sets). For every candidate resource and concept c:
 *
 *   hit(c) = field × form   of the best way any spelling of c is found, 0 if none
 *            field: title 1 · tags 0.7 · description 0.4 · stage/subject/kind names 0.3 (whole words only)
 *            form:  whole jieba word 1 · from the start of a word 0.8 · inside a word 0.5
 *   weight(c) = 1 for topic words, 0.4 for recognised stage/grade/subject/kind/edition words
 *
 *   coverage  = Σ weight(c)·[hit(c) > 0] / Σ weight(c)
 *   relevance = Σ weight(c)·hit(c) / Σ weight(c)
 *             + 0.3 if the stage is the one understood, + 0.3 the subject, + 0.2 the kind
 *             + min(0.2, 0.05·log10(1 + views))                                    (popularity)
 *
 * Order: coverage, then relevance, then views, then id (all descending). So resources with every word come
 * first, then those missing the least weighty word, and so on: results are never empty when some word matches.
 *
 * Candidates are bounded: the GIN index finds rows in tiers (every concept, those with the topic words in the title
 * first; all but one, lightest dropped first; any concept), each tier excluding the earlier ones, and the first
 * CANDIDATES rows in tier order are scored precisely; nothing else is read. The total is the number of candidates.
 */
export const CANDIDATES = SEARCH_RANKED_LIMIT;
/** Rows of the first tier read to find its title hits among (a broad word has thousands). */
const EVERY_READ = 3 * CANDIDATES;
const ROLE_WEIGHT: Record<ConceptRole, number> = {
  topic: 1,
  stage: 0.4,
  grade: 0.4,
  subject: 0.4,
  type: 0.4,
  edition: 0.4,
};
/** Field × form values, in the order they are tried (the first that matches is the hit). */
const HIT_LEVELS: { field: Field; form: keyof TermForms; value: number }[] = [
  ...(
    [
      ['A', 1],
      ['B', 0.7],
      ['C', 0.4],
    ] as const
  ).flatMap(([field, f]) =>
    (
      [
        ['words', 1],
        ['starts', 0.8],
        ['grams', 0.5],
      ] as const
    ).map(([form, v]) => ({ field, form, value: f * v })),
  ),
  { field: 'D', form: 'words', value: 0.3 },
];
const BOOST = { stage: 0.3, subject: 0.3, type: 0.2 };
const popularity = (views: number) => Math.min(0.2, 0.05 * Math.log10(1 + views));
/** Topic words beyond this many are never dropped alone (each drop is a tier: a lookup). */
const MAX_TIERED_CONCEPTS = 5;
/** Suggestions are offered below this many results. */
const SUGGEST_BELOW = 5;
const SUGGESTIONS = 5;

const and = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' & ')})`);
const or = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`);
/** tsquery text of lexemes that must all be there, in the given fields (any field when none). */
const allLexemes = (lexemes: string[], fields = '') =>
  and(lexemes.map((l) => `${quoteLexeme(l)}${fields && `:${fields}`}`));

/**
 * How a concept is looked for: any spelling anywhere, and each field × form level. Stage, grade, subject, kind
 * and edition words are dictionary words, found as whole words only: their character pairs (~年级, ~教版) are in
 * nearly every resource, and reading those index entries would cost more than the rest of the search.
 */
const conceptQueries = (concept: Concept) => {
  const forms = concept.alternatives.map((alternative) => {
    const forms = termForms(alternative);
    return concept.role === 'topic' ? forms : { words: forms.words, grams: forms.words, starts: forms.words };
  });
  // A short word with a stop character in it (与或非) is also found as its characters one by one (与、或、非):
  // a title that lists them never holds the word itself.
  const chars = [...concept.text];
  if (chars.length <= 3 && chars.length > 1 && chars.some((c) => STOP_WORDS.has(c))) {
    const singles = chars.map((c) => GRAM + c);
    forms.push({ words: singles, grams: singles, starts: singles });
  }
  // A spelling that needs every lexeme of another in each form (小学五年级 beside 五年级) finds nothing more: left out,
  // so the index never reads its extra posting lists (小学 is in a third of the rows).
  const contains = (a: TermForms, b: TermForms) =>
    (['words', 'grams', 'starts'] as const).every((form) => b[form].every((l) => a[form].includes(l)));
  const needed = forms.filter((f, i) => !forms.some((g, j) => j !== i && contains(f, g) && (!contains(g, f) || j < i)));
  const anywhere = or([...new Set(needed.flatMap((f) => [allLexemes(f.words), allLexemes(f.grams)]))]);
  const levels = HIT_LEVELS.map((level) => or(needed.map((f) => allLexemes(f[level.form], level.field))));
  const inTitle = or(HIT_LEVELS.flatMap((level, n) => (level.field === 'A' ? [levels[n]!] : [])));
  // A level asking what an earlier level asked cannot hit where that one missed (dictionary words have one form).
  const scored = levels.flatMap((query, n) =>
    levels.indexOf(query) === n ? [{ query, value: HIT_LEVELS[n]!.value }] : [],
  );
  return { anywhere, scored, inTitle };
};

/**
 * Share of the resources a concept is found in, estimated from PostgreSQL's statistics of the search vector
 * (`lexemeShares`): for each spelling, its rarest word; for the concept, its commonest spelling. A word the
 * statistics do not list is rarer than every listed one: 0.
 */
const conceptShare = (concept: Concept, shares: Map<string, number>) =>
  Math.max(...concept.alternatives.map((a) => Math.min(...termForms(a).words.map((w) => shares.get(w) ?? 0))));

/**
 * Sets of concept indexes to find, best first. Every concept; then, when the query has topic words, the topic
 * words alone: all, all but one (each; the lightest dropped first, and among equals the commonest, so 电磁感应 同步
 * 练习 keeps 电磁感应: the rows that say it are fewer and closer to what was meant), any. A query without topic words:
 * all but one, any. Rows matching only stage/grade/subject/kind/edition words of a query that has topic words are
 * left out (they are in almost every resource); `fallbackTiers` finds them when no topic word matched anything.
 */
export const tiersOf = (concepts: Concept[], shares: Map<string, number>): { tiers: number[][]; any: number[] } => {
  const all = concepts.map((_, i) => i);
  const topics = all.filter((i) => concepts[i]!.role === 'topic');
  const tiers = [all];
  const add = (set: number[]) => {
    if (set.length && !tiers.some((t) => t.length === set.length && t.every((i, n) => set[n] === i))) tiers.push(set);
  };
  const within = topics.length ? topics : all;
  add(within);
  if (within.length > 1) {
    const weight = (set: number[]) => set.reduce((sum, i) => sum + ROLE_WEIGHT[concepts[i]!.role], 0);
    const share = (i: number) => conceptShare(concepts[i]!, shares);
    const dropOne = within
      .slice(0, MAX_TIERED_CONCEPTS)
      .map((drop) => ({ drop, set: within.filter((i) => i !== drop) }))
      .sort((a, b) => weight(b.set) - weight(a.set) || share(b.drop) - share(a.drop));
    for (const { set } of dropOne) add(set);
  }
  return { tiers, any: within };
};

/** For a query with topic words none of which matched: its other words, as if it had no topic words. */
const fallbackTiers = (concepts: Concept[], shares: Map<string, number>) => {
  const others = concepts.map((c, i) => (c.role === 'topic' ? -1 : i)).filter((i) => i >= 0);
  if (others.length === 0 || others.length === concepts.length) return null;
  const { tiers, any } = tiersOf(
    others.map((i) => concepts[i]!),
    shares,
  );
  const original = (set: number[]) => set.map((n) => others[n]!);
  return { tiers: tiers.map(original), any: original(any) };
};

/**
 * The share of resources whose search vector holds each of the commonest lexemes, from PostgreSQL's statistics of
 * the column (ANALYZE keeps up to a thousand; empty before the first). Read by the search service every few minutes.
 */
export const lexemeShares = async (pool: pg.Pool) => {
  const rows = await hotRows<{ lexemes: string[] | null; shares: number[] | null }>(
    pool,
    Prisma.sql`SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS shares
      FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'resources' AND attname = 'search_vector'`,
  );
  const [row] = rows;
  return new Map((row?.lexemes ?? []).map((lexeme, i) => [lexeme, row!.shares![i]!]));
};

export interface SearchPlan {
  keyword: string;
  concepts: Concept[];
  understood: Understood;
  /** The candidate rows with one hit column per concept (h0, h1…), or null for an empty keyword. */
  candidates: Prisma.Sql | null;
  /** Candidates by the query's other words, asked for when its topic words matched nothing. */
  fallback: Prisma.Sql | null;
  /** For an empty keyword: a popular list page and its capped total. */
  popular: { select: Prisma.Sql; count: Prisma.Sql } | null;
}

/** The SQL of a search (exported for the benchmark, which runs the same SQL directly). */
export const searchPlan = (
  input: SearchInput,
  dictionary: Dictionary,
  synonyms: string[][],
  shares: Map<string, number> = new Map(),
): SearchPlan => {
  const keyword = input.content.trim();
  const { concepts, understood } = keyword
    ? understandQuery(keyword, dictionary, synonyms)
    : { concepts: [], understood: {} };
  const where = [PUBLIC];
  if (input.type) where.push(Prisma.sql`r.type = ${input.type}::"ResourceType"`);
  if (input.academicStageId) where.push(Prisma.sql`r.stage_id = ${input.academicStageId}`);
  if (input.subjectId) where.push(Prisma.sql`r.subject_id = ${input.subjectId}`);
  if (input.chapterIds) where.push(onChapters(input.chapterIds));
  const filter = Prisma.join(where, ' AND ');
  if (concepts.length === 0) {
    const condition = keyword ? Prisma.sql`false` : filter;
    return {
      keyword,
      concepts,
      understood,
      candidates: null,
      fallback: null,
      popular: {
        select: pageCards(
          Prisma.sql`
            SELECT r.id, r.view_count FROM resources r WHERE ${condition}
            ORDER BY r.view_count DESC, r.id DESC LIMIT ${input.size} OFFSET ${(input.current - 1) * input.size}`,
          Prisma.sql`page.view_count DESC, page.id DESC`,
        ),
        count: Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM resources r WHERE ${condition} LIMIT ${SEARCH_COUNT_CAP}) x`,
      },
    };
  }
  const queries = concepts.map(conceptQueries);
  const hits = queries.map(
    (q, i) =>
      Prisma.sql`CASE WHEN NOT c.v @@ ${q.anywhere}::tsquery THEN 0::real ${Prisma.join(
        q.scored.map((level) => Prisma.sql`WHEN c.v @@ ${level.query}::tsquery THEN ${level.value}::real`),
        ' ',
      )} ELSE 0.1::real END AS ${Prisma.raw(`h${i}`)}`,
  );
  /**
   * Tiers in order, each one GIN lookup excluding the rows of the tiers before it, then "any" of the last tier's
   * concepts. The Append stops pulling once CANDIDATES rows came, so a later tier runs only while the earlier ones
   * found fewer. The limit is a subquery the planner cannot read: with a known small limit it would rather scan
   * the table in order and test each row than use the index (slower by far for words in a tenth of the rows).
   */
  const candidatesOf = ({ tiers: [first = [], ...rest], any }: { tiers: number[][]; any: number[] }) => {
    const found: string[] = [];
    const columns = Prisma.sql`r.id, r.type, r.stage_id, r.subject_id, r.view_count, r.search_vector`;
    const tier = (wanted: string) => {
      const earlier = found.length ? Prisma.sql` AND NOT r.search_vector @@ ${or(found)}::tsquery` : Prisma.empty;
      found.push(wanted);
      return Prisma.sql`(SELECT ${columns} FROM resources r WHERE ${filter} AND r.search_vector @@ ${wanted}::tsquery${earlier})`;
    };
    const isTopic = (i: number) => concepts[i]!.role === 'topic';
    const every = and(first.map((i) => queries[i]!.anywhere));
    // The first tier's rows with every topic word in the title come first: for a broad word the first CANDIDATES
    // rows found anywhere would be the table's physical order, and title hits would be left to chance. Both come
    // from one GIN lookup of every concept (the index cannot tell fields apart, so a title tier of its own would
    // intersect the same posting lists again), read up to EVERY_READ rows.
    const titled = first.some(isTopic);
    const inTitle = and(first.filter(isTopic).map((i) => queries[i]!.inTitle));
    const head = titled
      ? [
          Prisma.sql`(SELECT * FROM every e WHERE e.search_vector @@ ${inTitle}::tsquery)`,
          Prisma.sql`(SELECT * FROM every e WHERE NOT e.search_vector @@ ${inTitle}::tsquery)`,
        ]
      : [tier(every)];
    if (titled) found.push(every);
    const tiers = [...head, ...rest.map((set) => tier(and(set.map((i) => queries[i]!.anywhere))))];
    if (any.length > 1) tiers.push(tier(or(any.map((i) => queries[i]!.anywhere))));
    const withEvery = titled
      ? Prisma.sql`WITH every AS MATERIALIZED (
          SELECT ${columns} FROM resources r WHERE ${filter} AND r.search_vector @@ ${every}::tsquery
          LIMIT (SELECT ${EVERY_READ}::int)) `
      : Prisma.empty;
    return Prisma.sql`${withEvery}
      SELECT c.id, c.type::text AS type, c.stage_id, c.subject_id, c.view_count, ${Prisma.join(hits)}
      FROM (SELECT * FROM (${Prisma.join(tiers, ' UNION ALL ')}) t LIMIT (SELECT ${CANDIDATES}::int))
        c(id, type, stage_id, subject_id, view_count, v)`;
  };
  const fallback = fallbackTiers(concepts, shares);
  return {
    keyword,
    concepts,
    understood,
    popular: null,
    candidates: candidatesOf(tiersOf(concepts, shares)),
    fallback: fallback && candidatesOf(fallback),
  };
};

export interface CandidateRow {
  id: number;
  type: ResourceType;
  stage_id: number | null;
  subject_id: number | null;
  view_count: number;
  [hit: `h${number}`]: number;
}

export interface Ranked {
  row: CandidateRow;
  coverage: number;
  relevance: number;
}

/** Candidates in result order, by the formula above. `subjectIds`: the dictionary entries named as understood. */
export const rankCandidates = (
  rows: CandidateRow[],
  concepts: Concept[],
  understood: Understood,
  subjectIds: Set<number>,
): Ranked[] => {
  const weights = concepts.map((c) => ROLE_WEIGHT[c.role]);
  const total = weights.reduce((a, b) => a + b, 0);
  return rows
    .map((row) => {
      let covered = 0;
      let text = 0;
      weights.forEach((w, i) => {
        const hit = Number(row[`h${i}`]);
        if (hit > 0) covered += w;
        text += w * hit;
      });
      const boost =
        (understood.stage && row.stage_id === understood.stage.id ? BOOST.stage : 0) +
        (row.subject_id !== null && subjectIds.has(row.subject_id) ? BOOST.subject : 0) +
        (understood.type && row.type === understood.type.value ? BOOST.type : 0);
      // Rounded so that float noise never splits equal coverage.
      const coverage = Math.round((covered / total) * 1e6) / 1e6;
      return { row, coverage, relevance: text / total + boost + popularity(row.view_count) };
    })
    .sort(
      (a, b) =>
        b.coverage - a.coverage ||
        b.relevance - a.relevance ||
        b.row.view_count - a.row.view_count ||
        b.row.id - a.row.id,
    );
};

/** Counts per type, stage and subject among the candidates, most first. */
export const facetsOf = (rows: CandidateRow[], names: Map<number, string>, dictionary: Dictionary) => {
  const count = <K>(keys: (K | null)[]) => {
    const counts = new Map<K, number>();
    for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || Number(a[0] > b[0]) - Number(a[0] < b[0]));
  };
  const stageOf = new Map(dictionary.subjects.map((s) => [s.id, s.stageId]));
  return {
    type: count(rows.map((r) => r.type)).map(([value, n]) => ({ value, count: n })),
    stage: count(rows.map((r) => r.stage_id)).map(([id, n]) => ({ id, name: names.get(id) ?? '', count: n })),
    subject: count(rows.map((r) => r.subject_id)).map(([id, n]) => ({
      id,
      name: names.get(id) ?? '',
      stageId: stageOf.get(id) ?? 0,
      count: n,
    })),
  };
};

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

/** How long the lexeme statistics are kept (they change only when PostgreSQL analyzes the table). */
const SHARES_TTL_MS = 5 * 60_000;

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

export const createSearchService = (prisma: PrismaClient, pool: pg.Pool) => {
  /** Recent hot words for suggestions, read at most once a minute and again after new counts are written. */
  let suggestionWords: { at: number; words: Promise<string[]> } | undefined;
  const hotWordCounter = createHotWordCounter(prisma, () => {
    suggestionWords = undefined;
  });
  const hotWordsForSuggestions = () => {
    if (!suggestionWords || Date.now() - suggestionWords.at > 60_000) {
      const words = prisma.$queryRaw<{ keyword: string }[]>`
        SELECT keyword FROM search_word_daily WHERE day > ${CHINA_TODAY_SQL} - ${HOT_WINDOW_DAYS}::int
        GROUP BY keyword ORDER BY sum(count) DESC, keyword LIMIT 100`.then((rows) => rows.map((r) => r.keyword));
      suggestionWords = { at: Date.now(), words };
      words.catch(() => {
        suggestionWords = undefined;
      });
    }
    return suggestionWords.words;
  };

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
    const suggestions =
      ranked.length < SUGGEST_BELOW ? suggestionsFor(keyword, concepts, missing, await hotWordsForSuggestions()) : [];
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
