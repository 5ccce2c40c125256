/** The web's detail page of a resource (routes, typos kept). */
const DETAIL_PATH = { MICRO_COURSE: 'cousrseResources', DOCUMENT: 'documents', ACHIEVEMENT: 'achievements' } as const;

export const resourceDetailLink = (r: { id: number; type: keyof typeof DETAIL_PATH }) =>
  `/home/${DETAIL_PATH[r.type]}/details?id=${r.id}`;
