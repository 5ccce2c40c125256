import type { ResourceType } from '@zyk/shared';
import type { Field, TermForms } from './segment.ts';
import type { Concept, ConceptRole, Dictionary, Understood } from './understand.ts';

/*
 * Ranking (see ARCHITECTURE.md, 检索); search-plan.ts finds the candidates, this file orders them. A query is split into concepts (understand.ts): topic words, and words
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
 * The candidates come from search-plan.ts; the total a search reports is the number of candidates.
 */

export const ROLE_WEIGHT: Record<ConceptRole, number> = {
  topic: 1,
  stage: 0.4,
  grade: 0.4,
  subject: 0.4,
  type: 0.4,
  edition: 0.4,
};
/** Field × form values, in the order they are tried (the first that matches is the hit). */
export const HIT_LEVELS: { field: Field; form: keyof TermForms; value: number }[] = [
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
