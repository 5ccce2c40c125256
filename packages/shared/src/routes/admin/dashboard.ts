/** The administration console's dashboard api. */
export const dashboardRoutes = {} as const;
/** Chinese labels of the audit actions this part records. */
export const DASHBOARD_AUDIT_ACTIONS: Record<string, string> = {};
