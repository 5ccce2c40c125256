import { type BodyInputOf, type DataOf, encryptPassword, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { ApiFailure, unwrap } from '../../../lib/api-result.ts';

export const COMMERCE_PAGE_SIZE = 10;

export type PayInfo = DataOf<typeof routes.payInfoOrder>;
export type Order = PayInfo['order'];
export type OrderStatus = Order['status'];
export type Coupon = DataOf<typeof routes.myCouponsUsable>['objList'][number];
export type AccountInfo = DataOf<typeof routes.accountInfo>;
export type RevenueItem = DataOf<typeof routes.revenueRecord>['objList'][number];
export type ExpenditureItem = DataOf<typeof routes.expenditureRecord>['objList'][number];
export type WithdrawalItem = DataOf<typeof routes.withdrawalRecord>['objList'][number];
export type InvoiceRecord = DataOf<typeof routes.invoiceRecord>['objList'][number];
export type InvoiceableOrder = DataOf<typeof routes.invoiceOrders>['objList'][number];
export type InvoiceInput = BodyInputOf<typeof routes.invoiceApply>;
export type VerificationInput = BodyInputOf<typeof routes.verifyAccountUpload>;
export type Verification = DataOf<typeof routes.verifyAccountInfo>;

/** Headers of a money-moving call: the key of the user's intent, so a retried request is not paid twice. */
const once = (idempotencyKey: string) => ({ 'idempotency-key': idempotencyKey });

/** The deployment's password transport key (pay and login passwords are sent AES-encrypted under it). */
export const getTransportKey = async () => unwrap(await api(routes.clientConfig)).transportKey;

export const getPayInfoForResource = async (resourceId: number) =>
  unwrap(await api(routes.payInfoResource, { query: { resourceId } }));

export const getPayInfoForOrder = async (orderNo: string) =>
  unwrap(await api(routes.payInfoOrder, { query: { orderNo } }));

export const getOrderPaid = async (orderNo: string) => unwrap(await api(routes.orderSuccess, { query: { orderNo } }));

export const cancelOrder = async (orderNo: string) => unwrap(await api(routes.orderCancel, { query: { orderNo } }));

export const deleteOrder = async (orderNo: string) => unwrap(await api(routes.orderDelete, { query: { orderNo } }));

export const getCoupons = async (usable: boolean, orderNo: string | null) =>
  unwrap(
    await api(usable ? routes.myCouponsUsable : routes.myCouponsUnusable, {
      query: orderNo ? { orderNo } : {},
    }),
  ).objList;

/** The pay password, checked by the server: a token valid for five minutes that balance payments need. */
export const checkPayPassword = async (password: string) => {
  const key = await getTransportKey();
  return unwrap(await api(routes.payPasswordCheck, { body: { password: encryptPassword(password, key) } }));
};

export interface PayRequest {
  orderNo: string;
  method: 'BALANCE' | 'COUPON' | 'ALIPAY';
  couponId: number | null;
  payToken: string | null;
  idempotencyKey: string;
}

/** Balance and coupon payments settle at once; Alipay answers the cashier's address to send the browser to. */
export const pay = async (r: PayRequest): Promise<{ order: Order; payUrl: string | null }> => {
  const headers = once(r.idempotencyKey);
  const coupon = r.couponId === null ? {} : { couponId: r.couponId };
  if (r.method === 'ALIPAY') {
    const res = unwrap(await api(routes.alipayPay, { body: { orderNo: r.orderNo, ...coupon }, headers }));
    return { order: res.order, payUrl: res.payUrl };
  }
  if (r.method === 'COUPON') {
    if (r.couponId === null) throw new ApiFailure(400, '请选择一张优惠券');
    const body = { orderNo: r.orderNo, couponId: r.couponId, ...(r.payToken ? { payToken: r.payToken } : {}) };
    return { order: unwrap(await api(routes.couponPay, { body, headers })).order, payUrl: null };
  }
  if (!r.payToken) throw new ApiFailure(400, '请先验证支付密码');
  const query = { orderNo: r.orderNo, payToken: r.payToken, ...coupon };
  return { order: unwrap(await api(routes.balancePay, { query, headers })).order, payUrl: null };
};

export const getOrders = async (status: OrderStatus | null, current: number) =>
  unwrap(
    await api(routes.buyRecord, {
      body: { current, size: COMMERCE_PAGE_SIZE, ...(status ? { status } : {}) },
    }),
  );

export const getAccountInfo = async () => unwrap(await api(routes.accountInfo));
export const getSellerStatistics = async () => unwrap(await api(routes.sellerStatistics));
export const getDailyStatistics = async (days: number) =>
  unwrap(await api(routes.amountStatistics, { query: { days } })).points;
export const getMonthly = async (year: number) => unwrap(await api(routes.revenueExpenditure, { query: { year } }));
export const getAnnualAccount = async (year: number) => unwrap(await api(routes.annualAccount, { query: { year } }));
export const getResourceStatistics = async (resourceId: number) =>
  unwrap(await api(routes.resourceStatistics, { query: { resourceId, days: 30 } }));

export const getRevenue = async (current: number) =>
  unwrap(await api(routes.revenueRecord, { body: { current, size: COMMERCE_PAGE_SIZE } }));
export const getExpenditure = async (current: number) =>
  unwrap(await api(routes.expenditureRecord, { body: { current, size: COMMERCE_PAGE_SIZE } }));
export const getWithdrawals = async (current: number) =>
  unwrap(await api(routes.withdrawalRecord, { body: { current, size: COMMERCE_PAGE_SIZE } }));

export const previewWithdrawal = async (amount: number) =>
  unwrap(await api(routes.withdrawalPreview, { query: { amount } }));

export const requestWithdrawal = async (amount: number, payToken: string, idempotencyKey: string) =>
  unwrap(await api(routes.withdrawal, { body: { amount, payToken }, headers: once(idempotencyKey) }));

/** Without a code: where to authorize; with the code Alipay brought back: the binding done. */
export const alipayBinding = async (purpose: 'bind' | 'replace', auth?: { code: string; state: string }) =>
  unwrap(
    await api(purpose === 'bind' ? routes.alipayOauth : routes.replaceAlipay, {
      query: auth ? { auth_code: auth.code, state: auth.state } : {},
    }),
  );

export const getInvoiceOrders = async (current: number) =>
  unwrap(await api(routes.invoiceOrders, { query: { current, size: COMMERCE_PAGE_SIZE } }));
export const getInvoiceRecords = async (current: number) =>
  unwrap(await api(routes.invoiceRecord, { query: { current, size: COMMERCE_PAGE_SIZE } }));
export const applyInvoice = async (input: InvoiceInput) => unwrap(await api(routes.invoiceApply, { body: input }));

export const getVerification = async () => unwrap(await api(routes.verifyAccountInfo));
export const submitVerification = async (input: VerificationInput) =>
  unwrap(await api(routes.verifyAccountUpload, { body: input }));
export const getPayPasswordStatus = async () => unwrap(await api(routes.payPasswordStatus));

export const setPayPassword = async (loginPassword: string, payPassword: string) => {
  const key = await getTransportKey();
  return unwrap(
    await api(routes.verifyAccountChangePassword, {
      body: { loginPassword: encryptPassword(loginPassword, key), payPassword: encryptPassword(payPassword, key) },
    }),
  );
};

export const sendPhoneCode = async (phone: string) => unwrap(await api(routes.confirmPhoneRand, { query: { phone } }));
export const changePhone = async (phone: string, code: string) =>
  unwrap(await api(routes.verifyAccountChangePhone, { body: { phone, code } }));
