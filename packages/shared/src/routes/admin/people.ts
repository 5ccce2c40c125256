/** The administration console's people api. */
export const peopleRoutes = {} as const;
/** Chinese labels of the audit actions this part records. */
export const PEOPLE_AUDIT_ACTIONS: Record<string, string> = {};
