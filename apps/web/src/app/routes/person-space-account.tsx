import { ExpenditurePage, InvoiceRecordsPage } from '../../features/commerce/components/expenditure-pages.tsx';
import { IncomePage } from '../../features/commerce/components/income-page.tsx';
import { VerifyPage } from '../../features/commerce/components/verify-page.tsx';
import {
  AfterTaxPage,
  WithdrawalPage,
  WithdrawalRecordsPage,
} from '../../features/commerce/components/withdrawal-pages.tsx';

/**
 * Personal space's verification and account screens (income, withdrawals, expenditure, invoices): one chunk of
 * their own; ECharts loads from it only when a chart is drawn.
 */
export const Verify = VerifyPage;
export const Income = IncomePage;
export const WithdrawalRecords = WithdrawalRecordsPage;
export const Withdrawal = WithdrawalPage;
export const AfterTax = AfterTaxPage;
export const Expenditure = ExpenditurePage;
export const InvoiceRecords = InvoiceRecordsPage;
