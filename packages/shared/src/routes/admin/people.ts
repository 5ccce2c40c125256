import { pageOf, pageQuery } from '../../envelope.ts';
import { PERMISSION_CODES, type Permission, ROLE_SCOPES, type RoleScope } from '../../permissions.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { ADMIN, adminId, CONSOLE_TAG, confirmPasswordField } from './console.ts';

/**
 * The console's people api: users, the roster import, schools and the permissions of roles. The format rules of a
 * person (user name, phone, ID card…) are checked by the roster import on the server, for the roster and for users
 * created one by one alike.
 */

const permissionCode = z.enum(PERMISSION_CODES as [Permission, ...Permission[]]);
const roleScope = z.enum(Object.keys(ROLE_SCOPES) as [RoleScope, ...RoleScope[]]);
const userStatus = z.enum(['ACTIVE', 'DISABLED']);

/** The columns of a roster CSV, in the template's order (`school` may be left out: everyone in the default school). */
export const ROSTER_COLUMNS = [
  'realName',
  'userName',
  'phone',
  'idCard',
  'stage',
  'subject',
  'school',
  'role',
  'password',
] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

/** A roster row as written (every column text; the server resolves names and codes). */
export const rosterValues = z.object({
  realName: z.string().max(100),
  userName: z.string().max(100),
  phone: z.string().max(40),
  idCard: z.string().max(40),
  stage: z.string().max(40),
  subject: z.string().max(40),
  school: z.string().max(100),
  role: z.string().max(40),
});

export const rosterOutcome = z.enum(['create', 'update', 'unchanged', 'rejected']);
export type RosterOutcome = z.infer<typeof rosterOutcome>;

export const rosterRowResult = z.object({
  /** Line of the file (the header is line 1). */
  line: z.number().int(),
  values: rosterValues,
  outcome: rosterOutcome,
  /** Why a row was rejected (Chinese), else null. */
  reason: z.string().nullable(),
});
export type RosterRowResult = z.infer<typeof rosterRowResult>;

