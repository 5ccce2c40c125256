/** Query keys of the upload feature; invalidate through these, never through literal arrays. */
export const uploadKeys = {
  all: ['upload'] as const,
  trainTypes: () => [...uploadKeys.all, 'train-types'] as const,
  stages: () => [...uploadKeys.all, 'stages'] as const,
  subjects: (stageId: number) => [...uploadKeys.all, 'subjects', stageId] as const,
  editable: (id: number) => [...uploadKeys.all, 'editable', id] as const,
  catalogue: (stageId: number, subjectId: number) => [...uploadKeys.all, 'catalogue', stageId, subjectId] as const,
};
