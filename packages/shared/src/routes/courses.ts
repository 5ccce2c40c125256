import { pageOf, pageQuery } from '../envelope.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';
import { resourceCard, resourceStatus } from './library/resources.ts';

const C = '/api/course';
const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);
const dictId = z.coerce.number().int().positive().max(2_147_483_647);

export const COURSE_CATEGORIES = [
  { id: 1, name: '学科教学' },
  { id: 2, name: '班主任工作' },
  { id: 3, name: '信息技术应用' },
  { id: 4, name: '教育科研' },
  { id: 5, name: '心理健康教育' },
] as const;
export const TITLE_CATEGORIES = [
  { code: 'lecture', name: '讲授' },
  { code: 'experiment', name: '实验' },
  { code: 'practice', name: '练习' },
  { code: 'extension', name: '拓展' },
] as const;

export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverFileId: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  stageId: z.number().int().nullable(),
  subjectId: z.number().int().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  authorName: z.string(),
  lessonCount: z.number().int(),
  /** Distinct learners other than the author. */
  studyCount: z.number().int(),
  status: resourceStatus,
  publishedAt: z.string().nullable(),
});

export const lesson = z.object({
  id: z.number().int(),
  title: z.string(),
  sort: z.number().int(),
  categoryCode: z.string().nullable(),
  resourceId: z.number().int().nullable(),
  resourceType: z.string().nullable(),
  progress: z.object({ position: z.number().int(), completed: z.boolean() }).nullable(),
});
export const chapter = z.object({
  id: z.number().int(),
  title: z.string(),
  sort: z.number().int(),
  lessons: z.array(lesson),
});

export const courseDetail = courseCard.extend({
  chapters: z.array(chapter),
  isOwner: z.boolean(),
  reviewNote: z.string().nullable(),
  resume: z.object({ titleId: z.number().int(), position: z.number().int() }).nullable().describe('上次学到的课时'),
});