export const rosterResult = z.object({
  rows: z.array(rosterRowResult),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type RosterResult = z.infer<typeof rosterResult>;

const rosterBody = z.object({
  csv: z.string().min(1, '请上传或粘贴名册内容').max(1_000_000, '名册过大，请分批导入（单次不超过 1 MB）'),
});

const EXAMPLE_ROSTER =
  'realName,userName,phone,idCard,stage,subject,school,role,password\n孙晓燕,sunxy,13900001111,,小学,语文,hdsy,teacher,Start@2026';

export const adminRosterPreview = defineRoute({
  method: 'POST',
  path: `${ADMIN}/roster/preview`,
  summary: '名册导入预览：逐行给出将新建、更新、不变或拒绝（附原因），不写入',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: rosterBody,
  response: rosterResult,
  example: { body: { csv: EXAMPLE_ROSTER } },
});

export const adminRosterCommit = defineRoute({
  method: 'POST',
  path: `${ADMIN}/roster/commit`,
  summary: '名册导入：重新校验后写入（同样的名册得到与预览相同的结果），按用户名幂等',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: rosterBody,
  response: rosterResult,
  example: { body: { csv: EXAMPLE_ROSTER } },
});

const namedRole = z.object({ id: z.number().int(), code: z.string(), name: z.string(), scope: roleScope });

export const adminUserRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  /** Masked in the list (110105********0020); whole in the detail. */
  idCard: z.string().nullable(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  stageId: z.number().int().nullable(),
  stageName: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  roles: z.array(namedRole),
  /** PENDING / REJECTED: a self-registered applicant (注册审核), listed only when asked for. */
  status: z.enum(['ACTIVE', 'DISABLED', 'PENDING', 'REJECTED']),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserSort = z.enum(['createdAt', 'userName', 'realName']);

export const adminUserList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/users`,
  summary: '用户列表：按姓名、用户名、手机号搜索，按学校、角色、状态、学段、学科筛选（学校管理员只见本校）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.read',
  query: pageQuery(20).extend({
    keyword: z.string().trim().max(50).optional(),
    schoolId: adminId.optional(),
    roleId: adminId.optional(),
    status: userStatus.optional(),
    stageId: adminId.optional(),
    subjectId: adminId.optional(),
    sort: adminUserSort.default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: pageOf(adminUserRow),
  example: { query: { current: 1, size: 20 } },
});

export const adminUserDetail = defineRoute({
  method: 'GET',
  path: `${ADMIN}/users/detail`,
  summary: '用户详情：资料、角色、登录锁定、会话数',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.read',
  query: z.object({ id: adminId }),
  response: adminUserRow.extend({
    memberId: z.string(),
    /** Until when the login is locked after too many wrong passwords (China time), or null. */
    lockedUntil: z.string().nullable(),
    sessionCount: z.number().int(),
    passwordChangedAt: z.string().nullable(),
    updatedAt: z.string(),
  }),
  example: { query: { id: 1 } },
});
export type AdminUserDetail = z.infer<typeof adminUserDetail.response>;

export const adminUserOptions = defineRoute({
  method: 'GET',
  path: `${ADMIN}/users/options`,
  summary: '用户表单与筛选的选项：可管理的学校、角色、学段与学科',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.read',
  response: z.object({
    schools: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), retired: z.boolean() })),
    roles: z.array(namedRole),
    stages: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
      }),
    ),
  }),
});
export type AdminUserOptions = z.infer<typeof adminUserOptions.response>;

export const adminUserCreate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users`,
  summary: '新建用户：与名册的一行相同（学段、学科写名称，学校写编码或名称，角色写编码），校验规则相同',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: rosterValues.extend({ password: z.string().max(64, '初始密码过长') }),
  response: z.object({ id: z.number().int() }),
  example: {
    body: {
      realName: '周明',
      userName: 'zhouming',
      phone: '',
      idCard: '',
      stage: '初中',
      subject: '数学',
      school: '',
      role: 'teacher',
      password: 'Start@2026',
    },
  },
});

export const adminUserUpdate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users/update`,
  summary: '编辑用户：姓名、手机号、身份证号、学段、学科；学校只有全区管理员可改',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: z.object({
    id: adminId,
    realName: z.string().trim().min(1, '姓名不能为空').max(30, '姓名过长'),
    phone: z.string().trim().max(20),
    idCard: z.string().trim().max(20),
    stageId: adminId.nullable(),
    subjectId: adminId.nullable(),
    schoolId: adminId.optional(),
  }),
  response: z.object({ id: z.number().int() }),
  example: {
    body: { id: 3, realName: '李建国', phone: '13912345602', idCard: '', stageId: null, subjectId: null },
  },
});

export const adminUserSetStatus = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users/status`,
  summary: '停用（同时退出其全部会话）或启用用户',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: z.object({ id: adminId, status: userStatus }),
  response: z.object({ id: z.number().int(), status: userStatus }),
  example: { body: { id: 6, status: 'ACTIVE' } },
});

export const adminUserResetPassword = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users/reset-password`,
  summary: '重置登录密码（8-32 位，含字母和数字）：退出其全部会话并解除登录锁定',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: z.object({ id: adminId, password: z.string().min(1, '请填写新密码').max(64, '密码过长') }),
  response: z.object({ id: z.number().int() }),
  example: { body: { id: 6, password: 'Reset@2026' } },
});

export const adminUserUnlock = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users/unlock`,
  summary: '解除因密码错误过多造成的登录锁定',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: z.object({ id: adminId }),
  response: z.object({ id: z.number().int(), wasLocked: z.boolean() }),
  example: { body: { id: 6 } },
});

export const adminUserSetRoles = defineRoute({
  method: 'POST',
  path: `${ADMIN}/users/roles`,
  summary: '设置用户的角色（需再次输入登录密码）；持有全区范围角色者即为管理员',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.roles',
  body: z.object({
    id: adminId,
    roleIds: z.array(adminId).min(1, '至少保留一个角色').max(20),
    confirmPassword: confirmPasswordField,
  }),
  response: z.object({ id: z.number().int(), roles: z.array(namedRole) }),
  example: { body: { id: 6, roleIds: [1], confirmPassword: 'Admin@2026' } },
});

export const adminSchoolRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  areaCode: z.string().nullable(),
  /** 省 / 市 / 区县, as far as the code is known. */
  areaPath: z.array(z.object({ code: z.string(), name: z.string() })),
  sort: z.number().int(),
  retired: z.boolean(),
  memberCount: z.number().int(),
  isDefault: z.boolean(),
});
export type AdminSchoolRow = z.infer<typeof adminSchoolRow>;

