import { CURATION_MESSAGES as M } from '../../console-messages/curation.ts';
import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { ADMIN, adminId, CONSOLE_TAG } from './console.ts';

/** How many featured courses and topics the classroom home shows (its course grid and topic row). */
export const FEATURED_LIMITS = { course: 8, topic: 4 } as const;
export const FEATURED_KINDS = { course: '课程', topic: '专题' } as const;
export type FeaturedKind = keyof typeof FEATURED_KINDS;
const featuredKind = z.enum(['course', 'topic'], { error: '推荐类型只能是课程或专题' });

/** A site path (not `//host`, which leaves the site) or an http(s) address, no spaces; empty: no link. */
export const BANNER_LINK_PATTERN = /^(\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/;
const chinaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

const bannerFields = z.object({
  title: z.string().trim().min(1, M.bannerTitleRequired).max(40, M.bannerTitleTooLong),
  subtitle: z.string().trim().max(80, M.bannerSubtitleTooLong).default(''),
  linkUrl: z
    .string()
    .trim()
    .max(500, M.bannerLinkInvalid)
    .refine((v) => v === '' || BANNER_LINK_PATTERN.test(v), M.bannerLinkInvalid)
    .default(''),
  enabled: z.boolean({ error: '启用状态有误' }).default(true),
  /** China-time days, both included; null: from now on / with no end. */
  startsOn: chinaDay.nullable().default(null),
  endsOn: chinaDay.nullable().default(null),
});
const datesInOrder = (b: { startsOn: string | null; endsOn: string | null }) =>
  !b.startsOn || !b.endsOn || b.startsOn <= b.endsOn;
export const bannerInput = bannerFields.refine(datesInOrder, { message: M.bannerDatesReversed });
const bannerUpdate = bannerFields.extend({ id: adminId }).refine(datesInOrder, { message: M.bannerDatesReversed });
export type BannerInput = z.infer<typeof bannerInput>;

export const BANNER_STATES = { active: '展示中', scheduled: '未开始', ended: '已结束', disabled: '已停用' } as const;
export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  state: z.enum(Object.keys(BANNER_STATES) as [keyof typeof BANNER_STATES, ...(keyof typeof BANNER_STATES)[]]),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannerList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/banners`,
  summary: '首页横幅：全部横幅按排序，含展示状态',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  response: z.array(adminBanner),
});

export const adminBannerCreate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/banners/create`,
  summary: '新建首页横幅（排在最后）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: bannerInput,
  example: { body: { title: '暑期教研活动', subtitle: '优秀课例征集中', linkUrl: '/pcourse/index' } },
  response: adminBanner,
});

export const adminBannerUpdate = defineRoute({
  method: 'POST',
  path: `${ADMIN}/banners/update`,
  summary: '修改首页横幅（标题、副标题、链接、启用、展示日期）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: bannerUpdate,
  example: { body: { id: 1, title: '暑期教研活动', subtitle: '', linkUrl: '', enabled: false } },
  response: adminBanner,
});

export const adminBannerDelete = defineRoute({
  method: 'POST',
  path: `${ADMIN}/banners/delete`,
  summary: '删除首页横幅',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({ id: adminId }),
  example: { body: { id: 1 } },
  response: z.null(),
});

export const adminBannerReorder = defineRoute({
  method: 'POST',
  path: `${ADMIN}/banners/reorder`,
  summary: '调整首页横幅顺序：全部横幅的编号按新顺序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({ ids: z.array(adminId).max(200) }),
  example: { body: { ids: [] } },
  response: z.array(adminBanner),
});

export const adminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const adminAnnouncementList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/announcements`,
  summary: '已发布的系统公告，新的在前',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(adminAnnouncement),
});

export const adminAnnouncementPublish = defineRoute({
  method: 'POST',
  path: `${ADMIN}/announcements/publish`,
  summary: '向全部用户发布系统公告（出现在每个人的消息中）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({
    title: z.string().trim().min(1, M.announcementTitleRequired).max(60, M.announcementTitleTooLong),
    content: z.string().trim().min(1, M.announcementContentRequired).max(2000, M.announcementContentTooLong),
    link: z
      .string()
      .trim()
      .max(500, M.bannerLinkInvalid)
      .refine((v) => v === '' || BANNER_LINK_PATTERN.test(v), M.bannerLinkInvalid)
      .default(''),
  }),
  example: { body: { title: '系统维护通知', content: '本周六 22:00 至 23:00 系统维护，期间暂停访问。' } },
  response: adminAnnouncement,
});

export const featuredItem = z.object({
  kind: featuredKind,
  id: z.number().int(),
  title: z.string(),
  authorName: z.string(),
  /** Courses: 学段 学科; topics: how many published courses. */
  detail: z.string(),
  /** False once it was taken down or deleted: the classroom no longer shows it, though it stays in the list. */
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type FeaturedItem = z.infer<typeof featuredItem>;

export const adminFeaturedList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/featured`,
  summary: '精品课堂推荐：推荐的课程与专题，按推荐顺序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  response: z.object({ courses: z.array(featuredItem), topics: z.array(featuredItem) }),
});

export const adminFeaturedCandidates = defineRoute({
  method: 'GET',
  path: `${ADMIN}/featured/candidates`,
  summary: '可推荐的已发布课程或专题（尚未推荐的，按标题关键词，新的在前）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  query: z.object({ kind: featuredKind, keyword: z.string().trim().max(50).optional() }),
  example: { query: { kind: 'course' } },
  response: z.array(featuredItem),
});

export const adminFeaturedAdd = defineRoute({
  method: 'POST',
  path: `${ADMIN}/featured/add`,
  summary: '推荐一门已发布的课程或一个专题（排在最后）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({ kind: featuredKind, id: adminId }),
  example: { body: { kind: 'course', id: 1 } },
  response: z.object({ courses: z.array(featuredItem), topics: z.array(featuredItem) }),
});

export const adminFeaturedRemove = defineRoute({
  method: 'POST',
  path: `${ADMIN}/featured/remove`,
  summary: '取消推荐',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({ kind: featuredKind, id: adminId }),
  example: { body: { kind: 'course', id: 1 } },
  response: z.object({ courses: z.array(featuredItem), topics: z.array(featuredItem) }),
});

export const adminFeaturedReorder = defineRoute({
  method: 'POST',
  path: `${ADMIN}/featured/reorder`,
  summary: '调整推荐顺序：该类型全部推荐项的编号按新顺序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'curation',
  body: z.object({ kind: featuredKind, ids: z.array(adminId).max(50) }),
  example: { body: { kind: 'course', ids: [] } },
  response: z.object({ courses: z.array(featuredItem), topics: z.array(featuredItem) }),
});

/** The administration console's curation api. */
export const curationRoutes = {
  adminBannerList,
  adminBannerCreate,
  adminBannerUpdate,
  adminBannerDelete,
  adminBannerReorder,
  adminAnnouncementList,
  adminAnnouncementPublish,
  adminFeaturedList,
  adminFeaturedCandidates,
  adminFeaturedAdd,
  adminFeaturedRemove,
  adminFeaturedReorder,
} as const;

/** Chinese labels of the audit actions this part records. */
export const CURATION_AUDIT_ACTIONS: Record<string, string> = {
  'banner.create': '新建首页横幅',
  'banner.update': '修改首页横幅',
  'banner.delete': '删除首页横幅',
  'banner.reorder': '调整首页横幅顺序',
  'announcement.publish': '发布系统公告',
  'featured.add': '推荐课程或专题',
  'featured.remove': '取消推荐课程或专题',
  'featured.reorder': '调整推荐顺序',
};
