import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import {
  alipayBinding,
  applyInvoice,
  cancelOrder,
  changePhone,
  deleteOrder,
  getAccountInfo,
  getAnnualAccount,
  getCoupons,
  getDailyStatistics,
  getExpenditure,
  getInvoiceOrders,
  getInvoiceRecords,
  getMonthly,
  getOrderPaid,
  getOrders,
  getPayInfoForOrder,
  getPayInfoForResource,
  getPayPasswordStatus,
  getResourceStatistics,
  getRevenue,
  getSellerStatistics,
  getVerification,
  getWithdrawals,
  type InvoiceInput,
  type OrderStatus,
  type PayRequest,
  pay,
  previewWithdrawal,
  requestWithdrawal,
  setPayPassword,
  submitVerification,
  type VerificationInput,
} from '../api/commerce-api.ts';
import { commerceKeys } from '../api/commerce-keys.ts';

/** Money and records change behind the screen (payments, settlement, an administrator): refetch on every visit. */
const FRESH = { staleTime: 0 } as const;

/** The order of /pay: made (or reused) for a resource, or read by its number. */
export const usePayInfo = (target: { resourceId: number } | { orderNo: string } | null) =>
  useQuery({
    queryKey:
      target && 'resourceId' in target
        ? commerceKeys.payInfo('resource', String(target.resourceId))
        : commerceKeys.payInfo('order', target?.orderNo ?? ''),
    queryFn: () =>
      target && 'resourceId' in target
        ? getPayInfoForResource(target.resourceId)
        : getPayInfoForOrder(target?.orderNo ?? ''),
    enabled: target !== null,
    staleTime: 0,
    retry: false,
  });

/** After the cashier: asks whether the order is paid until it is (the notification arrives on its own time). */
export const useOrderPaid = (orderNo: string, enabled: boolean) =>
  useQuery({
    queryKey: [...commerceKeys.payInfo('order', orderNo), 'paid'],
    queryFn: () => getOrderPaid(orderNo),
    enabled,
    refetchInterval: (query) => (query.state.data?.paid ? false : 1500),
    staleTime: 0,
  });

export const useCoupons = (usable: boolean, orderNo: string | null) =>
  useQuery({
    queryKey: commerceKeys.couponList(usable, orderNo),
    queryFn: () => getCoupons(usable, orderNo),
    ...FRESH,
  });

/** Whatever money moved: every wallet screen reads fresh numbers. */
const useInvalidateCommerce = () => {
  const client = useQueryClient();
  return () => void refetchAfterWrite(client, { queryKey: commerceKeys.all });
};

export const usePay = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({ mutationFn: (request: PayRequest) => pay(request), onSuccess: invalidate });
};

export const useCancelOrder = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({ mutationFn: cancelOrder, onSuccess: invalidate });
};

export const useDeleteOrder = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({ mutationFn: deleteOrder, onSuccess: invalidate });
};

export const useOrders = (status: OrderStatus | null, page: number) =>
  useQuery({
    queryKey: commerceKeys.orderList(status, page),
    queryFn: () => getOrders(status, page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });

export const useAccountInfo = () => useQuery({ queryKey: commerceKeys.account(), queryFn: getAccountInfo, ...FRESH });
export const useSellerStatistics = () =>
  useQuery({ queryKey: commerceKeys.seller(), queryFn: getSellerStatistics, ...FRESH });
export const useDailyStatistics = (days: number) =>
  useQuery({ queryKey: commerceKeys.daily(days), queryFn: () => getDailyStatistics(days), ...FRESH });
export const useMonthly = (year: number) =>
  useQuery({
    queryKey: commerceKeys.monthly(year),
    queryFn: () => getMonthly(year),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useAnnualAccount = (year: number) =>
  useQuery({
    queryKey: commerceKeys.annual(year),
    queryFn: () => getAnnualAccount(year),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useResourceStatistics = (resourceId: number | null) =>
  useQuery({
    queryKey: commerceKeys.resourceStats(resourceId ?? 0),
    queryFn: () => getResourceStatistics(resourceId ?? 0),
    enabled: resourceId !== null,
    ...FRESH,
  });

export const useRevenue = (page: number) =>
  useQuery({
    queryKey: commerceKeys.revenue(page),
    queryFn: () => getRevenue(page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useExpenditure = (page: number) =>
  useQuery({
    queryKey: commerceKeys.expenditure(page),
    queryFn: () => getExpenditure(page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: commerceKeys.withdrawalList(page),
    queryFn: () => getWithdrawals(page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });

/** Tax and net amount of a withdrawal of `amount` fen (null: nothing valid typed yet). */
export const useWithdrawalPreview = (amount: number | null) =>
  useQuery({
    queryKey: commerceKeys.preview(amount ?? 0),
    queryFn: () => previewWithdrawal(amount ?? 0),
    enabled: amount !== null && amount > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRequestWithdrawal = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({
    mutationFn: (r: { amount: number; payToken: string; idempotencyKey: string }) =>
      requestWithdrawal(r.amount, r.payToken, r.idempotencyKey),
    onSuccess: invalidate,
  });
};

export const useAlipayBinding = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({
    mutationFn: (r: { purpose: 'bind' | 'replace'; auth?: { code: string; state: string } }) =>
      alipayBinding(r.purpose, r.auth),
    onSuccess: invalidate,
  });
};

export const useInvoiceOrders = (page: number) =>
  useQuery({
    queryKey: commerceKeys.invoiceOrders(page),
    queryFn: () => getInvoiceOrders(page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useInvoiceRecords = (page: number) =>
  useQuery({
    queryKey: commerceKeys.invoiceRecords(page),
    queryFn: () => getInvoiceRecords(page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
export const useApplyInvoice = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({ mutationFn: (input: InvoiceInput) => applyInvoice(input), onSuccess: invalidate });
};

export const useVerification = () =>
  useQuery({ queryKey: commerceKeys.verification(), queryFn: getVerification, ...FRESH });
export const useSubmitVerification = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({ mutationFn: (input: VerificationInput) => submitVerification(input), onSuccess: invalidate });
};
export const usePayPasswordStatus = () =>
  useQuery({ queryKey: commerceKeys.payPassword(), queryFn: getPayPasswordStatus, ...FRESH });
export const useSetPayPassword = () => {
  const invalidate = useInvalidateCommerce();
  return useMutation({
    mutationFn: (r: { loginPassword: string; payPassword: string }) => setPayPassword(r.loginPassword, r.payPassword),
    onSuccess: invalidate,
  });
};
export const useChangePhone = () =>
  useMutation({ mutationFn: (r: { phone: string; code: string }) => changePhone(r.phone, r.code) });
