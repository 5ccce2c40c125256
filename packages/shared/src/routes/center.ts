import { pageOf, pageQuery } from '../envelope.ts';
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

export const getStudioList = defineRoute({
  method: 'GET',
  path: '/api/open/center/getStudioList',
  summary: '该角色可进入的工作室（名称与跳转地址）',
  tag: '个人中心',
  access: 'user',
  query: roleRef,
  example: { query: { roleTypeId: 1, roleId: 1 } },
  response: z.object({ list: z.array(z.object({ name: z.string(), toUrl: z.string() })) }),
});

export const projectEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.string().describe('级别：国家级/省级/市级/区级/校级'),
  status: z.string(),
  memberRole: z.string().describe('在项目中的身份：主持人/成员'),
  startDate: z.string(),
  endDate: z.string().nullable(),
});

export const getProjectPage = defineRoute({
  method: 'GET',
  path: '/api/open/center/getProjectPage',
  summary: '我参与的项目（课题），分页',
  tag: '个人中心',
  access: 'user',
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(projectEntry),
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
