import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';

const MY = '/es/resource/my';

export const INVOICE_STATUS = {
  REQUESTED: '开票中',
  ISSUED: '已开具',
  REJECTED: '已驳回',
} as const;

export const INVOICE_TITLE_TYPES = {
  PERSONAL: '个人',
  COMPANY: '单位',
} as const;

/** Characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** An 18-character unified social credit code whose last character is its GB 32100-2015 check character. */
export const isValidUscc = (code: string): boolean => {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(code)) return false;
  const sum = USCC_WEIGHTS.reduce((acc, w, i) => acc + w * USCC_CHARS.indexOf(code[i]!), 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === code[17];
};

/**
 * A buyer's tax number: 15–20 capital letters or digits (older registrations have 15 or 20), and when it has 18
 * characters it must be a valid unified social credit code.
 */
export const isValidTaxNumber = (value: string): boolean =>
  /^[0-9A-Z]{15,20}$/.test(value) && (value.length !== 18 || isValidUscc(value));

const orderId = z
  .number({ error: '订单编号有误' })
  .int('订单编号有误')
  .positive('订单编号有误')
  .max(2_147_483_647, '订单编号有误');

export const invoiceApplyBody = z
  .object({
    orderIds: z
      .array(orderId, { error: '请选择要开票的订单' })
      .min(1, '请选择要开票的订单')
      .max(50, '一次最多为 50 个订单开票'),
    titleType: z.enum(['PERSONAL', 'COMPANY'], { error: '请选择抬头类型（个人或单位）' }),
    title: z
      .string({ error: '请输入发票抬头' })
      .trim()
      .min(2, '发票抬头至少 2 个字')
      .max(100, '发票抬头不能超过 100 个字'),
    taxNumber: z
      .string({ error: '税号须为 15-20 位大写字母或数字' })
      .trim()
      .toUpperCase()
      .max(20, '税号须为 15-20 位大写字母或数字')
      .optional(),
    email: z
      .string({ error: '请输入接收发票的邮箱' })
      .trim()
      .max(100, '邮箱不能超过 100 个字符')
      .pipe(z.email({ error: '请输入正确的邮箱地址' })),
  })
  .superRefine((value, ctx) => {
    if (value.titleType === 'COMPANY' && !value.taxNumber) {
      ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: '单位抬头须填写税号（统一社会信用代码）' });
    } else if (value.taxNumber && !isValidTaxNumber(value.taxNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxNumber'],
        message: '税号有误：须为 15-20 位大写字母或数字，18 位的统一社会信用代码校验位须正确',
      });
    }
  });

export const invoiceOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  title: z.string().describe('资源标题'),
  payAmount: z.number().int().describe('实付金额（分）'),
  paidAt: z.string().nullable(),
});

export const invoiceItem = z.object({
  id: z.number().int(),
  titleType: z.enum(['PERSONAL', 'COMPANY']),
  title: z.string(),
  taxNumber: z.string().nullable(),
  email: z.string(),
  amount: z.number().int().describe('开票金额（分）：所含订单实付金额之和'),
  status: z.enum(['REQUESTED', 'ISSUED', 'REJECTED']),
  invoiceNo: z.string().nullable(),
  reviewNote: z.string().nullable().describe('驳回原因'),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  orders: z.array(invoiceOrder).describe('所含订单（被驳回的申请不再占用订单，此处为空）'),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const invoiceApply = defineRoute({
  method: 'POST',
  path: `${MY}/invoice`,
  summary:
    '申请开票：本人已支付、实付金额大于 0 且未在开票中或已开具的订单（1-50 个），抬头类型个人或单位（单位须填税号），发票发送到邮箱；一个订单只能开一张发票',
  tag: '发票',
  access: 'user',
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  body: invoiceApplyBody,
  example: {
    body: {
      orderIds: [1],
      titleType: 'COMPANY',
      title: '北京市海淀区实验中学',
      taxNumber: '91350100M000100Y43',
      email: 'caiwu@example.com',
    },
  },
  response: invoiceItem,
});

export const invoiceRecord = defineRoute({
  method: 'GET',
  path: `${MY}/invoice/record`,
  summary: '我的开票记录（最新在前），含各申请的订单',
  tag: '发票',
  access: 'user',
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(invoiceItem),
});

export const invoiceOrders = defineRoute({
  method: 'GET',
  path: `${MY}/invoice/orders`,
  summary: '可开票的订单：本人已支付、实付金额大于 0、未在开票中或已开具（最近支付的在前）',
  tag: '发票',
  access: 'user',
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(invoiceOrder),
});
