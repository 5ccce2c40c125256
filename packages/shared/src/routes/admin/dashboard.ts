import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { WORK_ORDER_STATUS, workOrderItem } from '../workorders.ts';
import { ADMIN, adminId, CONSOLE_TAG } from './console.ts';

/** Chinese names of the background tasks, as the dashboard's queue table shows them. */
export const JOB_TASK_NAMES: Record<string, string> = {
  'media:derive': '媒体处理（转码、预览、缩略图）',
  'commerce:close-expired-orders': '关闭超时未付订单',
  'commerce:settle-income': '收入到期结算',
  'commerce:purge-idempotency-keys': '清理过期幂等键',
  'uploads:sweep-expired': '清理过期分片上传',
};

const figures = z.object({
  /** Resources submitted (created) in the period. */
  uploads: z.number().int(),
  downloads: z.number().int(),
  views: z.number().int(),
  /** Paid orders (refunded ones excluded) and what they brought in, in fen. */
  sales: z.number().int(),
  salesAmount: z.number().int(),
  /** Accounts created in the period. */
  newTeachers: z.number().int(),
  /** Schools with a member who uploaded a resource or logged in during the period. */
  activeSchools: z.number().int(),
});
export type DashboardFigures = z.infer<typeof figures>;

export const dashboardData = z.object({
  /** What the figures cover: the whole district, one school, or one stage (and subject). */
  scope: z.object({ kind: z.enum(['all', 'school', 'subject']), label: z.string() }),
  /** Today (China time) and the 30 days ending today. */
  today: figures,
  last30Days: figures,
  /** Resources waiting for review now. */
  pendingReviews: z.number().int(),
  /** Bytes of the stored files (of the scope's members outside the district scope). */
  storageBytes: z.number(),
  /** One entry per China day, oldest first, 30 entries ending today. */
  days: z.array(z.object({ day: z.string(), uploads: z.number(), downloads: z.number(), views: z.number() })),
  /** The background job queue (district scope only; empty otherwise). */
  jobs: z.array(
    z.object({
      task: z.string(),
      name: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  /**
   * What the api converts documents and media with (system tools or the built-in ones), a Chinese line each
   * (district scope only; empty otherwise).
   */
  converters: z.array(z.string()),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const adminDashboard = defineRoute({
  method: 'GET',
  path: `${ADMIN}/dashboard`,
  summary:
    '数据概览：今日与近 30 天的上传、下载、浏览、销售、新用户、活跃学校，待审核数，存储用量，任务队列（按管理范围）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dashboard',
  response: dashboardData,
});

// ---- Dictionaries: stages, subjects, areas ----

const dictName = z
  .string({ error: '请输入名称' })
  .trim()
  .min(1, '请输入名称')
  .max(20, '名称不能超过 20 个字')
  .regex(/^[\p{Script=Han}A-Za-z0-9（）()·、 ]+$/u, '名称只能包含汉字、字母、数字与括号');
const aliasList = z
  .array(
    z
      .string()
      .trim()
      .min(1, '别名不能为空')
      .max(20, '别名不能超过 20 个字')
      .regex(/^[\p{Script=Han}A-Za-z0-9]+$/u, '别名只能包含汉字、字母与数字'),
  )
  .max(10, '别名最多 10 个');

export const adminDictEntry = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  aliases: z.array(z.string()),
});
export type AdminDictEntry = z.infer<typeof adminDictEntry>;

export const adminDictTree = defineRoute({
  method: 'GET',
  path: `${ADMIN}/dict`,
  summary: '学段与学科（含已停用的），按顺序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  response: z.array(adminDictEntry.extend({ subjects: z.array(adminDictEntry) })),
});

export const adminDictCreate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/dict/create`,
  summary: '新增学段（stageId 为空，需给代码）或某学段的学科，排在最后',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z
    .object({
      stageId: adminId.optional(),
      code: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9-]{1,29}$/, '学段代码为 2–30 个小写字母、数字或连字符，以字母开头')
        .optional(),
      name: dictName,
      aliases: aliasList.default([]),
    })
    .refine((b) => b.stageId !== undefined || b.code !== undefined, {
      error: '新增学段需填写学段代码',
      path: ['code'],
    }),
  response: adminDictEntry,
  example: { body: { stageId: 1, name: '书法', aliases: ['写字'] } },
});

export const adminDictUpdate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/dict/update`,
  summary: '改名、启用或停用（停用的不再出现在选择列表中，已有资源保留并照常显示名称）、修改别名',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z
    .object({
      id: adminId,
      name: dictName.optional(),
      enabled: z.boolean({ error: '启用状态应为是或否' }).optional(),
      aliases: aliasList.optional(),
    })
    .refine((b) => b.name !== undefined || b.enabled !== undefined || b.aliases !== undefined, {
      error: '没有要修改的内容',
    }),
  response: adminDictEntry,
  example: { body: { id: 2, enabled: true } },
});

const direction = z.enum(['up', 'down'], { error: '方向只能是上移或下移' });

export const adminDictMove = defineRoute({
  method: 'POST',
  path: `${ADMIN}/dict/move`,
  summary: '学段或学科在同级中上移或下移一位',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z.object({ id: adminId, direction }),
  response: z.object({ moved: z.boolean() }),
  example: { body: { id: 2, direction: 'down' } },
});

export const adminAreaNode = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  name: z.string(),
  level: z.number().int(),
  sort: z.number().int(),
});
export type AdminAreaNode = z.infer<typeof adminAreaNode>;

