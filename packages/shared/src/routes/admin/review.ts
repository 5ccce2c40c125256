import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { REPORT_CATEGORIES } from '../library/interactions.ts';
import { resourceDetail, resourceStatus, resourceType } from '../library/resources.ts';
import { ADMIN, adminId, CONSOLE_TAG } from './console.ts';

/** The administration console's review api: resources, courses and topics, and reports. */

const REVIEW = `${ADMIN}/review`;

/** A reviewer's reason (rejection, takedown, dismissal): what the author or reporter reads in their message. */
const reason = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(200, `${what}不能超过 200 个字`);

const keyword = z.string().trim().max(50, '关键词不能超过 50 个字').optional();

/**
 * Where a pending resource waits in two-level review: 1 for its school's first approval, 2 for the district
 * (a 教研员 of its stage and subject, or a district administrator). With one level every pending resource is at 1.
 */
export const reviewLevel = z.union([z.literal(1), z.literal(2)]);

export const reviewQueueItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: resourceType,
  authorName: z.string(),
  schoolName: z.string().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  submittedAt: z.string().describe('提交（或修改后重新提交）的时间'),
  price: z.number().int().describe('价格，单位：分'),
  fileType: z.string().nullable().describe('第一个文件的扩展名'),
  fileSize: z.number().int().nullable().describe('第一个文件的大小（字节）'),
  fileCount: z.number().int(),
  level: reviewLevel,
  schoolReviewerName: z.string().nullable().describe('两级审核：给出学校初审的管理员'),
  /** Whether this administrator may decide on it now (their scope and the level it waits at). */
  actionable: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const adminReviewQueue = defineRoute({
  method: 'GET',
  path: `${REVIEW}/resources`,
  summary: '待审核资源：本人管理范围内，按类型、学段、学科、标题关键词与审核级别筛选，按提交时间排序',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.resources',
  query: pageQuery(20).extend({
    type: resourceType.optional(),
    stageId: adminId.optional(),
    subjectId: adminId.optional(),
    keyword,
    level: z.coerce.number().pipe(reviewLevel).optional().describe('两级审核时：1 待学校初审，2 待区县终审'),
    sortWay: z.enum(['ASC', 'DESC']).default('ASC').describe('按提交时间：ASC 先提交的在前（默认）'),
  }),
  response: pageOf(reviewQueueItem).extend({ reviewLevels: reviewLevel }),
  example: { query: { current: 1, size: 20 } },
});

export const reviewResourceDetail = resourceDetail.extend({
  authorName: z.string(),
  schoolName: z.string().nullable(),
  submittedAt: z.string(),
  level: reviewLevel.nullable().describe('待审核时所在级别'),
  schoolReviewerName: z.string().nullable(),
  schoolReviewedAt: z.string().nullable(),
  actionable: z.boolean(),
  openReports: z.number().int(),
});
export type ReviewResourceDetail = z.infer<typeof reviewResourceDetail>;

export const adminReviewResource = defineRoute({
  method: 'GET',
  path: `${REVIEW}/resource`,
  summary:
    '审核用的资源详情（任何状态，本人管理范围内）；其文件可经 onlinePreview 预览（审核人对范围内资源的文件有读取权）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.resources',
  query: z.object({ id: adminId }),
  response: reviewResourceDetail,
  example: { query: { id: 1 } },
});

export const reviewDecision = z.object({
  id: z.number().int(),
  title: z.string(),
  outcome: z
    .enum(['published', 'school_approved'])
    .describe('published 已发布；school_approved 学校初审通过，待区县终审'),
});

export const adminReviewApprove = defineRoute({
  method: 'POST',
  path: `${REVIEW}/resources/approve`,
  summary:
    '审核通过一个或一批资源（最多 50 个）：一级审核时发布；两级审核时学校管理员给出初审，教研员与区县管理员发布。已被他人处理的跳过',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.resources',
  body: z.object({
    ids: z
      .array(adminId, { error: '请选择要通过的资源' })
      .min(1, '请选择要通过的资源')
      .max(50, '一次最多通过 50 个资源'),
  }),
  response: z.object({
    approved: z.array(reviewDecision),
    skipped: z.array(z.object({ id: z.number().int(), title: z.string(), reason: z.string() })),
  }),
  example: { body: { ids: [1] } },
});

export const adminReviewReject = defineRoute({
  method: 'POST',
  path: `${REVIEW}/resources/reject`,
  summary: '驳回待审核资源，原因必填（作者会收到站内消息）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.resources',
  body: z.object({ id: adminId, reason: reason('驳回原因') }),
  response: reviewDecision.pick({ id: true, title: true }),
  example: { body: { id: 1, reason: '缺少教学目标' } },
});

export const adminReviewTakedown = defineRoute({
  method: 'POST',
  path: `${REVIEW}/resources/takedown`,
  summary: '下架已发布的资源，原因必填（作者与未处理举报的举报人会收到站内消息，举报记为已处理）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.resources',
  body: z.object({ id: adminId, reason: reason('下架原因') }),
  response: reviewDecision.pick({ id: true, title: true }),
  example: { body: { id: 1, reason: '内容有误' } },
});

