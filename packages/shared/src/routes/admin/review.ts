/** The administration console's review api. */
export const reviewRoutes = {} as const;
/** Chinese labels of the audit actions this part records. */
export const REVIEW_AUDIT_ACTIONS: Record<string, string> = {};