export const adminAreaList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/areas`,
  summary: '地区（省、市、区县）全部节点，按上级与顺序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  response: z.array(adminAreaNode),
});

const areaName = z
  .string({ error: '请输入地区名称' })
  .trim()
  .min(1, '请输入地区名称')
  .max(30, '地区名称不能超过 30 个字')
  .regex(/^[\p{Script=Han}A-Za-z0-9（）()·]+$/u, '地区名称只能包含汉字、字母、数字与括号');
const areaCode = z.string({ error: '请输入地区代码' }).regex(/^\d{6}$/, '地区代码为 6 位数字');

export const adminAreaCreate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/areas/create`,
  summary: '新增地区：省（无上级）、市或区县，排在同级最后',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z.object({ parentCode: areaCode.optional(), code: areaCode, name: areaName }),
  response: adminAreaNode,
  example: { body: { parentCode: '110100', code: '110199', name: '示例区' } },
});

export const adminAreaUpdate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/areas/update`,
  summary: '地区改名',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z.object({ code: areaCode, name: areaName }),
  response: adminAreaNode,
  example: { body: { code: '110101', name: '东城区' } },
});

export const adminAreaMove = defineRoute({
  method: 'POST',
  path: `${ADMIN}/areas/move`,
  summary: '地区在同级中上移或下移一位',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'dict',
  body: z.object({ code: areaCode, direction }),
  response: z.object({ moved: z.boolean() }),
  example: { body: { code: '110102', direction: 'up' } },
});

// ---- Work orders ----

const workOrderStatus = z.enum(Object.keys(WORK_ORDER_STATUS) as [keyof typeof WORK_ORDER_STATUS], {
  error: '工单状态不正确',
});

export const adminWorkOrderItem = workOrderItem.extend({
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string(),
});
export type AdminWorkOrderItem = z.infer<typeof adminWorkOrderItem>;

export const adminWorkOrderList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/workorders`,
  summary: '工单列表（可按状态筛选），新的在前',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'workorders',
  query: pageQuery(20).extend({ status: workOrderStatus.optional() }),
  response: pageOf(adminWorkOrderItem),
  example: { query: { current: 1, size: 20, status: 'OPEN' } },
});

export const adminWorkOrderReply = defineRoute({
  method: 'POST',
  path: `${ADMIN}/workorders/reply`,
  summary: '回复工单（提交人收到站内消息）；已关闭的工单不能回复',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'workorders',
  body: z.object({
    id: adminId,
    reply: z.string({ error: '请输入回复内容' }).trim().min(2, '回复至少 2 个字').max(2000, '回复不能超过 2000 个字'),
  }),
  response: adminWorkOrderItem,
  example: { body: { id: 1, reply: '已处理，请重新上传试试。' } },
});

export const adminWorkOrderClose = defineRoute({
  method: 'POST',
  path: `${ADMIN}/workorders/close`,
  summary: '关闭工单',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'workorders',
  body: z.object({ id: adminId }),
  response: adminWorkOrderItem,
  example: { body: { id: 1 } },
});

/** The administration console's dashboard api. */
export const dashboardRoutes = {
  adminDashboard,
  adminDictTree,
  adminDictCreate,
  adminDictUpdate,
  adminDictMove,
  adminAreaList,
  adminAreaCreate,
  adminAreaUpdate,
  adminAreaMove,
  adminWorkOrderList,
  adminWorkOrderReply,
  adminWorkOrderClose,
} as const;

/** Chinese labels of the audit actions this part records. */
export const DASHBOARD_AUDIT_ACTIONS: Record<string, string> = {
  'dict.create': '新增学段或学科',
  'dict.update': '修改学段或学科',
  'dict.move': '调整学段或学科顺序',
  'area.create': '新增地区',
  'area.update': '地区改名',
  'area.move': '调整地区顺序',
  'workorder.reply': '回复工单',
  'workorder.close': '关闭工单',
};
