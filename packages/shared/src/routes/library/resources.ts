import { MAX_CHAPTERS_PER_RESOURCE } from '../../catalogue.ts';
import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';

const LIB = '/es/resource/lib';
const id = z.coerce.number({ error: '资源编号必须是数字' }).int().positive().max(2_147_483_647);
const dictId = z.coerce.number().int().positive().max(2_147_483_647);

export const resourceType = z
  .enum(['MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT'])
  .describe('微课资源 / 教学文档 / 教研成果');
export type ResourceType = z.infer<typeof resourceType>;
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  MICRO_COURSE: '微课资源',
  DOCUMENT: '教学文档',
  ACHIEVEMENT: '教研成果',
};

export const resourceStatus = z.enum(['DRAFT', 'PENDING', 'PUBLISHED', 'REJECTED', 'TAKEN_DOWN']);
export const RESOURCE_STATUS_LABELS: Record<z.infer<typeof resourceStatus>, string> = {
  DRAFT: '草稿',
  PENDING: '待审核',
  PUBLISHED: '已发布',
  REJECTED: '未通过',
  TAKEN_DOWN: '已下架',
};

/** Research-achievement sub-types (`train/type`). */
export const TRAIN_TYPES = [
  { code: 'paper', name: '教研论文' },
  { code: 'project', name: '课题成果' },
  { code: 'training', name: '培训资料' },
  { code: 'case', name: '教学案例' },
  { code: 'award', name: '获奖作品' },
] as const;
export const trainType = z.enum(TRAIN_TYPES.map((t) => t.code) as [string, ...string[]]);

/**
 * List sorts: '1' newest (published time), '2' hottest (views, the spec's default), '3' most downloaded,
 * '4' highest rated (stars). sortWay DESC (default) or ASC.
 */
export const RESOURCE_SORTS = { '1': '最新', '2': '最热', '3': '下载最多', '4': '评价最高' } as const;
export const resourceSort = z
  .enum(['1', '2', '3', '4'])
  .default('2')
  .describe('1 最新 / 2 最热 / 3 下载最多 / 4 评价最高');
export const sortWay = z.enum(['DESC', 'ASC']).default('DESC');

/** A chapter of the textbook catalogue a resource hangs on (a volume, unit or lesson). */
export const chapterRef = z.object({
  id: z.number().int(),
  path: z.array(z.number().int()).describe('从版本到该节点的编号（编辑表单的级联选择值）'),
  trail: z.array(z.string()).describe('从版本到该节点的名称：人教版 › 八年级上册 › 第十二章 全等三角形 › 12.2 …'),
  retired: z.boolean().describe('节点已停用（资源仍可在上级节点下找到）'),
});
export type ChapterRef = z.infer<typeof chapterRef>;

export const resourceCard = z.object({
  id: z.number().int(),
  type: resourceType,
  trainType: z.string().nullable(),
  title: z.string(),
  coverFileId: z.string().nullable(),
  thumbnailFileId: z
    .string()
    .nullable()
    .describe('列表缩略图所用文件：封面，否则第一个文件（/api/file/thumbnail/:id）'),
  stageId: z.number().int().nullable(),
  subjectId: z.number().int().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  authorName: z.string(),
  authorMemberId: z.string(),
  price: z.number().int().describe('价格，单位：分；0 为免费'),
  viewCount: z.number().int(),
  playCount: z.number().int(),
  downloadCount: z.number().int(),
  starCount: z.number().int(),
  collectCount: z.number().int(),
  commentCount: z.number().int(),
  publishedAt: z.string().nullable(),
  file: z
    .object({
      type: z.string().describe('扩展名，小写'),
      size: z.number().int(),
      pageCount: z.number().int().nullable(),
      durationSeconds: z.number().nullable(),
    })
    .nullable()
    .describe('第一个文件的类型、大小与页数或时长（转换、转码完成后才有页数与时长）'),
  chapter: chapterRef.nullable().describe('所属的第一个教材章节，没有时为 null'),
});
export type ResourceCard = z.infer<typeof resourceCard>;

export const resourceFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  kind: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  pageCount: z.number().int().nullable().describe('文档页数（转换完成后才有）'),
  durationSeconds: z.number().nullable().describe('视频、音频时长（秒，转码探测后才有）'),
});

