/** The administration console's money api. */
export const moneyRoutes = {} as const;
/** Chinese labels of the audit actions this part records. */
export const MONEY_AUDIT_ACTIONS: Record<string, string> = {};
