/** The administration console's curation api. */
export const curationRoutes = {} as const;
/** Chinese labels of the audit actions this part records. */
export const CURATION_AUDIT_ACTIONS: Record<string, string> = {};
