/** The console's money pages (one chunk). */
export { CouponsPage as Coupons } from '../../features/admin/money/coupons-page.tsx';
export { InvoicesPage as Invoices } from '../../features/admin/money/invoices-page.tsx';
export { LedgerPage as Ledger } from '../../features/admin/money/ledger-page.tsx';
export { RefundsPage as Refunds } from '../../features/admin/money/refunds-page.tsx';
export { VerificationsPage as Verifications } from '../../features/admin/money/verifications-page.tsx';
export { WithdrawalsPage as Withdrawals } from '../../features/admin/money/withdrawals-page.tsx';
