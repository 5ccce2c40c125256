/** Sentences of the administration console's dashboard pages and their api. */
export const DASHBOARD_MESSAGES = {} as const;
