import { type ResourceType, SEARCH_COUNT_CAP, SEARCH_RANKED_LIMIT } from '@zyk/shared';
import type pg from 'pg';
import { Prisma } from '../../generated/prisma/client.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { PUBLIC, pageCards } from './cards.ts';
import { onChapters } from './chapters.ts';
import { HIT_LEVELS, ROLE_WEIGHT } from './search-rank.ts';
import { GRAM, quoteLexeme, STOP_WORDS, type TermForms, termForms } from './segment.ts';
import { type Concept, type Dictionary, type Understood, understandQuery } from './understand.ts';

/** What a search asks for: the words, a page, and the filters of the list beside it. */
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

/**
 * Candidates are bounded: the GIN index finds rows in tiers (every concept, those with the topic words in the title
 * first; all but one, lightest dropped first; any concept), each tier excluding the earlier ones, and the first
 * CANDIDATES rows in tier order are scored precisely (search-rank.ts); nothing else is read.
 */
export const CANDIDATES = SEARCH_RANKED_LIMIT;
/** Rows of the first tier read to find its title hits among (a broad word has thousands). */
const EVERY_READ = 3 * CANDIDATES;
/** Topic words beyond this many are never dropped alone (each drop is a tier: a lookup). */
const MAX_TIERED_CONCEPTS = 5;

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
