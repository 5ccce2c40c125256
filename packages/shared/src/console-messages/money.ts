/** Sentences of the administration console's money pages and their api. */
export const MONEY_MESSAGES = {} as const;
