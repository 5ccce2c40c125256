/** Sentences of the administration console's review pages and their api. */
export const REVIEW_MESSAGES = {} as const;
