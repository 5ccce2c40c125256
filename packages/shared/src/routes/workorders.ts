import { pageOf, pageQuery } from '../envelope.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

export const WORK_ORDER_CATEGORIES = {
  account: '账号问题',
  upload: '上传问题',
  resource: '资源问题',
  payment: '支付与提现',
  suggestion: '意见建议',
  other: '其他',
} as const;
export const WORK_ORDER_STATUS = {
  OPEN: '待处理',
  IN_PROGRESS: '处理中',
  ANSWERED: '已回复',
  CLOSED: '已关闭',
} as const;

export const workOrderItem = z.object({
  id: z.number().int(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  contact: z.string(),
  attachmentIds: z.array(z.string()),
  status: z.enum(['OPEN', 'IN_PROGRESS', 'ANSWERED', 'CLOSED']),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const workOrderInsert = defineRoute({
  method: 'POST',
  path: '/es//wo/insert',
  aliases: ['/es/wo/insert'],
  summary: '提交工单（附件为本人已上传的文件）',
  tag: '工单',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    category: z.enum(Object.keys(WORK_ORDER_CATEGORIES) as [string, ...string[]], { error: '请选择工单类型' }),
    title: z.string({ error: '请输入标题' }).trim().min(2, '标题至少 2 个字').max(100, '标题不能超过 100 个字'),
    description: z
      .string({ error: '请描述问题' })
      .trim()
      .min(5, '问题描述至少 5 个字')
      .max(2000, '问题描述不能超过 2000 个字'),
    contact: z.string({ error: '请留下联系方式' }).trim().min(5, '请留下联系方式').max(100),
    attachmentIds: z.array(z.string().min(1).max(64)).max(5, '附件最多 5 个').default([]),
  }),
  example: {
    body: { category: 'upload', title: '视频上传失败', description: '上传到一半提示网络异常', contact: '13912345602' },
  },
  response: workOrderItem,
});

export const workOrderInfo = defineRoute({
  method: 'GET',
  path: '/es//wo/info',
  aliases: ['/es/wo/info'],
  summary: '我的工单（给 id 时只返回该工单）',
  tag: '工单',
  access: 'user',
  query: pageQuery(10, 50).extend({ id: id.optional() }),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(workOrderItem),
});
