import { pageOf, pageQuery } from '../envelope.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const MY = '/es/resource/my';
const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

export const MESSAGE_TYPES = {
  review: '审核结果',
  purchase: '购买通知',
  sale: '售出通知',
  withdrawal: '提现结果',
  comment_reply: '评论回复',
  report: '举报处理',
  work_order: '工单回复',
  announcement: '系统公告',
} as const;
export const messageType = z.enum(
  Object.keys(MESSAGE_TYPES) as [keyof typeof MESSAGE_TYPES, ...(keyof typeof MESSAGE_TYPES)[]],
);

export const messageItem = z.object({
  id: z.number().int(),
  type: messageType,
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});

export const messageList = defineRoute({
  method: 'GET',
  path: `${MY}/messageList`,
  summary: '我的消息（每页 10 条，最新在前；可按已读/未读、类型筛选），含系统公告',
  tag: '消息',
  access: 'user',
  query: pageQuery(10, 50).extend({ read: z.enum(['0', '1']).optional(), type: messageType.optional() }),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(messageItem),
});

export const messageDetail = defineRoute({
  method: 'GET',
  path: `${MY}/messageDetail`,
  summary: '消息详情（同时标为已读）',
  tag: '消息',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: messageItem,
});

export const messageRead = defineRoute({
  method: 'GET',
  path: `${MY}/messageRead`,
  summary: '标为已读（可重复调用）',
  tag: '消息',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.object({ unread: z.number().int() }),
});

export const messageReadAll = defineRoute({
  method: 'GET',
  path: `${MY}/messageReadAll`,
  summary: '全部标为已读',
  tag: '消息',
  access: 'user',
  response: z.object({ unread: z.number().int() }),
});

export const unreadMessageCount = defineRoute({
  method: 'GET',
  path: `${MY}/unreadMessageCount`,
  summary: '未读消息数',
  tag: '消息',
  access: 'user',
  response: z.object({ unread: z.number().int() }),
});
