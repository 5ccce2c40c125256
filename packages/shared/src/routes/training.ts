import { pageBean, pageQuery } from '../envelope.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const percent = z.number().int().min(0).max(100).describe('学习进度（整数百分比 0–100）：已学课时 / 关联课程的课时');

export const projectEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.string().describe('级别：国家级/省级/市级/区级/校级'),
  status: z.string().describe('项目状态，如 进行中、已结题'),
  memberRole: z.string().describe('在项目中的身份：主持人/成员'),
  startDate: z.string(),
  endDate: z.string().nullable(),
  intro: z.string().describe('项目简介'),
  courseCount: z.number().int().describe('关联的精品课程数'),
  progress: percent,
});
export type ProjectEntry = z.infer<typeof projectEntry>;

export const getProjectPage = defineRoute({
  method: 'GET',
  path: '/api/open/center/getProjectPage',
  summary: '我参与的研修项目（课题），分页；可按状态筛选，statusCounts 为各状态的项目数',
  tag: '研修中心',
  access: 'user',
  query: pageQuery(10, 50).extend({
    status: z.string().trim().min(1).max(20).optional().describe('只看该状态的项目，如 进行中'),
  }),
  example: { query: { current: 1, size: 10 } },
  response: z.object({
    objList: z.array(projectEntry),
    pageBean,
    statusCounts: z.array(z.object({ status: z.string(), count: z.number().int() })),
  }),
});

export const projectCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  coverFileId: z.string().nullable(),
  required: z.boolean().describe('必修（true）或选修（false）'),
  lessonCount: z.number().int(),
  studiedCount: z.number().int().describe('我已学的课时数'),
  progress: percent,
  href: z.string().describe('课程页地址（/pcourse/courseDetail?id=）'),
});
export type ProjectCourse = z.infer<typeof projectCourse>;

export const projectDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  intro: z.string(),
  organizer: z.string().describe('组织单位'),
  requiredHours: z.number().int().nullable().describe('要求学时（未设置为 null）'),
  memberRole: z.string().describe('我在项目中的身份'),
  lessonCount: z.number().int(),
  studiedCount: z.number().int(),
  progress: percent,
  members: z.array(z.object({ name: z.string(), school: z.string().nullable(), memberRole: z.string() })),
  courses: z.array(projectCourse),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const getProjectDetail = defineRoute({
  method: 'GET',
  path: '/api/open/center/getProjectDetail',
  summary: '研修项目详情：简介、组织单位、成员、关联课程与我的学习进度；仅项目成员可看',
  tag: '研修中心',
  access: 'user',
  query: z.object({ id: z.coerce.number({ error: '项目编号必须是数字' }).int().positive().max(2_147_483_647) }),
  example: { query: { id: 1 } },
  // Ids are sequential: a limit keeps anyone from walking them to learn which projects exist.
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  response: projectDetail,
});
