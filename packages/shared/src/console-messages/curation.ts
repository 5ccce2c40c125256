/** Sentences of the administration console's curation pages and their api. */
export const CURATION_MESSAGES = {} as const;
