import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { ADMIN, adminId, CONSOLE_TAG, confirmPasswordField } from './console.ts';

/** The console's money pages: real-name verifications, withdrawals, invoices, coupons, refunds, the ledger. */
const MONEY = `${ADMIN}/money`;
const TAG = `${CONSOLE_TAG}：资金`;

export const ADMIN_VERIFICATION_STATUS_LABELS = { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' } as const;
export const ADMIN_WITHDRAWAL_STATUS_LABELS = { PENDING: '待打款', PAID: '已打款', REJECTED: '已驳回' } as const;
export const ADMIN_INVOICE_STATUS_LABELS = { REQUESTED: '待开具', ISSUED: '已开具', REJECTED: '已驳回' } as const;
export const ADMIN_COUPON_STATUS_LABELS = { UNUSED: '未使用', USED: '已使用', EXPIRED: '已过期' } as const;
export const ADMIN_ORDER_STATUS_LABELS = { PAID: '已支付', REFUNDED: '已退款' } as const;

const verificationStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED'], { error: '认证状态有误' });
const withdrawalStatus = z.enum(['PENDING', 'PAID', 'REJECTED'], { error: '提现状态有误' });
const invoiceStatus = z.enum(['REQUESTED', 'ISSUED', 'REJECTED'], { error: '发票状态有误' });
const couponStatus = z.enum(['UNUSED', 'USED', 'EXPIRED'], { error: '优惠券状态有误' });
const orderStatus = z.enum(['PAID', 'REFUNDED'], { error: '订单状态有误' });
const resourceType = z.enum(['MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT'], { error: '资源类型有误' });

const userNameFilter = z.string().trim().max(50, '用户名不能超过 50 个字符').optional();
const reason = z
  .string({ error: '请填写驳回原因' })
  .trim()
  .min(1, '请填写驳回原因')
  .max(200, '驳回原因不能超过 200 个字');
const idBody = z.object({ id: adminId });

/** Who a money record belongs to, as the console shows them. */
const person = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string(),
});

// --- Real-name verifications -------------------------------------------------------------------------------------