export const resourceDetail = resourceCard.extend({
  description: z.string(),
  tags: z.array(z.string()),
  status: resourceStatus,
  reviewNote: z.string().nullable().describe('审核意见（仅作者与管理员可见）'),
  files: z.array(resourceFile),
  chapters: z.array(chapterRef).describe('所属的全部教材章节'),
  isOwner: z.boolean(),
  starred: z.boolean(),
  collected: z.boolean(),
  playPosition: z.number().int().describe('上次播放到的秒数'),
  canDownload: z.boolean(),
  /** The viewer bought this paid resource. */
  purchased: z.boolean(),
});
export type ResourceDetail = z.infer<typeof resourceDetail>;

const listFilters = {
  academicStageId: dictId.nullable().optional().describe('学段；null 或不传为全部'),
  subjectId: dictId.nullable().optional().describe('学科；null 或不传为全部'),
  type: resourceType.nullable().optional(),
  trainType: trainType.nullable().optional(),
  catalogueNodeId: dictId.nullable().optional().describe('教材目录节点：只列挂在它或它下面各节点上的资源'),
  grade: z.coerce
    .number()
    .int()
    .min(1)
    .max(12)
    .nullable()
    .optional()
    .describe('年级（1–12）：只列挂在该年级册次下的资源'),
  sort: resourceSort,
  sortWay,
  snapshot: z.iso
    .datetime({ offset: true, error: 'snapshot 须为带时区的时间' })
    .optional()
    .describe('首页返回的快照时间；翻页时带上，新发布的资源不会造成重复或遗漏'),
};

const listPage = pageOf(resourceCard).extend({ snapshot: z.string() });

export const resourceHomepageList = defineRoute({
  method: 'POST',
  path: `${LIB}/resourceHomepageList`,
  summary: '首页资源列表（每页 20 条，按学段/学科/类型筛选，默认最热）',
  tag: '资源库',
  access: 'public',
  body: pageQuery(20, 50).extend(listFilters),
  example: {
    body: { academicStageId: null, subjectId: null, type: null, current: 1, size: 20, sort: '2', sortWay: 'DESC' },
  },
  response: listPage,
});

export const resourceList = defineRoute({
  method: 'POST',
  path: `${LIB}/list`,
  summary: '资源列表（微课、文档、成果各页使用），筛选与排序同首页列表',
  tag: '资源库',
  access: 'public',
  body: pageQuery(20, 50).extend(listFilters),
  example: { body: { type: 'DOCUMENT', current: 1, size: 20, sort: '1', sortWay: 'DESC' } },
  response: listPage,
});

export const recommend = defineRoute({
  method: 'POST',
  path: `${LIB}/recommend`,
  summary: '相关推荐：同学段同学科的热门资源，不含当前资源',
  tag: '资源库',
  access: 'public',
  body: z.object({ id, size: z.coerce.number().int().min(1).max(20).default(6) }),
  example: { body: { id: 1, size: 6 } },
  response: z.array(resourceCard),
});

const titleText = z.string().trim().min(2, '标题至少 2 个字').max(100, '标题不能超过 100 个字');
const publishCommon = {
  id: id.optional().describe('修改已有资源时传入；修改后重新进入审核'),
  title: titleText,
  description: z.string().trim().max(2000, '简介不能超过 2000 个字').default(''),
  tags: z.array(z.string().trim().min(1).max(20, '每个标签不超过 20 个字')).max(10, '标签最多 10 个').default([]),
  stageId: dictId,
  subjectId: dictId,
  coverFileId: z.string().min(1).max(64).nullable().optional(),
  catalogueNodeIds: z
    .array(id)
    .max(MAX_CHAPTERS_PER_RESOURCE, `最多关联 ${MAX_CHAPTERS_PER_RESOURCE} 个教材章节`)
    .default([])
    .describe('所属教材章节（册次、单元或课），须与学段学科一致'),
  price: z
    .number({ error: '价格须为整数（单位：分）' })
    .int('价格须为整数（单位：分）')
    .min(0, '价格不能为负数')
    .max(100_000_000, '价格过高')
    .default(0),
};

export const publishResult = z.object({ id: z.number().int(), status: resourceStatus });

export const publishDocument = defineRoute({
  method: 'POST',
  path: `${LIB}/publish/document`,
  summary: '发布（或修改）教学文档/教研成果：引用已上传的文件，提交后等待审核',
  tag: '资源库',
  access: 'user',
  body: z.object({
    ...publishCommon,
    type: z.enum(['DOCUMENT', 'ACHIEVEMENT']).default('DOCUMENT'),
    trainType: trainType.nullable().optional(),
    fileIds: z.array(z.string().min(1).max(64)).min(1, '请先上传文件').max(10, '单次最多上传 10 个文件'),
  }),
  example: { body: { title: '一元二次方程教学设计', stageId: 20, subjectId: 22, fileIds: ['f1'], tags: ['方程'] } },
  response: publishResult,
});

