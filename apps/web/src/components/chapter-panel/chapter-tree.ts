import { useQuery } from '@tanstack/react-query';
import { type CatalogueNode, GRADE_NAMES, type ResourceType, routes } from '@zyk/shared';
import { api } from '../../lib/api.ts';
import { unwrap } from '../../lib/api-result.ts';

/**
 * The textbook catalogue of one stage and subject as the browsing panels use it (edition → volume → unit → lesson),
 * with the number of published resources of a type on each node or below.
 */
export interface ChapterTree {
  stageId: number;
  subjectId: number;
  nodes: readonly CatalogueNode[];
  byId: ReadonlyMap<number, CatalogueNode>;
  /** Children in order; `null` gives the editions. */
  childrenOf: (id: number | null) => readonly CatalogueNode[];
  /** The nodes from the edition down to `id` (empty when the tree has no such node). */
  pathOf: (id: number) => CatalogueNode[];
  editions: readonly CatalogueNode[];
  /** Published resources of the type hanging anywhere in this stage and subject's catalogue. */
  tagged: number;
}

export const buildChapterTree = (
  stageId: number,
  subjectId: number,
  answer: { nodes: CatalogueNode[]; tagged: number },
): ChapterTree => {
  const byId = new Map(answer.nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, CatalogueNode[]>();
  for (const node of answer.nodes) {
    // A node whose parent was left out (a retired parent without resources of its own cannot have listed children,
    // but be safe) hangs nowhere.
    if (node.parentId !== null && !byId.has(node.parentId)) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  const pathOf = (id: number) => {
    const path: CatalogueNode[] = [];
    for (let node = byId.get(id); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
      path.unshift(node);
    }
    return path[0]?.parentId === null ? path : [];
  };
  return {
    stageId,
    subjectId,
    nodes: answer.nodes,
    byId,
    childrenOf: (id) => children.get(id) ?? [],
    pathOf,
    editions: (children.get(null) ?? []).filter((n) => n.kind === 'edition'),
    tagged: answer.tagged,
  };
};

/** Query keys of the catalogue panels; invalidate through these, never through literal arrays. */
export const chapterKeys = {
  all: ['chapters'] as const,
  tree: (stageId: number, subjectId: number, type: ResourceType | null) =>
    [...chapterKeys.all, 'tree', stageId, subjectId, type] as const,
};

export const getChapterTree = async (stageId: number, subjectId: number, type: ResourceType | null) =>
  buildChapterTree(
    stageId,
    subjectId,
    unwrap(await api(routes.catalogueTree, { query: { stageId, subjectId, ...(type ? { type } : {}) } })),
  );

/**
 * The catalogue of a stage and subject with the counts of `type` (all types when null); nothing is asked until both
 * are chosen. A new type keeps the old counts on screen until the new ones are there.
 */
export const useChapterTree = (stageId: number | null, subjectId: number | null, type: ResourceType | null) =>
  useQuery({
    queryKey: chapterKeys.tree(stageId ?? 0, subjectId ?? 0, type),
    queryFn: () => getChapterTree(stageId!, subjectId!, type),
    enabled: stageId !== null && subjectId !== null,
    placeholderData: (previous) =>
      previous && previous.stageId === stageId && previous.subjectId === subjectId ? previous : undefined,
    staleTime: 60_000,
  });

/** A volume's name without its grade (八年级上册 → 上册) where it starts with it; otherwise the whole name. */
export const volumeShortName = (volume: CatalogueNode) => {
  const grade = volume.grade === null ? undefined : GRADE_NAMES[volume.grade];
  if (grade && volume.name.startsWith(grade) && volume.name.length > grade.length) {
    return volume.name.slice(grade.length).trim();
  }
  return volume.name;
};

export interface GradeGroup {
  /** null: volumes without a grade (senior high 必修 / 选择性必修). */
  grade: number | null;
  volumes: CatalogueNode[];
}

/** An edition's volumes grouped by grade, in the catalogue's order (volumes without a grade last). */
export const gradeGroupsOf = (tree: ChapterTree, editionId: number): GradeGroup[] => {
  const groups: GradeGroup[] = [];
  const none: CatalogueNode[] = [];
  for (const volume of tree.childrenOf(editionId)) {
    if (volume.kind !== 'volume') continue;
    if (volume.grade === null) {
      none.push(volume);
      continue;
    }
    const group = groups.find((g) => g.grade === volume.grade);
    if (group) group.volumes.push(volume);
    else groups.push({ grade: volume.grade, volumes: [volume] });
  }
  if (none.length) groups.push({ grade: null, volumes: none });
  return groups;
};
