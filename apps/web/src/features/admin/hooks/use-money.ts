import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { moneyKeys } from '../api/admin-keys.ts';
import {
  approveVerification,
  approveWithdrawal,
  type CouponGrant,
  type CouponQuery,
  getCoupons,
  getInvoices,
  getLedger,
  getOrders,
  getVerification,
  getVerifications,
  getWithdrawals,
  grantCoupons,
  type InvoiceQuery,
  issueInvoice,
  type OrderQuery,
  refundOrder,
  rejectInvoice,
  rejectVerification,
  rejectWithdrawal,
  type VerificationQuery,
  type WithdrawalQuery,
} from '../api/money-api.ts';

// The money api answers only a district administrator: each list takes `enabled` (the page's district scope).

export const useVerifications = (query: VerificationQuery, enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.verifications(query), queryFn: () => getVerifications(query), enabled });

/** One verification request, asked again each time it opens (its photo URLs expire). */
export const useVerification = (id: number | null) =>
  useQuery({
    queryKey: moneyKeys.verification(id ?? 0),
    queryFn: () => getVerification(id!),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const useApproveVerification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => approveVerification(id),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.verificationLists() }),
  });
};

export const useRejectVerification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectVerification(id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.verificationLists() }),
  });
};

export const useWithdrawals = (query: WithdrawalQuery, enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.withdrawals(query), queryFn: () => getWithdrawals(query), enabled });

/** 确认打款; the list is asked again whether it succeeds or fails, without waiting for it. */
export const useApproveWithdrawal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmPassword }: { id: number; confirmPassword: string }) =>
      approveWithdrawal(id, confirmPassword),
    onSettled: () => void refetchAfterWrite(client, { queryKey: moneyKeys.withdrawalLists() }),
  });
};

/** 驳回 a withdrawal; the list is asked again on success (awaited) and on failure too (not awaited). */
export const useRejectWithdrawal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectWithdrawal(id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.withdrawalLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: moneyKeys.withdrawalLists() }),
  });
};

export const useInvoices = (query: InvoiceQuery, enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.invoices(query), queryFn: () => getInvoices(query), enabled });

/** 开具 an invoice; the list is asked again on success (awaited) and on failure too (not awaited). */
export const useIssueInvoice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, invoiceNo }: { id: number; invoiceNo: string }) => issueInvoice(id, invoiceNo),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.invoiceLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: moneyKeys.invoiceLists() }),
  });
};

/** 驳回 an invoice request; the list is asked again on success (awaited) and on failure too (not awaited). */
export const useRejectInvoice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectInvoice(id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.invoiceLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: moneyKeys.invoiceLists() }),
  });
};

export const useCoupons = (query: CouponQuery, enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.coupons(query), queryFn: () => getCoupons(query), enabled });

export const useGrantCoupons = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grant: CouponGrant) => grantCoupons(grant),
    onSuccess: () => refetchAfterWrite(client, { queryKey: moneyKeys.couponLists() }),
  });
};

export const useOrders = (query: OrderQuery, enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.orders(query), queryFn: () => getOrders(query), enabled });

/** 退款; the list is asked again whether it succeeds or fails, without waiting for it. */
export const useRefundOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, confirmPassword }: { orderNo: string; confirmPassword: string }) =>
      refundOrder(orderNo, confirmPassword),
    onSettled: () => void refetchAfterWrite(client, { queryKey: moneyKeys.orderLists() }),
  });
};

export const useLedger = (enabled: boolean) =>
  useQuery({ queryKey: moneyKeys.ledger(), queryFn: getLedger, enabled, staleTime: 0 });
