import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';

const MY = '/es/resource/my';
const TAG = '交易';

/**
 * Order states (OrderStatus): PENDING 待支付 → PAID 已支付 | CANCELLED 已取消 (by the buyer) | CLOSED 已关闭
 * (unpaid past its payment window); PAID → REFUNDED 已退款 (administrator, before settlement).
 */
export const ORDER_STATUS_LABELS = {
  PENDING: '待支付',
  PAID: '已支付',
  CANCELLED: '已取消',
  CLOSED: '已关闭',
  REFUNDED: '已退款',
} as const;
export const PAY_METHOD_LABELS = { BALANCE: '余额支付', COUPON: '优惠券', ALIPAY: '支付宝' } as const;
export const WITHDRAWAL_STATUS_LABELS = { PENDING: '审核中', PAID: '已到账', REJECTED: '已驳回' } as const;

const orderStatus = z.enum(['PENDING', 'PAID', 'CANCELLED', 'CLOSED', 'REFUNDED']);
const payMethod = z.enum(['BALANCE', 'COUPON', 'ALIPAY']);
const resourceType = z.enum(['MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT']);

export const orderNo = z
  .string({ error: '订单号不能为空' })
  .trim()
  .regex(/^\d{20}$/, '订单号格式不正确');
const resourceId = z.coerce.number({ error: '资源编号必须是数字' }).int().positive().max(2_147_483_647);
const couponId = z.coerce.number({ error: '优惠券编号必须是数字' }).int().positive().max(2_147_483_647);
export const payToken = z
  .string({ error: '请先验证支付密码' })
  .trim()
  .min(20, '支付凭证无效，请重新验证支付密码')
  .max(400, '支付凭证无效，请重新验证支付密码');
/** Fen as a whole number: strings, fractions, negatives and absurd sums are refused. */
const fen = (what: string) =>
  z
    .number({ error: `${what}必须是以分为单位的整数` })
    .int(`${what}必须是以分为单位的整数`)
    .positive(`${what}必须大于 0`)
    .max(100_000_000, `${what}过大`);
const year = z.coerce.number({ error: '年份必须是数字' }).int().min(2000, '年份有误').max(2100, '年份有误');
const days = z.coerce.number({ error: '天数必须是数字' }).int().min(7, '天数至少为 7').max(366, '天数最多为 366');

export const orderView = z.object({
  orderNo: z.string(),
  resourceId: z.number().int(),
  title: z.string(),
  resourceType,
  price: z.number().int(),
  discount: z.number().int(),
  payAmount: z.number().int(),
  couponId: z.number().int().nullable(),
  status: orderStatus,
  payMethod: payMethod.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

export const couponView = z.object({
  id: z.number().int(),
  name: z.string(),
  amountOff: z.number().int(),
  threshold: z.number().int(),
  resourceType: resourceType.nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  usedAt: z.string().nullable(),
  /** Why it cannot be used now (unusable list only): 已使用 / 已过期 / 未到使用时间 / 不满足使用门槛 / 不适用于该资源类型 / 已被其他订单占用. */
  reason: z.string().nullable(),
});
export type CouponView = z.infer<typeof couponView>;

const payInfo = z.object({
  order: orderView,
  /** The buyer's wallet balance in fen, to choose how to pay. */
  balance: z.number().int(),
  payPasswordSet: z.boolean(),
  usableCoupons: z.number().int(),
});

export const payInfoResource = defineRoute({
  method: 'GET',
  path: `${MY}/pay/info/resource`,
  summary:
    '购买付费资源：创建订单（按当前价格定价；已有待支付订单则沿用），返回订单与支付信息。免费资源、自己的资源、已购买的资源不能下单',
  tag: TAG,
  access: 'user',
  query: z.object({ resourceId }),
  example: { query: { resourceId: 1 } },
  response: payInfo,
});

export const payInfoOrder = defineRoute({
  method: 'GET',
  path: `${MY}/pay/info/order`,
  summary: '订单的支付信息（仅本人订单）',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo }),
  example: { query: { orderNo: '20261122000000000001' } },
  response: payInfo,
});

