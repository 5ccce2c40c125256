/** Query keys of the home page; invalidate through these, never through literal arrays. */
export interface HomeListFilters {
  stageId: number | null;
  subjectId: number | null;
  sort: '1' | '2' | '3' | '4';
}

export const homeKeys = {
  all: ['home'] as const,
  totals: () => [...homeKeys.all, 'totals'] as const,
  memberRank: () => [...homeKeys.all, 'memberRank'] as const,
  resourceRank: () => [...homeKeys.all, 'resourceRank'] as const,
  latest: () => [...homeKeys.all, 'latest'] as const,
  banners: () => [...homeKeys.all, 'banners'] as const,
  list: (filters: HomeListFilters) => [...homeKeys.all, 'list', filters] as const,
  defaultSubject: (stageId: number | null) => [...homeKeys.all, 'defaultSubject', stageId] as const,
};