export const adminVerificationItem = person.extend({
  id: z.number().int(),
  claimedName: z.string().describe('申请填写的真实姓名'),
  idCard: z.string().describe('身份证号（完整，供核对证件照）'),
  status: verificationStatus,
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminVerificationItem = z.infer<typeof adminVerificationItem>;

export const adminVerificationList = defineRoute({
  method: 'GET',
  path: `${MONEY}/verifications`,
  summary: '实名认证申请：按状态筛选；不筛选时待审核的在前（先交的先审）',
  tag: TAG,
  access: 'admin',
  permission: 'money.verify',
  query: pageQuery(20).extend({ status: verificationStatus.optional(), userName: userNameFilter }),
  response: pageOf(adminVerificationItem),
  example: { query: { current: 1, size: 20, status: 'PENDING' } },
});

export const adminVerificationDetail = defineRoute({
  method: 'GET',
  path: `${MONEY}/verification`,
  summary: '一份实名认证申请，含身份证人像面与国徽面照片的短时签名地址（仅在此处发给有审核权限的管理员）',
  tag: TAG,
  access: 'admin',
  permission: 'money.verify',
  query: idBody,
  response: adminVerificationItem.extend({
    frontUrl: z.string().describe('人像面照片（签名地址，10 分钟内有效）'),
    backUrl: z.string().describe('国徽面照片（签名地址，10 分钟内有效）'),
    earlier: z.number().int().describe('该用户此前被驳回的申请数'),
  }),
  example: { query: { id: 1 } },
});

export const adminVerificationApprove = defineRoute({
  method: 'POST',
  path: `${MONEY}/verification/approve`,
  summary: '通过实名认证（用户收到消息）；同一身份证号已被其他账号认证时拒绝',
  tag: TAG,
  access: 'admin',
  permission: 'money.verify',
  body: idBody,
  response: adminVerificationItem,
  example: { body: { id: 1 } },
});

export const adminVerificationReject = defineRoute({
  method: 'POST',
  path: `${MONEY}/verification/reject`,
  summary: '驳回实名认证并说明原因（用户收到原因，可重新提交）',
  tag: TAG,
  access: 'admin',
  permission: 'money.verify',
  body: idBody.extend({ reason }),
  response: adminVerificationItem,
  example: { body: { id: 1, reason: '身份证照片模糊，请重新拍摄' } },
});

// --- Withdrawals -------------------------------------------------------------------------------------------------

export const adminWithdrawalItem = person.extend({
  id: z.number().int(),
  amount: z.number().int().describe('提现金额（分）'),
  tax: z.number().int().describe('代扣个人所得税（分）'),
  netAmount: z.number().int().describe('实发金额（分）'),
  alipayAccount: z.string().describe('收款支付宝账户（用户编号）'),
  alipayNickname: z.string(),
  status: withdrawalStatus,
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminWithdrawalItem = z.infer<typeof adminWithdrawalItem>;

export const adminWithdrawalList = defineRoute({
  method: 'GET',
  path: `${MONEY}/withdrawals`,
  summary: '提现申请：按状态与用户名筛选；待打款的在前（先申请的先处理）',
  tag: TAG,
  access: 'admin',
  permission: 'money.withdraw',
  query: pageQuery(20).extend({ status: withdrawalStatus.optional(), userName: userNameFilter }),
  response: pageOf(adminWithdrawalItem).extend({
    pendingTotal: z.number().int().describe('全部待打款申请的提现金额合计（分）'),
  }),
  example: { query: { current: 1, size: 20, status: 'PENDING' } },
});

export const adminWithdrawalApprove = defineRoute({
  method: 'POST',
  path: `${MONEY}/withdrawal/approve`,
  summary: '确认已打款（敏感操作，须再次输入登录密码）：代扣个税入账，用户收到到账通知；同一申请只能确认一次',
  tag: TAG,
  access: 'admin',
  permission: 'money.withdraw',
  body: idBody.extend({ confirmPassword: confirmPasswordField }),
  response: adminWithdrawalItem,
  example: { body: { id: 1, confirmPassword: 'Admin@2026' } },
});

export const adminWithdrawalReject = defineRoute({
  method: 'POST',
  path: `${MONEY}/withdrawal/reject`,
  summary: '驳回提现并说明原因：冻结的金额退回用户的可提现收入，用户收到原因',
  tag: TAG,
  access: 'admin',
  permission: 'money.withdraw',
  body: idBody.extend({ reason }),
  response: adminWithdrawalItem,
  example: { body: { id: 1, reason: '支付宝账户信息有误' } },
});

// --- Invoices ----------------------------------------------------------------------------------------------------

export const adminInvoiceItem = person.extend({
  id: z.number().int(),
  titleType: z.enum(['PERSONAL', 'COMPANY']),
  title: z.string(),
  taxNumber: z.string().nullable(),
  email: z.string(),
  amount: z.number().int().describe('开票金额（分）'),
  status: invoiceStatus,
  invoiceNo: z.string().nullable(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      title: z.string(),
      payAmount: z.number().int(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type AdminInvoiceItem = z.infer<typeof adminInvoiceItem>;

export const adminInvoiceList = defineRoute({
  method: 'GET',
  path: `${MONEY}/invoices`,
  summary: '发票申请：按状态与用户名筛选，含抬头、税号、金额与所含订单；待开具的在前',
  tag: TAG,
  access: 'admin',
  permission: 'money.invoice',
  query: pageQuery(20).extend({ status: invoiceStatus.optional(), userName: userNameFilter }),
  response: pageOf(adminInvoiceItem),
  example: { query: { current: 1, size: 20, status: 'REQUESTED' } },
});

/** Same rule as the CLI's invoice-issue (commerce/invoices.ts). */
export const INVOICE_NO_PATTERN = /^[0-9A-Za-z-]{6,32}$/;

export const adminInvoiceIssue = defineRoute({
  method: 'POST',
  path: `${MONEY}/invoice/issue`,
  summary: '登记已开具的发票号码（6-32 位字母、数字或“-”），用户收到消息',
  tag: TAG,
  access: 'admin',
  permission: 'money.invoice',
  body: idBody.extend({
    invoiceNo: z
      .string({ error: '请填写发票号码' })
      .trim()
      .regex(INVOICE_NO_PATTERN, '发票号码须为 6-32 位字母、数字或“-”'),
  }),
  response: adminInvoiceItem,
  example: { body: { id: 1, invoiceNo: '24110000000012345678' } },
});

export const adminInvoiceReject = defineRoute({
  method: 'POST',
  path: `${MONEY}/invoice/reject`,
  summary: '驳回开票申请并说明原因：其订单可重新申请开票，用户收到原因',
  tag: TAG,
  access: 'admin',
  permission: 'money.invoice',
  body: idBody.extend({ reason }),
  response: adminInvoiceItem,
  example: { body: { id: 1, reason: '抬头与付款人不一致' } },
});

// --- Coupons -----------------------------------------------------------------------------------------------------

export const adminCouponItem = person.extend({
  id: z.number().int(),
  name: z.string(),
  amountOff: z.number().int().describe('面额（分）'),
  threshold: z.number().int().describe('使用门槛（分），0 为无门槛'),
  resourceType: resourceType.nullable().describe('限定的资源类型，null 为不限'),
  validFrom: z.string(),
  validTo: z.string(),
  status: couponStatus,
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCouponItem = z.infer<typeof adminCouponItem>;

export const adminCouponList = defineRoute({
  method: 'GET',
  path: `${MONEY}/coupons`,
  summary: '已发放的优惠券：按状态（未使用、已使用、已过期）与用户名筛选，新发的在前',
  tag: TAG,
  access: 'admin',
  permission: 'money.coupon',
  query: pageQuery(20).extend({ status: couponStatus.optional(), userName: userNameFilter }),
  response: pageOf(adminCouponItem),
  example: { query: { current: 1, size: 20 } },
});

const fen = (what: string, min: number) =>
  z
    .number({ error: `${what}须为整数（分）` })
    .int(`${what}须为整数（分）`)
    .min(min, min > 0 ? `${what}须大于 0` : `${what}不能为负`)
    .max(10_000_000, `${what}不能超过 100000 元`);

export const adminCouponGrantBody = z
  .object({
    userNames: z
      .array(z.string().trim().min(1, '用户名不能为空').max(50, '用户名不能超过 50 个字符'), {
        error: '请填写领取人的用户名',
      })
      .min(1, '请填写领取人的用户名')
      .max(200, '一次最多发给 200 人'),
    name: z.string({ error: '请填写优惠券名称' }).trim().min(2, '名称至少 2 个字').max(30, '名称不能超过 30 个字'),
    amountOff: fen('面额', 1),
    threshold: fen('使用门槛', 0),
    validDays: z
      .number({ error: '有效天数须为 1-3650 的整数' })
      .int('有效天数须为 1-3650 的整数')
      .min(1, '有效天数须为 1-3650 的整数')
      .max(3650, '有效天数须为 1-3650 的整数'),
    resourceType: resourceType.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.threshold > 0 && value.amountOff > value.threshold) {
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: '面额不能大于使用门槛' });
    }
  });

export const adminCouponGrant = defineRoute({
  method: 'POST',
  path: `${MONEY}/coupons/grant`,
  summary: '给一个或多个用户（按用户名）各发一张优惠券：满门槛减面额，自今日起有效若干天，可限定资源类型',
  tag: TAG,
  access: 'admin',
  permission: 'money.coupon',
  body: adminCouponGrantBody,
  response: z.object({ granted: z.array(adminCouponItem) }),
  example: {
    body: {
      userNames: ['zhangxm'],
      name: '教研活动专享券',
      amountOff: 500,
      threshold: 0,
      validDays: 30,
      resourceType: null,
    },
  },
});

// --- Refunds -----------------------------------------------------------------------------------------------------

export const adminOrderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  title: z.string(),
  resourceId: z.number().int(),
  resourceType,
  buyer: person,
  seller: person,
  price: z.number().int().describe('标价（分）'),
  discount: z.number().int().describe('优惠券抵扣（分）'),
  payAmount: z.number().int().describe('实付（分）'),
  payMethod: z.enum(['BALANCE', 'COUPON', 'ALIPAY']).nullable(),
  commission: z.number().int(),
  sellerIncome: z.number().int(),
  status: orderStatus,
  paidAt: z.string().nullable(),
  settledAt: z.string().nullable().describe('卖家收入结算时间；已结算的订单不能退款'),
  refundedAt: z.string().nullable(),
  refundable: z.boolean(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;

const orderNo = z
  .string({ error: '请填写订单号' })
  .trim()
  .regex(/^\d{1,32}$/, '订单号须为数字');

export const adminOrderList = defineRoute({
  method: 'GET',
  path: `${MONEY}/orders`,
  summary: '已支付与已退款的订单（最近支付的在前）：按订单号、状态、买家用户名筛选',
  tag: TAG,
  access: 'admin',
  permission: 'money.refund',
  query: pageQuery(20).extend({
    orderNo: orderNo.optional(),
    status: orderStatus.optional(),
    userName: userNameFilter,
  }),
  response: pageOf(adminOrderItem),
  example: { query: { current: 1, size: 20, status: 'PAID' } },
});

export const adminOrderRefund = defineRoute({
  method: 'POST',
  path: `${MONEY}/order/refund`,
  summary:
    '订单退款（敏感操作，须再次输入登录密码）：仅限卖家收入尚未结算的已支付订单；冲正原支付分录，款项退回买家余额，优惠券退回',
  tag: TAG,
  access: 'admin',
  permission: 'money.refund',
  body: z.object({ orderNo, confirmPassword: confirmPasswordField }),
  response: adminOrderItem,
  example: { body: { orderNo: '20261126000000000001', confirmPassword: 'Admin@2026' } },
});

// --- Ledger ------------------------------------------------------------------------------------------------------

export const adminLedgerReport = z.object({
  consistent: z.boolean(),
  accounts: z.number().int(),
  transactions: z.number().int(),
  problems: z.array(z.object({ problem: z.string(), detail: z.string() })),
  totals: z.object({
    sales: z.number().int().describe('销售额（标价合计，已扣除退款）'),
    commission: z.number().int().describe('平台佣金'),
    taxWithheld: z.number().int().describe('代扣个人所得税'),
    pendingPayouts: z.number().int().describe('待打款（提现中的冻结金额）'),
    paidOut: z.number().int().describe('已打款（实发金额合计）'),
    balances: z.number().int().describe('用户余额合计'),
    incomePending: z.number().int().describe('待结算收入合计'),
    incomeAvailable: z.number().int().describe('可提现收入合计'),
    couponFunded: z.number().int().describe('平台承担的优惠券抵扣'),
  }),
  checkedAt: z.string(),
});
export type AdminLedgerReport = z.infer<typeof adminLedgerReport>;

export const adminLedgerCheck = defineRoute({
  method: 'GET',
  path: `${MONEY}/ledger`,
  summary:
    '核对账本：每笔交易借贷平衡、每个账户余额等于其分录合计、用户账户不为负；并给出平台合计（销售额、佣金、代扣个税、待打款）',
  tag: TAG,
  access: 'admin',
  permission: 'money.ledger',
  response: adminLedgerReport,
});

/** The administration console's money api. */
export const moneyRoutes = {
  adminVerificationList,
  adminVerificationDetail,
  adminVerificationApprove,
  adminVerificationReject,
  adminWithdrawalList,
  adminWithdrawalApprove,
  adminWithdrawalReject,
  adminInvoiceList,
  adminInvoiceIssue,
  adminInvoiceReject,
  adminCouponList,
  adminCouponGrant,
  adminOrderList,
  adminOrderRefund,
  adminLedgerCheck,
} as const;

/** Chinese labels of the audit actions this part records. */
export const MONEY_AUDIT_ACTIONS: Record<string, string> = {
  'verification.approve': '通过实名认证',
  'verification.reject': '驳回实名认证',
  'withdrawal.approve': '确认提现打款',
  'withdrawal.reject': '驳回提现',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回开票申请',
  'coupon.grant': '发放优惠券',
  'order.refund': '订单退款',
};
