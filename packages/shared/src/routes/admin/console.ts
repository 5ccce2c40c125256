import { pageOf, pageQuery } from '../../envelope.ts';
import { PERMISSION_CODES, ROLE_SCOPES, type RoleScope } from '../../permissions.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';

/** Paths of the administration console's api. */
export const ADMIN = '/api/admin';
export const CONSOLE_TAG = '管理后台';

/** A positive database id in a query or body. */
export const adminId = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

/** The administrator's login password, asked again for sensitive actions (payouts, role changes). */
export const confirmPasswordField = z.string().max(64, '密码过长').optional();

const permissionCode = z.enum(PERMISSION_CODES as [string, ...string[]]);
const roleScope = z.enum(Object.keys(ROLE_SCOPES) as [RoleScope, ...RoleScope[]]);

export const consoleIdentity = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  roles: z.array(z.object({ code: z.string(), name: z.string(), scope: roleScope })),
  permissions: z.array(permissionCode),
  scope: z.object({
    all: z.boolean(),
    schoolId: z.number().int().nullable(),
    schoolName: z.string().nullable(),
    stageId: z.number().int().nullable(),
    stageName: z.string().nullable(),
    subjectId: z.number().int().nullable(),
    subjectName: z.string().nullable(),
  }),
  /** 1: one review publishes; 2: the school approves first, then the district (教研员 or district administrator). */
  reviewLevels: z.union([z.literal(1), z.literal(2)]),
});
export type ConsoleIdentity = z.infer<typeof consoleIdentity>;

export const adminMe = defineRoute({
  method: 'GET',
  path: `${ADMIN}/me`,
  summary: '当前管理员：角色、权限与管理范围',
  tag: CONSOLE_TAG,
  access: 'admin',
  response: consoleIdentity,
});

export const auditItem = z.object({
  id: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .optional();

export const adminAuditList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/audit`,
  summary: '操作日志（只增不改）：按操作人、操作、对象、关键词与日期查询，新的在前',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'audit',
  query: pageQuery(20).extend({
    actorId: adminId.optional(),
    action: z.string().max(60).optional(),
    targetType: z.string().max(40).optional(),
    targetId: z.string().max(60).optional(),
    keyword: z.string().trim().max(50).optional(),
    from: dateText,
    to: dateText,
  }),
  response: pageOf(auditItem).extend({
    actions: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  example: { query: { current: 1, size: 20 } },
});

export const consoleRoutes = { adminMe, adminAuditList } as const;