export const orderSuccess = defineRoute({
  method: 'GET',
  path: `${MY}/order/success`,
  summary: '查询订单是否已支付（支付后轮询）',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo }),
  example: { query: { orderNo: '20261122000000000001' } },
  response: z.object({ paid: z.boolean(), order: orderView }),
});

export const orderCancel = defineRoute({
  method: 'GET',
  path: `${MY}/cancel`,
  summary: '取消待支付订单（占用的优惠券退回）',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo }),
  example: { query: { orderNo: '20261122000000000001' } },
  response: orderView,
});

export const orderDelete = defineRoute({
  method: 'GET',
  path: `${MY}/delete`,
  summary: '从我的订单中删除（仅隐藏，记录保留；待支付订单需先取消）',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo }),
  example: { query: { orderNo: '20261122000000000001' } },
  response: z.object({ orderNo: z.string(), hidden: z.boolean() }),
});

const payResult = z.object({ order: orderView, balance: z.number().int() });

export const balancePay = defineRoute({
  method: 'GET',
  path: `${MY}/balance/pay`,
  summary:
    '余额支付（可同时使用一张优惠券）。先用 password/check 验证支付密码取得 payToken；请求头 Idempotency-Key 相同的重复请求返回第一次的结果',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo, payToken, couponId: couponId.optional() }),
  example: { query: { orderNo: '20261122000000000001', payToken: 'x'.repeat(40) } },
  response: payResult,
  rateLimit: { max: 30, timeWindowMs: 60_000 },
});

export const couponPay = defineRoute({
  method: 'POST',
  path: `${MY}/coupon/payPC`,
  summary:
    '用优惠券支付：券面额覆盖实付金额时无需支付密码；不足部分从余额扣除，需 payToken。支持 Idempotency-Key 请求头',
  tag: TAG,
  access: 'user',
  body: z.object({ orderNo, couponId, payToken: payToken.optional() }),
  example: { body: { orderNo: '20261122000000000001', couponId: 1 } },
  response: payResult,
  rateLimit: { max: 30, timeWindowMs: 60_000 },
});

export const alipayPay = defineRoute({
  method: 'POST',
  path: `${MY}/alipay/pay`,
  summary: '支付宝支付：返回收银台地址（内置沙箱或支付宝网关），可同时使用一张优惠券。支持 Idempotency-Key 请求头',
  tag: TAG,
  access: 'user',
  body: z.object({ orderNo, couponId: couponId.optional() }),
  example: { body: { orderNo: '20261122000000000001' } },
  response: z.object({ payUrl: z.string(), order: orderView }),
  rateLimit: { max: 30, timeWindowMs: 60_000 },
});

export const myCouponsUsable = defineRoute({
  method: 'GET',
  path: `${MY}/myCouponListUseable`,
  summary: '可用优惠券（传 orderNo 时只列出可用于该订单的），面额大的在前',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo: orderNo.optional() }),
  example: { query: {} },
  response: z.object({ objList: z.array(couponView) }),
});

export const myCouponsUnusable = defineRoute({
  method: 'GET',
  path: `${MY}/myCouponListUnuseable`,
  summary: '不可用的优惠券（已使用、已过期、未生效，或不适用于 orderNo 指定的订单），附原因',
  tag: TAG,
  access: 'user',
  query: z.object({ orderNo: orderNo.optional() }),
  example: { query: {} },
  response: z.object({ objList: z.array(couponView) }),
});

export const buyRecord = defineRoute({
  method: 'POST',
  path: `${MY}/buy/record`,
  summary: '我的订单（购买记录），最新在前，可按状态筛选；已删除的不列出',
  tag: TAG,
  access: 'user',
  body: pageQuery(10, 50).extend({ status: orderStatus.optional() }),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(orderView),
});

