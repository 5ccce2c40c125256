import type { DataOf, ResourceType, routes } from '@zyk/shared';
import type { NamedFilter } from './search-memory.ts';

type SearchData = DataOf<typeof routes.search>;
export type Understood = NonNullable<SearchData['understood']>;
export type Facets = NonNullable<SearchData['facets']>;

export const TYPE_NAMES: Record<ResourceType, string> = {
  MICRO_COURSE: '微课',
  DOCUMENT: '文档',
  ACHIEVEMENT: '成果',
};

/** A filter the page can apply: the type, or a stage or subject by id. */
export type PickedFilter =
  | { kind: 'type'; value: ResourceType; name: string }
  | { kind: 'stage'; filter: NamedFilter }
  | { kind: 'subject'; filter: NamedFilter };

/** One recognised word, as the page shows it. */
export interface UnderstoodChip {
  key: 'stage' | 'grade' | 'subject' | 'edition' | 'type';
  label: string;
  /** The words of the keyword it came from, when they can be found there: × takes them out. */
  word: string | null;
  /** The filter the chip applies ("只看这一类"); grades and editions have none. */
  filter: PickedFilter | null;
}

/** The first spelling found in the keyword, as written there (Latin compared case-insensitively). */
const foundIn = (keyword: string, spellings: string[]) => {
  const lower = keyword.toLowerCase();
  for (const spelling of spellings) {
    const at = lower.indexOf(spelling.toLowerCase());
    if (spelling && at >= 0) return keyword.slice(at, at + spelling.length);
  }
  return null;
};

/** The keyword without one of its words: spaces around it collapse. */
export const withoutWord = (keyword: string, word: string) => keyword.replace(word, ' ').replace(/\s+/g, ' ').trim();

/**
 * The chips of what the search recognised. The server names each with the dictionary's spelling (生物学, 部编版,
 * 七年级) and the words the keyword used (生物, 统编, 初一): × takes those out. A stage inferred from a grade has no
 * word and no ×. A subject known by name only (no stage) filters only when the results hold one subject of that name.
 */
export const understoodChips = (keyword: string, understood: Understood, facets?: Facets): UnderstoodChip[] => {
  const chips: UnderstoodChip[] = [];
  const typed = (word: string | undefined) => (word ? foundIn(keyword, [word]) : null);
  const { stage, grade, subject, edition, type } = understood;
  if (stage) {
    chips.push({
      key: 'stage',
      label: stage.name,
      word: typed(stage.word),
      filter: { kind: 'stage', filter: { id: stage.id, name: stage.name } },
    });
  }
  if (grade) chips.push({ key: 'grade', label: grade.name, word: typed(grade.word), filter: null });
  if (subject) {
    const named = facets?.subject.filter((s) => s.name === subject.name) ?? [];
    const id = subject.id ?? (named.length === 1 ? named[0]!.id : null);
    chips.push({
      key: 'subject',
      label: subject.name,
      word: typed(subject.word),
      filter: id === null ? null : { kind: 'subject', filter: { id, name: subject.name } },
    });
  }
  if (edition) chips.push({ key: 'edition', label: edition.name, word: typed(edition.word), filter: null });
  if (type) {
    chips.push({
      key: 'type',
      label: type.word,
      word: typed(type.word),
      filter: { kind: 'type', value: type.value, name: TYPE_NAMES[type.value] },
    });
  }
  return chips;
};

/**
 * Subject names in the facets. Each stage has its own subjects, so while the results span several stages every
 * subject says its stage (初中物理, 高中物理); within one stage the name alone is clear.
 */
export const subjectLabels = (facets: Facets) => {
  const stageNames = new Map(facets.stage.map((s) => [s.id, s.name]));
  const stages = new Set(facets.subject.map((s) => s.stageId));
  return new Map(
    facets.subject.map((s) => {
      const stage = stages.size > 1 ? stageNames.get(s.stageId) : undefined;
      return [s.id, stage ? `${stage}${s.name}` : s.name];
    }),
  );
};
