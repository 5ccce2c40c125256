import type { ResourceType } from '@zyk/shared';

export interface SearchParams {
  keyword: string;
  type: ResourceType | null;
  stageId: number | null;
  subjectId: number | null;
  /** A textbook catalogue node: only resources on it or below. */
  catalogueNodeId: number | null;
  page: number;
}

/** Query keys of the search feature; invalidate through these, never through literal arrays. */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, 'results', params] as const,
  records: () => [...searchKeys.all, 'records'] as const,
  hotWords: () => [...searchKeys.all, 'hotWords'] as const,
};