export const publishMinuteCourse = defineRoute({
  method: 'POST',
  path: `${LIB}/publish/minute_course`,
  summary: '发布（或修改）微课视频：引用已上传的视频，提交后等待审核',
  tag: '资源库',
  access: 'user',
  body: z.object({ ...publishCommon, fileId: z.string().min(1, '请先上传视频').max(64) }),
  example: { body: { title: '勾股定理的证明', stageId: 20, subjectId: 22, fileId: 'v1' } },
  response: publishResult,
});

export const resourceInfo = defineRoute({
  method: 'GET',
  path: `${LIB}/info`,
  summary: '资源详情：已发布的任何人可看；未发布的仅作者与管理员可看',
  tag: '资源库',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: resourceDetail,
});

export const resourceOpen = defineRoute({
  method: 'GET',
  path: `${LIB}/open`,
  summary: '公开查看已发布的资源（未发布或已删除为 404）',
  tag: '资源库',
  access: 'public',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: resourceDetail,
});

export const resourceEditInfo = defineRoute({
  method: 'GET',
  path: `${LIB}/edit/info`,
  summary: '编辑用：作者读取自己资源的可修改字段',
  tag: '资源库',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.object({
    id: z.number().int(),
    type: resourceType,
    trainType: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    stageId: z.number().int().nullable(),
    subjectId: z.number().int().nullable(),
    coverFileId: z.string().nullable(),
    price: z.number().int(),
    fileIds: z.array(z.string()),
    chapters: z.array(chapterRef),
    status: resourceStatus,
    reviewNote: z.string().nullable(),
  }),
});

export const resourceDelete = defineRoute({
  method: 'DELETE',
  path: `${LIB}/delete`,
  summary: '删除资源（作者或管理员；保留订单与历史记录）',
  tag: '资源库',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.null(),
});

export const myUploads = defineRoute({
  method: 'POST',
  path: `${LIB}/myself/upload`,
  summary: '我上传的资源（含审核状态与意见）',
  tag: '资源库',
  access: 'user',
  body: pageQuery(10, 50).extend({
    status: resourceStatus.nullable().optional(),
    type: resourceType.nullable().optional(),
  }),
  example: { body: { current: 1, size: 10 } },
  response: pageOf(
    resourceCard.extend({ status: resourceStatus, reviewNote: z.string().nullable(), createdAt: z.string() }),
  ),
});

export const homeData = defineRoute({
  method: 'GET',
  path: `${LIB}/home/data`,
  summary: '首页各类资源的最新发布（每类 8 条）',
  tag: '资源库',
  access: 'public',
  response: z.object({
    sections: z.array(z.object({ type: resourceType, name: z.string(), list: z.array(resourceCard) })),
  }),
});

export const trainTypes = defineRoute({
  method: 'GET',
  path: `${LIB}/train/type`,
  summary: '教研成果的子类型',
  tag: '资源库',
  access: 'public',
  response: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const totalResourceCount = defineRoute({
  method: 'GET',
  path: `${LIB}/getTotalResourceCount`,
  summary: '资源总数统计（已发布）',
  tag: '资源库',
  access: 'public',
  response: z.object({
    total: z.number().int(),
    microCourse: z.number().int(),
    document: z.number().int(),
    achievement: z.number().int(),
    authors: z.number().int(),
    downloads: z.number().int(),
  }),
});

export const memberRank = defineRoute({
  method: 'GET',
  path: `${LIB}/getMemberRankByResourceLibId`,
  summary: '教师排行：按已发布资源数，其次按资源被下载次数',
  tag: '资源库',
  access: 'public',
  query: z.object({ size: z.coerce.number().int().min(1).max(50).default(10) }),
  example: { query: { size: 10 } },
  response: z.array(
    z.object({
      memberId: z.string(),
      realName: z.string(),
      resourceCount: z.number().int(),
      downloadCount: z.number().int(),
    }),
  ),
});

export const resourceRank = defineRoute({
  method: 'GET',
  path: `${LIB}/getResourceRankByResourceLibId`,
  summary: '资源热度排行：最近 days 天内浏览 + 3×下载',
  tag: '资源库',
  access: 'public',
  query: z.object({
    size: z.coerce.number().int().min(1).max(50).default(10),
    days: z.coerce.number().int().min(1).max(365).default(30),
  }),
  example: { query: { size: 10, days: 30 } },
  response: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      type: resourceType,
      score: z.number().int(),
      views: z.number().int(),
      downloads: z.number().int(),
    }),
  ),
});
