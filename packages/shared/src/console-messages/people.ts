/** Sentences of the administration console's people pages and their api. */
export const PEOPLE_MESSAGES = {} as const;
