import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const roleRef = z.object({
  roleTypeId: z.coerce.number().int().positive().max(2_147_483_647),
  roleId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const roleEntry = z.object({ roleTypeId: z.number().int(), roleId: z.number().int(), roleName: z.string() });

export const getRoleList = defineRoute({
  method: 'GET',
  path: '/api/open/center/getRoleList',
  summary: '当前用户的角色列表，第一项为主角色（roleTypeId、roleId 取自它）',
  tag: '个人中心',
  access: 'user',
  response: z.array(roleEntry),
});

export const centerInfo = z.object({
  memberId: z.string(),
  realName: z.string(),
  userName: z.string(),
  scStage: z.number().int().nullable().describe('学段 id'),
  special: z.number().int().nullable().describe('学科 id'),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  phone: z.string().nullable().describe('脱敏手机号'),
  idCard: z.string().nullable().describe('脱敏身份证号'),
  roleTypeId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Holds an administrative permission: the user menu offers 管理后台 (/admin). */
  hasConsole: z.boolean(),
  wechatBound: z.boolean(),
  wechatNickname: z.string().nullable(),
});
export type CenterInfo = z.infer<typeof centerInfo>;

export const getCenterInfo = defineRoute({
  method: 'GET',
  path: '/api/open/center/getCenterInfo',
  summary: '个人信息（以给定角色查看；角色须属于当前用户）',
  tag: '个人中心',
  access: 'user',
  query: roleRef.partial(),
  example: { query: { roleTypeId: 1, roleId: 1 } },
  response: centerInfo,
});

/** The personal centre's profile: the roster's fields (read-only here) and what the user edits. */
export const profileView = z.object({
  memberId: z.string(),
  userName: z.string(),
  realName: z.string(),
  schoolName: z.string(),
  stageId: z.number().int().nullable(),
  subjectId: z.number().int().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  bio: z.string(),
  avatarFileId: z.string().nullable(),
  avatarUrl: z.string().nullable().describe('头像（短时有效的签名地址）'),
});
export type ProfileView = z.infer<typeof profileView>;

export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/open/center/profile',
  summary: '个人中心的个人资料（本人）：头像、姓名、学校、学段学科、个人简介',
  tag: '个人中心',
  access: 'user',
  response: profileView,
});

const dictId = z.number().int().positive().max(2_147_483_647);

export const profileSave = defineRoute({
  method: 'POST',
  path: '/api/open/center/profile',
  summary: '修改本人的头像、个人简介与学段学科（姓名与学校由名册与管理员维护）',
  tag: '个人中心',
  access: 'user',
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  body: z.object({
    bio: z.string().trim().max(200, MESSAGES.profile.bioTooLong),
    avatarFileId: z.string().min(1).max(64).nullable(),
    stageId: dictId.nullable(),
    subjectId: dictId.nullable(),
  }),
  example: { body: { bio: '热爱课堂，专注小学语文阅读教学。', avatarFileId: null, stageId: null, subjectId: null } },
  response: profileView,
});

export const getSubjectOption = defineRoute({
  method: 'GET',
  path: '/api/open/getSubjectOption',
  summary: '学科选项：给定学段时为该学段的学科，否则为全部学科（按名称去重）',
  tag: '字典',
  access: 'public',
  query: z.object({ stageId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  example: { query: {} },
  response: z.array(z.object({ id: z.number().int(), dictName: z.string() })),
});

export const areaEntry = z.object({
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  hasChildren: z.boolean(),
});

export const getAreaDict = defineRoute({
  method: 'GET',
  path: '/api/open/getAreaDict',
  summary: '行政区划：不给 parentCode 时为省级，否则为其下级（市、区县）',
  tag: '字典',
  access: 'public',
  query: z.object({
    parentCode: z
      .string()
      .regex(/^\d{6}$/, '行政区划代码须为 6 位数字')
      .optional(),
  }),
  example: { query: {} },
  response: z.array(areaEntry),
});
