import { pageOf, pageQuery } from '../envelope.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';
import { resourceCard } from './library/resources.ts';

/** Studios (名师工作室): a home per studio at /auth/studio/<code>, members, shared resources and announcements. */

const S = '/api/open/studio';
const TAG = '名师工作室';
const WRITE_LIMIT = { max: 30, timeWindowMs: 60_000 };
const READ_LIMIT = { max: 240, timeWindowMs: 60_000 };

const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, '工作室编号不正确');
const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);
const roleRef = z.object({
  roleTypeId: z.coerce.number().int().positive().max(2_147_483_647),
  roleId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const getStudioList = defineRoute({
  method: 'GET',
  path: '/api/open/center/getStudioList',
  summary: '该角色可进入的工作室与本人所在的工作室（名称与跳转地址，不重复）',
  tag: '个人中心',
  access: 'user',
  query: roleRef,
  example: { query: { roleTypeId: 1, roleId: 1 } },
  response: z.object({ list: z.array(z.object({ name: z.string(), toUrl: z.string() })) }),
});

export const studioPerson = z.object({
  memberId: z.string(),
  realName: z.string(),
  schoolName: z.string().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  avatarUrl: z.string().nullable().describe('头像（短时有效的签名地址），没有时为 null'),
});
export type StudioPerson = z.infer<typeof studioPerson>;

export const studioHomeView = z.object({
  code: z.string(),
  name: z.string(),
  intro: z.string(),
  toUrl: z.string(),
  coverUrl: z.string().nullable().describe('封面图（短时有效的签名地址），没有时为 null'),
  coverFileId: z.string().nullable(),
  leader: studioPerson.nullable(),
  memberCount: z.number().int(),
  resourceCount: z.number().int().describe('当前可见（已发布）的分享资源数'),
  announcementCount: z.number().int(),
  viewer: z.object({
    isMember: z.boolean(),
    isLeader: z.boolean(),
  }),
});
export type StudioHomeView = z.infer<typeof studioHomeView>;

export const studioHome = defineRoute({
  method: 'GET',
  path: `${S}/home`,
  summary: '工作室主页：简介、负责人、成员数与资源、公告数（所有人可看）',
  tag: TAG,
  access: 'public',
  rateLimit: READ_LIMIT,
  query: z.object({ code }),
  example: { query: { code: '1001' } },
  response: studioHomeView,
});

export const studioMember = studioPerson.extend({ isLeader: z.boolean(), joinedAt: z.string() });
export type StudioMemberView = z.infer<typeof studioMember>;

export const studioMembers = defineRoute({
  method: 'GET',
  path: `${S}/members`,
  summary: '工作室成员（负责人在前，其余按加入时间），分页',
  tag: TAG,
  access: 'public',
  rateLimit: READ_LIMIT,
  query: pageQuery(20, 100).extend({ code }),
  example: { query: { code: '1001', current: 1, size: 20 } },
  response: pageOf(studioMember),
});

export const studioResourceCard = resourceCard.extend({
  sharedAt: z.string(),
  sharedByName: z.string(),
  sharedByMemberId: z.string(),
});
export type StudioResourceCard = z.infer<typeof studioResourceCard>;

export const studioResources = defineRoute({
  method: 'GET',
  path: `${S}/resources`,
  summary: '成员分享到工作室的资源（只列已发布且未删除的，最新分享在前），分页',
  tag: TAG,
  access: 'public',
  rateLimit: READ_LIMIT,
  query: pageQuery(12, 48).extend({ code }),
  example: { query: { code: '1001', current: 1, size: 12 } },
  response: pageOf(studioResourceCard),
});

export const studioAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  authorName: z.string(),
});
export type StudioAnnouncementView = z.infer<typeof studioAnnouncement>;

export const studioAnnouncements = defineRoute({
  method: 'GET',
  path: `${S}/announcements`,
  summary: '工作室公告（最新在前），分页',
  tag: TAG,
  access: 'public',
  rateLimit: READ_LIMIT,
  query: pageQuery(10, 50).extend({ code }),
  example: { query: { code: '1001', current: 1, size: 10 } },
  response: pageOf(studioAnnouncement),
});

export const studioShareable = defineRoute({
  method: 'GET',
  path: `${S}/shareable`,
  summary: '本人可分享到该工作室的资源：本人已发布的资源及是否已分享（仅成员）',
  tag: TAG,
  access: 'user',
  query: pageQuery(10, 50).extend({ code, keyword: z.string().trim().max(50).optional() }),
  example: { query: { code: '1001', current: 1, size: 10 } },
  response: pageOf(resourceCard.extend({ shared: z.boolean() })),
});

const account = z.string().trim().min(1, '请输入用户名或手机号').max(64);

export const studioMemberAdd = defineRoute({
  method: 'POST',
  path: `${S}/member/add`,
  summary: '负责人按用户名或手机号添加成员',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code, account }),
  example: { body: { code: '1001', account: 'liujy' } },
  response: studioMember,
});

export const studioMemberRemove = defineRoute({
  method: 'POST',
  path: `${S}/member/remove`,
  summary: '负责人移出成员（不能移出负责人）；其分享的资源一并撤回',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code, memberId: z.string().trim().min(1).max(64) }),
  example: { body: { code: '1001', memberId: 'M000000' } },
  response: z.null(),
});

export const studioLeave = defineRoute({
  method: 'POST',
  path: `${S}/leave`,
  summary: '成员退出工作室（负责人不能退出）；本人分享的资源一并撤回',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code }),
  example: { body: { code: '1001' } },
  response: z.null(),
});

export const studioIntroSave = defineRoute({
  method: 'POST',
  path: `${S}/intro`,
  summary: '负责人修改工作室简介与封面（封面须为本人上传的图片；不传 coverFileId 则不改，null 为去掉封面）',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({
    code,
    intro: z.string().trim().max(1000, '简介不能超过 1000 个字'),
    coverFileId: z.string().min(1).max(64).nullable().optional(),
  }),
  example: { body: { code: '1001', intro: '聚焦课堂教学研究。' } },
  response: z.object({ intro: z.string(), coverUrl: z.string().nullable() }),
});

export const studioAnnouncementSave = defineRoute({
  method: 'POST',
  path: `${S}/announcement/save`,
  summary: '负责人发布公告',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({
    code,
    title: z.string().trim().min(1, '请输入公告标题').max(50, '公告标题不能超过 50 个字'),
    body: z.string().trim().min(1, '请输入公告内容').max(2000, '公告内容不能超过 2000 个字'),
  }),
  example: { body: { code: '1001', title: '本周教研活动', body: '周三下午在多功能厅集体备课。' } },
  response: studioAnnouncement,
});

export const studioAnnouncementDelete = defineRoute({
  method: 'POST',
  path: `${S}/announcement/delete`,
  summary: '负责人删除公告',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code, id }),
  example: { body: { code: '1001', id: 1 } },
  response: z.null(),
});

export const studioShare = defineRoute({
  method: 'POST',
  path: `${S}/resource/share`,
  summary: '成员把本人已发布的资源分享到工作室',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code, resourceId: id }),
  example: { body: { code: '1001', resourceId: 1 } },
  response: z.null(),
});

export const studioUnshare = defineRoute({
  method: 'POST',
  path: `${S}/resource/remove`,
  summary: '从工作室移除分享的资源：成员撤回本人分享的，负责人可移除任何一条',
  tag: TAG,
  access: 'user',
  rateLimit: WRITE_LIMIT,
  body: z.object({ code, resourceId: id }),
  example: { body: { code: '1001', resourceId: 1 } },
  response: z.null(),
});
