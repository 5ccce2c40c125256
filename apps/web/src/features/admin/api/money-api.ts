import { type QueryOf, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export type VerificationQuery = QueryOf<typeof routes.adminVerificationList>;
export type WithdrawalQuery = QueryOf<typeof routes.adminWithdrawalList>;
export type InvoiceQuery = QueryOf<typeof routes.adminInvoiceList>;
export type CouponQuery = QueryOf<typeof routes.adminCouponList>;
export type OrderQuery = QueryOf<typeof routes.adminOrderList>;
export type CouponGrant = Parameters<typeof grantCoupons>[0];

export const MONEY_PAGE_SIZE = 10;

export const getVerifications = async (query: VerificationQuery) =>
  unwrap(await api(routes.adminVerificationList, { query }));
export const getVerification = async (id: number) =>
  unwrap(await api(routes.adminVerificationDetail, { query: { id } }));
export const approveVerification = async (id: number) =>
  unwrap(await api(routes.adminVerificationApprove, { body: { id } }));
export const rejectVerification = async (id: number, reason: string) =>
  unwrap(await api(routes.adminVerificationReject, { body: { id, reason } }));

export const getWithdrawals = async (query: WithdrawalQuery) =>
  unwrap(await api(routes.adminWithdrawalList, { query }));
export const approveWithdrawal = async (id: number, confirmPassword: string) =>
  unwrap(await api(routes.adminWithdrawalApprove, { body: { id, confirmPassword } }));
export const rejectWithdrawal = async (id: number, reason: string) =>
  unwrap(await api(routes.adminWithdrawalReject, { body: { id, reason } }));

export const getInvoices = async (query: InvoiceQuery) => unwrap(await api(routes.adminInvoiceList, { query }));
export const issueInvoice = async (id: number, invoiceNo: string) =>
  unwrap(await api(routes.adminInvoiceIssue, { body: { id, invoiceNo } }));
export const rejectInvoice = async (id: number, reason: string) =>
  unwrap(await api(routes.adminInvoiceReject, { body: { id, reason } }));

export const getCoupons = async (query: CouponQuery) => unwrap(await api(routes.adminCouponList, { query }));
export const grantCoupons = async (body: {
  userNames: string[];
  name: string;
  amountOff: number;
  threshold: number;
  validDays: number;
  resourceType: 'MICRO_COURSE' | 'DOCUMENT' | 'ACHIEVEMENT' | null;
}) => unwrap(await api(routes.adminCouponGrant, { body }));

export const getOrders = async (query: OrderQuery) => unwrap(await api(routes.adminOrderList, { query }));
export const refundOrder = async (orderNo: string, confirmPassword: string) =>
  unwrap(await api(routes.adminOrderRefund, { body: { orderNo, confirmPassword } }));

export const getLedger = async () => unwrap(await api(routes.adminLedgerCheck));