export const revenueItem = z.object({
  orderNo: z.string(),
  resourceId: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  commission: z.number().int(),
  income: z.number().int(),
  /** PENDING 待结算 / SETTLED 已结算 / REFUNDED 已退款. */
  state: z.enum(['PENDING', 'SETTLED', 'REFUNDED']),
  paidAt: z.string(),
  settlesAt: z.string(),
  buyer: z.string(),
});

export const revenueRecord = defineRoute({
  method: 'POST',
  path: `${MY}/revenue/record`,
  summary: '收入明细：售出的订单、平台佣金、我的收入与结算状态，最新在前',
  tag: TAG,
  access: 'user',
  body: pageQuery(10, 50),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(revenueItem),
});

export const expenditureItem = z.object({
  orderNo: z.string(),
  resourceId: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  discount: z.number().int(),
  payAmount: z.number().int(),
  payMethod,
  status: orderStatus,
  paidAt: z.string(),
  invoiced: z.boolean(),
});

export const expenditureRecord = defineRoute({
  method: 'POST',
  path: `${MY}/expenditure/record`,
  summary: '支出明细：已支付（含后来退款）的订单，最新在前',
  tag: TAG,
  access: 'user',
  body: pageQuery(10, 50),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(expenditureItem),
});

export const withdrawalItem = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  tax: z.number().int(),
  netAmount: z.number().int(),
  alipayNickname: z.string(),
  status: z.enum(['PENDING', 'PAID', 'REJECTED']),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const withdrawalRecord = defineRoute({
  method: 'POST',
  path: `${MY}/withdrawal/record`,
  summary: '提现记录（每笔的代扣个税与实际到账金额），最新在前',
  tag: TAG,
  access: 'user',
  body: pageQuery(10, 50),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(withdrawalItem),
});

export const withdrawalPreview = defineRoute({
  method: 'GET',
  path: `${MY}/withdrawal/preview`,
  summary: '提现试算：按劳务报酬所得预扣个人所得税，返回税额与实际到账金额',
  tag: TAG,
  access: 'user',
  query: z.object({ amount: z.coerce.number({ error: '金额必须是数字' }).pipe(fen('提现金额')) }),
  example: { query: { amount: 500_000 } },
  response: z.object({ amount: z.number().int(), tax: z.number().int(), netAmount: z.number().int() }),
});

export const withdrawal = defineRoute({
  method: 'POST',
  path: `${MY}/withdrawal`,
  summary:
    '申请提现到绑定的支付宝：需实名认证、支付密码（payToken）；金额从可提现收入中冻结，管理员审核后到账或退回。支持 Idempotency-Key 请求头',
  tag: TAG,
  access: 'user',
  body: z.object({ amount: fen('提现金额'), payToken }),
  example: { body: { amount: 1000, payToken: 'x'.repeat(40) } },
  response: withdrawalItem,
  rateLimit: { max: 10, timeWindowMs: 60_000 },
});

const alipayBinding = z.object({
  bound: z.boolean(),
  nickname: z.string().nullable(),
  /** Masked Alipay user id. */
  account: z.string().nullable(),
  boundAt: z.string().nullable(),
  /** Where to send the browser to authorize (when no auth_code was given). */
  authorizeUrl: z.string().nullable(),
});

/** Alipay comes back with `auth_code` and the `state` we sent (it ties the binding to the user who started it). */
const alipayAuthQuery = z.object({
  auth_code: z.string().trim().min(1, '授权码无效').max(400, '授权码无效').optional(),
  state: z.string().trim().max(200, '授权信息无效').optional(),
});

export const alipayOauth = defineRoute({
  method: 'GET',
  path: `${MY}/alipay/oauth2`,
  summary: '绑定支付宝：不带 auth_code 时返回授权地址；授权回来带 auth_code 时完成绑定（已绑定时请用 replace/alipay）',
  tag: TAG,
  access: 'user',
  query: alipayAuthQuery,
  example: { query: {} },
  response: alipayBinding,
});

