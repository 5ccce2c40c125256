/** The console's money pages (one chunk). */
export const Verifications = () => null; // replaced by the money part
export const Withdrawals = () => null; // replaced by the money part
export const Invoices = () => null; // replaced by the money part
export const Coupons = () => null; // replaced by the money part
export const Refunds = () => null; // replaced by the money part
export const Ledger = () => null; // replaced by the money part