export const courseCategories = defineRoute({
  method: 'GET',
  path: `${C}/course/category`,
  summary: '课程分类',
  tag: '精品课堂',
  access: 'public',
  response: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const titleCategories = defineRoute({
  method: 'GET',
  path: `${C}/title/category`,
  summary: '课时类型（讲授、实验、练习、拓展）',
  tag: '精品课堂',
  access: 'public',
  response: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const courseList = defineRoute({
  method: 'POST',
  path: `${C}/course/list`,
  summary: '已发布的课程（按分类、学段、学科、关键词筛选，最新在前）',
  tag: '精品课堂',
  access: 'public',
  body: pageQuery(12, 50).extend({
    categoryId: dictId.nullable().optional(),
    stageId: dictId.nullable().optional(),
    subjectId: dictId.nullable().optional(),
    keyword: z.string().trim().max(50).optional(),
  }),
  example: { body: { current: 1, size: 12 } },
  response: pageOf(courseCard),
});

export const courseHome = defineRoute({
  method: 'GET',
  path: `${C}/home/data`,
  summary: '精品课堂首页：最新专题与课程、分类',
  tag: '精品课堂',
  access: 'public',
  response: z.object({
    topics: z.array(
      z.object({ id: z.number().int(), title: z.string(), description: z.string(), courseCount: z.number().int() }),
    ),
    courses: z.array(courseCard),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

export const courseInfo = defineRoute({
  method: 'GET',
  path: `${C}/course/info`,
  summary: '课程详情：章节与课时（按顺序）、我的学习进度；未发布的仅作者与管理员可看',
  tag: '精品课堂',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: courseDetail,
});

export const coursePreview = defineRoute({
  method: 'GET',
  path: `${C}/preview`,
  summary: '课程预览（/coursePreview 用，无站点框架）：同课程详情',
  tag: '精品课堂',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: courseDetail,
});

export const titleList = defineRoute({
  method: 'POST',
  path: `${C}/title/list`,
  summary: '课程的章节与课时',
  tag: '精品课堂',
  access: 'public',
  body: z.object({ courseId: id }),
  example: { body: { courseId: 1 } },
  response: z.array(chapter),
});

export const titleInfo = defineRoute({
  method: 'GET',
  path: `${C}/title/info`,
  summary: '课时详情：所用资源与我的进度',
  tag: '精品课堂',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: lesson.extend({ courseId: z.number().int(), resource: resourceCard.nullable() }),
});

export const study = defineRoute({
  method: 'GET',
  path: `${C}/study`,
  summary: '记录学习进度（秒）与是否学完；下次从此处继续',
  tag: '精品课堂',
  access: 'user',
  query: z.object({
    titleId: id,
    position: z.coerce.number().int().min(0).max(86_400),
    completed: z.enum(['0', '1']).default('0'),
  }),
  example: { query: { titleId: 1, position: 60, completed: '0' } },
  response: z.object({ position: z.number().int(), completed: z.boolean() }),
});

export const myCourseResources = defineRoute({
  method: 'POST',
  path: `${C}/resource/my`,
  summary: '可作为课时的我的已发布资源',
  tag: '精品课堂',
  access: 'user',
  body: pageQuery(10, 50).extend({ keyword: z.string().trim().max(50).optional() }),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(resourceCard),
});

const lessonInput = z.object({
  title: z.string().trim().min(1, '请输入课时名称').max(100),
  resourceId: id,
  categoryCode: z
    .enum(TITLE_CATEGORIES.map((c) => c.code) as [string, ...string[]])
    .nullable()
    .optional(),
});
const chapterInput = z.object({
  title: z.string().trim().min(1, '请输入章节名称').max(100),
  lessons: z.array(lessonInput).max(100),
});

export const courseSave = defineRoute({
  method: 'POST',
  path: `${C}/course/save`,
  summary: '创建或修改课程（含章节与课时的顺序），提交后进入审核',
  tag: '精品课堂',
  access: 'user',
  body: z.object({
    id: id.optional(),
    title: z.string().trim().min(2, '课程名称至少 2 个字').max(100),
    description: z.string().trim().max(2000).default(''),
    categoryId: z.number().int().min(1).max(COURSE_CATEGORIES.length).nullable().optional(),
    stageId: dictId.nullable().optional(),
    subjectId: dictId.nullable().optional(),
    coverFileId: z.string().min(1).max(64).nullable().optional(),
    chapters: z.array(chapterInput).min(1, '至少需要一个章节').max(50),
  }),
  example: {
    body: { title: '初中数学思维训练', chapters: [{ title: '第一章', lessons: [{ title: '第1课', resourceId: 1 }] }] },
  },
  response: z.object({ id: z.number().int(), status: resourceStatus }),
});

export const courseDelete = defineRoute({
  method: 'DELETE',
  path: `${C}/course/delete`,
  summary: '删除自己的课程',
  tag: '精品课堂',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.null(),
});

export const myCourses = defineRoute({
  method: 'POST',
  path: `${C}/course/mine`,
  summary: '我的课程（含审核状态）',
  tag: '精品课堂',
  access: 'user',
  body: pageQuery(10, 50),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(courseCard.extend({ reviewNote: z.string().nullable() })),
});

export const topicCard = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  backgroundFileId: z.string().nullable(),
  courseCount: z.number().int(),
  status: resourceStatus,
  publishedAt: z.string().nullable(),
});

export const topicList = defineRoute({
  method: 'POST',
  path: `${C}/topic/list`,
  summary: '已发布的专题',
  tag: '精品课堂',
  access: 'public',
  body: pageQuery(12, 50),
  example: { body: { current: 1, size: 12 } },
  response: pageOf(topicCard),
});

export const topicInfo = defineRoute({
  method: 'GET',
  path: `${C}/topic/info`,
  summary: '专题详情与其课程',
  tag: '精品课堂',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: topicCard.extend({ courses: z.array(courseCard), isOwner: z.boolean(), reviewNote: z.string().nullable() }),
});

export const topicBackground = defineRoute({
  method: 'GET',
  path: `${C}/topic/background`,
  summary: '专题背景图地址（data.backgroundUrl）',
  tag: '精品课堂',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.object({ backgroundUrl: z.string().nullable() }),
});

export const topicSave = defineRoute({
  method: 'POST',
  path: `${C}/topic/save`,
  summary: '创建或修改专题（课程须为已发布或本人的），提交后进入审核',
  tag: '精品课堂',
  access: 'user',
  body: z.object({
    id: id.optional(),
    title: z.string().trim().min(2, '专题名称至少 2 个字').max(100),
    description: z.string().trim().max(2000).default(''),
    backgroundFileId: z.string().min(1).max(64).nullable().optional(),
    courseIds: z.array(id).min(1, '至少选择一门课程').max(50),
  }),
  example: { body: { title: '新课标大单元教学专题', courseIds: [1] } },
  response: z.object({ id: z.number().int(), status: resourceStatus }),
});

export const myTopics = defineRoute({
  method: 'POST',
  path: `${C}/topic/mine`,
  summary: '我的专题（含审核状态）',
  tag: '精品课堂',
  access: 'user',
  body: pageQuery(10, 50),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(topicCard.extend({ reviewNote: z.string().nullable() })),
});
