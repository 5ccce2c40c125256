import { chapterText, GRADE_NAMES, parseGrade } from '@zyk/shared';
import { useEffect, useRef } from 'react';
import type { ChapterTree } from './chapter-tree.ts';

/**
 * A list's or the search's chapter filter: a catalogue node (its resources and those of every node below it), a
 * grade (resources on volumes of that grade; with an edition as the node, that edition's volumes of the grade), or
 * both. It lives in the address (`?catalogue=<id>&grade=<n>`), so a filtered list can be shared and reloaded.
 */
export interface ChapterFilter {
  nodeId: number | null;
  grade: number | null;
}

export const NO_CHAPTER: ChapterFilter = { nodeId: null, grade: null };

export const CATALOGUE_PARAM = 'catalogue';
export const GRADE_PARAM = 'grade';

const parseNodeId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** The chapter filter an address holds (anything unreadable is no filter). */
export const readChapterFilter = (params: URLSearchParams): ChapterFilter => {
  const grade = params.get(GRADE_PARAM);
  return {
    nodeId: parseNodeId(params.get(CATALOGUE_PARAM)),
    grade: grade && /^\d{1,2}$/.test(grade) ? parseGrade(grade) : null,
  };
};

/** The address's query with the chapter filter in place of the old one (the other parameters are kept). */
export const withChapterFilter = (params: URLSearchParams, filter: ChapterFilter) => {
  const next = new URLSearchParams(params);
  next.delete(CATALOGUE_PARAM);
  next.delete(GRADE_PARAM);
  if (filter.nodeId !== null) next.set(CATALOGUE_PARAM, String(filter.nodeId));
  if (filter.grade !== null) next.set(GRADE_PARAM, String(filter.grade));
  return next;
};

export const hasChapterFilter = (filter: ChapterFilter) => filter.nodeId !== null || filter.grade !== null;

export const sameChapterFilter = (a: ChapterFilter, b: ChapterFilter) => a.nodeId === b.nodeId && a.grade === b.grade;

/**
 * The filter as a trail, for the removable chip: 人教版 › 八年级上册 › 第十一章 三角形, 人教版 › 八年级 (an edition and
 * a grade), 八年级 (a grade alone). A node the tree does not (yet) have reads 已选教材章节.
 */
export const chapterFilterTrail = (tree: ChapterTree | undefined, filter: ChapterFilter): string[] | null => {
  if (!hasChapterFilter(filter)) return null;
  const grade = filter.grade === null ? [] : [GRADE_NAMES[filter.grade] ?? `${filter.grade} 年级`];
  if (filter.nodeId === null) return grade;
  const path = tree?.pathOf(filter.nodeId) ?? [];
  if (path.length === 0) return ['已选教材章节'];
  const names = path.map((n) => n.name);
  // A grade under a volume or below adds nothing the volume's name does not say.
  return path.length === 1 ? [...names, ...grade] : names;
};

/** The same in one line (人教版 › 八年级上册 › …). */
export const chapterFilterLabel = (tree: ChapterTree | undefined, filter: ChapterFilter) => {
  const trail = chapterFilterTrail(tree, filter);
  return trail ? chapterText(trail) : null;
};

/** A stage or subject as a page holds it. */
export interface NamedEntry {
  id: number;
  name: string;
}

/** What a result says about its stage and subject (a resource card). */
export interface SubjectSample {
  stageId: number | null;
  stageName: string | null;
  subjectId: number | null;
  subjectName: string | null;
}

/**
 * Keeps a page's stage and subject and its chapter filter together. An address names only the node
 * (`?catalogue=12`, from a shared link or a resource's chapter breadcrumb), so when the page's stage and subject are
 * not the node's, the first result (filtered by the node alone) tells whose it is and `onSubject` switches the page
 * to them, once per node. Once the node has been found in the page's catalogue, a change of stage or subject by the
 * user drops the node (`onClear`): it belongs to the other subject. Nothing happens while `active` is false (a list
 * kept alive under its details page). Answers whether the node is found in `tree`.
 */
export const useChapterLocation = ({
  filter,
  stageId,
  subjectId,
  tree,
  sample,
  active,
  onSubject,
  onClear,
}: {
  filter: ChapterFilter;
  stageId: number | null;
  subjectId: number | null;
  tree: ChapterTree | undefined;
  /** The first result of the filtered list once it is in (null: there is none; undefined: not yet). */
  sample: SubjectSample | null | undefined;
  active: boolean;
  onSubject: (stage: NamedEntry, subject: NamedEntry) => void;
  onClear: () => void;
}) => {
  const nodeId = filter.nodeId;
  const found =
    nodeId !== null &&
    tree !== undefined &&
    tree.stageId === stageId &&
    tree.subjectId === subjectId &&
    tree.byId.has(nodeId);
  const located = useRef<{ nodeId: number; stageId: number | null; subjectId: number | null } | null>(null);
  const tried = useRef<number | null>(null);
  const callbacks = useRef({ onSubject, onClear });
  callbacks.current = { onSubject, onClear };

  const sampleStage = sample?.stageId ?? null;
  const sampleSubject = sample?.subjectId ?? null;
  const sampleStageName = sample?.stageName ?? '';
  const sampleSubjectName = sample?.subjectName ?? '';
  useEffect(() => {
    if (!active) return;
    if (nodeId === null) {
      tried.current = null;
      return;
    }
    if (found) {
      located.current = { nodeId, stageId, subjectId };
      return;
    }
    const here = located.current;
    if (here && here.nodeId === nodeId) {
      if (here.stageId !== stageId || here.subjectId !== subjectId) {
        located.current = null;
        callbacks.current.onClear();
      }
      return;
    }
    if (tried.current === nodeId || sampleStage === null || sampleSubject === null) return;
    if (sampleStage === stageId && sampleSubject === subjectId) return;
    tried.current = nodeId;
    callbacks.current.onSubject(
      { id: sampleStage, name: sampleStageName },
      { id: sampleSubject, name: sampleSubjectName },
    );
  }, [active, nodeId, found, stageId, subjectId, sampleStage, sampleSubject, sampleStageName, sampleSubjectName]);

  return found;
};