export const classroomKind = z.enum(['course', 'topic'], { error: '类型须为课程或专题' });
export type ClassroomKind = z.infer<typeof classroomKind>;

export const classroomQueueItem = z.object({
  id: z.number().int(),
  kind: classroomKind,
  title: z.string(),
  description: z.string(),
  authorName: z.string(),
  schoolName: z.string().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  /** Course: its lessons; topic: the titles of its courses. */
  parts: z.array(z.string()),
  submittedAt: z.string(),
});
export type ClassroomQueueItem = z.infer<typeof classroomQueueItem>;

export const adminClassroomQueue = defineRoute({
  method: 'GET',
  path: `${REVIEW}/classroom`,
  summary: '待审核的课程或专题（本人管理范围内），先提交的在前',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.classroom',
  query: pageQuery(20).extend({ kind: classroomKind.default('course'), keyword }),
  response: pageOf(classroomQueueItem),
  example: { query: { kind: 'course', current: 1, size: 20 } },
});

export const adminClassroomApprove = defineRoute({
  method: 'POST',
  path: `${REVIEW}/classroom/approve`,
  summary: '审核通过课程或专题（发布，作者会收到站内消息）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.classroom',
  body: z.object({ kind: classroomKind, id: adminId }),
  response: z.object({ id: z.number().int(), title: z.string() }),
  example: { body: { kind: 'course', id: 1 } },
});

export const adminClassroomReject = defineRoute({
  method: 'POST',
  path: `${REVIEW}/classroom/reject`,
  summary: '驳回课程或专题，原因必填（作者会收到站内消息）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'review.classroom',
  body: z.object({ kind: classroomKind, id: adminId, reason: reason('驳回原因') }),
  response: z.object({ id: z.number().int(), title: z.string() }),
  example: { body: { kind: 'course', id: 1, reason: '课时不完整' } },
});

const reportCategory = z.enum(Object.keys(REPORT_CATEGORIES) as [string, ...string[]]);

export const reportGroup = z.object({
  resourceId: z.number().int(),
  title: z.string(),
  type: resourceType,
  status: resourceStatus,
  authorName: z.string(),
  count: z.number().int().describe('未处理的举报数'),
  categories: z.array(z.object({ category: z.string(), label: z.string(), count: z.number().int() })),
  reporters: z.array(z.string()).describe('举报人姓名（去重）'),
  latest: z
    .array(
      z.object({
        id: z.number().int(),
        reporterName: z.string(),
        category: z.string(),
        label: z.string(),
        content: z.string(),
        createdAt: z.string(),
      }),
    )
    .describe('最近的举报（最多 5 条）'),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const adminReportGroups = defineRoute({
  method: 'GET',
  path: `${ADMIN}/reports`,
  summary: '未处理的举报，按资源归并（举报数、类型、最近的举报内容与举报人），举报多的在前',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'reports',
  query: pageQuery(20).extend({ category: reportCategory.optional() }),
  response: pageOf(reportGroup),
  example: { query: { current: 1, size: 20 } },
});

export const adminReportDismiss = defineRoute({
  method: 'POST',
  path: `${ADMIN}/reports/dismiss`,
  summary: '驳回某资源的全部未处理举报（说明必填，举报人会收到站内消息）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'reports',
  body: z.object({ resourceId: adminId, note: reason('处理说明') }),
  response: z.object({ resourceId: z.number().int(), closed: z.number().int() }),
  example: { body: { resourceId: 1, note: '经核查未发现问题' } },
});

export const adminReportTakedown = defineRoute({
  method: 'POST',
  path: `${ADMIN}/reports/takedown`,
  summary: '举报成立：下架资源，关闭其全部未处理举报（原因必填，作者与举报人会收到站内消息）',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'reports',
  body: z.object({ resourceId: adminId, reason: reason('下架原因') }),
  response: z.object({ resourceId: z.number().int(), closed: z.number().int() }),
  example: { body: { resourceId: 1, reason: '侵犯版权' } },
});

/** The administration console's review api. */
export const reviewRoutes = {
  adminReviewQueue,
  adminReviewResource,
  adminReviewApprove,
  adminReviewReject,
  adminReviewTakedown,
  adminClassroomQueue,
  adminClassroomApprove,
  adminClassroomReject,
  adminReportGroups,
  adminReportDismiss,
  adminReportTakedown,
} as const;

/** Chinese labels of the audit actions this part records. */
export const REVIEW_AUDIT_ACTIONS: Record<string, string> = {
  'resource.approve': '审核通过资源（发布）',
  'resource.school_approve': '学校初审通过资源',
  'resource.reject': '驳回资源',
  'resource.takedown': '下架资源',
  'course.approve': '审核通过课程',
  'course.reject': '驳回课程',
  'topic.approve': '审核通过专题',
  'topic.reject': '驳回专题',
  'report.dismiss': '驳回举报',
  'report.takedown': '举报成立并下架资源',
};
