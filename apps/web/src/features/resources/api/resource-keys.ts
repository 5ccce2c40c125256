import type { ResourceType } from '@zyk/shared';

export type Sort = '1' | '2' | '3' | '4';

export interface ListFilters {
  type: ResourceType;
  stageId: number | null;
  subjectId: number | null;
  sort: Sort;
  trainType: string | null;
  /** A textbook catalogue node: its resources and those of the nodes below it. */
  catalogueNodeId: number | null;
  /** A grade (1–12): resources on volumes of that grade (within the node when one is given). */
  grade: number | null;
}

/** Query keys of the resources feature; invalidate through these, never through literal arrays. */
export const resourceKeys = {
  all: ['resources'] as const,
  lists: () => [...resourceKeys.all, 'list'] as const,
  list: (filters: ListFilters, page: number, snapshot: string | undefined) =>
    [...resourceKeys.lists(), filters, page, snapshot ?? null] as const,
  trainTypes: () => [...resourceKeys.all, 'trainTypes'] as const,
  detail: (id: number) => [...resourceKeys.all, 'detail', id] as const,
  recommend: (id: number) => [...resourceKeys.all, 'recommend', id] as const,
  preview: (fileId: string) => [...resourceKeys.all, 'preview', fileId] as const,
  comments: (id: number) => [...resourceKeys.all, 'comments', id] as const,
  replies: (commentId: number) => [...resourceKeys.all, 'replies', commentId] as const,
};
