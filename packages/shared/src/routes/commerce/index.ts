/** The commerce module's routes (apps/api/src/modules/commerce): trade, verification and pay password, invoices. */
export * from './invoices.ts';
export * from './trade.ts';
export * from './verify.ts';