export const replaceAlipay = defineRoute({
  method: 'GET',
  path: `${MY}/replace/alipay`,
  summary: '更换绑定的支付宝：不带 auth_code 时返回授权地址；带 auth_code 时换绑（有审核中的提现时不能更换）',
  tag: TAG,
  access: 'user',
  query: alipayAuthQuery,
  example: { query: {} },
  response: alipayBinding,
});

export const accountInfo = defineRoute({
  method: 'GET',
  path: `${MY}/account/info`,
  summary: '我的账户：余额、待结算收入、可提现收入、提现中金额、累计收入与提现、代扣个税、支付宝绑定与规则',
  tag: TAG,
  access: 'user',
  response: z.object({
    balance: z.number().int(),
    pendingIncome: z.number().int(),
    availableIncome: z.number().int(),
    withdrawing: z.number().int(),
    totalIncome: z.number().int(),
    totalWithdrawn: z.number().int(),
    totalTax: z.number().int(),
    alipay: alipayBinding,
    payPasswordSet: z.boolean(),
    verification: z.enum(['NONE', 'PENDING', 'APPROVED', 'REJECTED']),
    rules: z.object({
      minWithdrawal: z.number().int(),
      settlementDays: z.number().int(),
      commissionPercent: z.number(),
    }),
  }),
});

export const sellerStatistics = defineRoute({
  method: 'GET',
  path: `${MY}/statistics`,
  summary: '卖家概览：在售资源数、累计售出、累计收入、本月售出与收入、购买人数',
  tag: TAG,
  access: 'user',
  response: z.object({
    resourcesOnSale: z.number().int(),
    totalSales: z.number().int(),
    totalIncome: z.number().int(),
    monthSales: z.number().int(),
    monthIncome: z.number().int(),
    buyers: z.number().int(),
  }),
});

const dailyPoint = z.object({ date: z.string(), sales: z.number().int(), income: z.number().int() });

export const amountStatistics = defineRoute({
  method: 'GET',
  path: `${MY}/amount/statistics`,
  summary: '近 N 天（默认 30）每天的售出数与收入（北京时间按日）',
  tag: TAG,
  access: 'user',
  query: z.object({ days: days.default(30) }),
  example: { query: { days: 30 } },
  response: z.object({ points: z.array(dailyPoint) }),
});

export const resourceStatistics = defineRoute({
  method: 'GET',
  path: `${MY}/resource/statistics`,
  summary: '我的一个资源近 N 天每天的售出、收入与下载，及累计数',
  tag: TAG,
  access: 'user',
  query: z.object({ resourceId, days: days.default(30) }),
  example: { query: { resourceId: 1, days: 30 } },
  response: z.object({
    resourceId: z.number().int(),
    title: z.string(),
    price: z.number().int(),
    totalSales: z.number().int(),
    totalIncome: z.number().int(),
    totalDownloads: z.number().int(),
    points: z.array(dailyPoint.extend({ downloads: z.number().int() })),
  }),
});

export const revenueExpenditure = defineRoute({
  method: 'GET',
  path: `${MY}/revenue/expenditure`,
  summary: '某年每月的收入与支出（默认今年）',
  tag: TAG,
  access: 'user',
  query: z.object({ year: year.optional() }),
  example: { query: { year: 2026 } },
  response: z.object({
    year: z.number().int(),
    months: z.array(z.object({ month: z.number().int(), income: z.number().int(), expenditure: z.number().int() })),
  }),
});

export const annualAccount = defineRoute({
  method: 'GET',
  path: `${MY}/annual/account`,
  summary: '年度账单：全年收入、平台佣金、支出、提现、代扣个税与实际到账（默认今年）',
  tag: TAG,
  access: 'user',
  query: z.object({ year: year.optional() }),
  example: { query: { year: 2026 } },
  response: z.object({
    year: z.number().int(),
    sales: z.number().int(),
    grossSales: z.number().int(),
    commission: z.number().int(),
    income: z.number().int(),
    purchases: z.number().int(),
    expenditure: z.number().int(),
    withdrawn: z.number().int(),
    tax: z.number().int(),
    netWithdrawn: z.number().int(),
  }),
});