export const adminSchoolList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/schools`,
  summary: '学校列表：所在地区、成员人数、状态（按地区、排序号）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'schools',
  query: z.object({ keyword: z.string().trim().max(50).optional() }),
  response: z.array(adminSchoolRow),
  example: { query: {} },
});

const schoolFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/, '学校编码为 2-32 位字母、数字、下划线或连字符，以字母或数字开头'),
  name: z.string().trim().min(2, '学校名称至少 2 个字').max(50, '学校名称不超过 50 字'),
  areaCode: z
    .string()
    .regex(/^\d{6}$/, '行政区划代码须为 6 位数字')
    .nullable(),
  sort: z.coerce.number().int().min(0, '排序号不能为负').max(9999, '排序号不超过 9999'),
});

export const adminSchoolCreate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/schools`,
  summary: '新建学校（编码唯一）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'schools',
  body: schoolFields,
  response: z.object({ id: z.number().int() }),
  example: { body: { code: 'hdyy', name: '海淀区育英学校', areaCode: '110108', sort: 20 } },
});

export const adminSchoolUpdate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/schools/update`,
  summary: '编辑学校：名称、编码、地区、排序号',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'schools',
  body: schoolFields.extend({ id: adminId }),
  response: z.object({ id: z.number().int() }),
  example: { body: { id: 2, code: 'hdsy', name: '海淀区实验小学', areaCode: '110108', sort: 1 } },
});

export const adminSchoolRetire = defineRoute({
  method: 'POST',
  path: `${ADMIN}/schools/retire`,
  summary: '停用或恢复学校：停用的学校保留原有成员，不再接收新成员',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'schools',
  body: z.object({ id: adminId, retired: z.boolean() }),
  response: z.object({ id: z.number().int(), retired: z.boolean() }),
  example: { body: { id: 2, retired: false } },
});

export const adminRoleRow = namedRole.extend({
  permissions: z.array(permissionCode),
  userCount: z.number().int(),
  /** The district administrator's role always keeps every permission. */
  fixed: z.boolean(),
});
export type AdminRoleRow = z.infer<typeof adminRoleRow>;

export const adminRoleList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/roles`,
  summary: '角色列表：管理范围、权限与持有人数',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.roles',
  response: z.array(adminRoleRow),
});

export const adminRoleSetPermissions = defineRoute({
  method: 'POST',
  path: `${ADMIN}/roles/permissions`,
  summary: '设置角色的权限（需再次输入登录密码；区县管理员角色始终拥有全部权限）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.roles',
  body: z.object({
    roleId: adminId,
    permissions: z.array(permissionCode).max(PERMISSION_CODES.length * 2),
    confirmPassword: confirmPasswordField,
  }),
  response: adminRoleRow,
  example: {
    body: {
      roleId: 2,
      permissions: ['dashboard', 'review.resources', 'review.classroom', 'catalogue'],
      confirmPassword: 'Admin@2026',
    },
  },
});

export const peopleRoutes = {
  adminUserList,
  adminUserDetail,
  adminUserOptions,
  adminUserCreate,
  adminUserUpdate,
  adminUserSetStatus,
  adminUserResetPassword,
  adminUserUnlock,
  adminUserSetRoles,
  adminRosterPreview,
  adminRosterCommit,
  adminSchoolList,
  adminSchoolCreate,
  adminSchoolUpdate,
  adminSchoolRetire,
  adminRoleList,
  adminRoleSetPermissions,
} as const;

/** Chinese labels of the audit actions this part records. */
export const PEOPLE_AUDIT_ACTIONS: Record<string, string> = {
  'user.create': '新建用户',
  'user.update': '编辑用户',
  'user.disable': '停用用户',
  'user.enable': '启用用户',
  'user.password.reset': '重置用户密码',
  'user.unlock': '解除登录锁定',
  'user.roles': '设置用户角色',
  'roster.preview': '预览名册导入',
  'roster.import': '导入名册',
  'roster.user.create': '名册导入新建用户',
  'roster.user.update': '名册导入更新用户',
  'school.create': '新建学校',
  'school.update': '编辑学校',
  'school.retire': '停用学校',
  'school.restore': '恢复学校',
  'role.permissions': '设置角色权限',
};
