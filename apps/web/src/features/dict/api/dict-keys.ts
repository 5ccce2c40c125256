/** Query keys of the dictionary feature; invalidate through these, never through literal arrays. */
export const dictKeys = {
  all: ['dict'] as const,
  stages: () => [...dictKeys.all, 'stages'] as const,
  subjects: (stageId: number) => [...dictKeys.all, 'subjects', stageId] as const,
};
