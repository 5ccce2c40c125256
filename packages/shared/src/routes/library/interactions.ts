import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { resourceCard } from './resources.ts';

const LIB = '/es/resource/lib';
const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

const toggle = z.object({ active: z.boolean(), count: z.number().int() });
const toggleQuery = z.object({
  id,
  state: z.enum(['1', '0']).optional().describe('1 设为已点赞/已收藏，0 取消；不传则切换。带 state 的请求可安全重试'),
});

export const star = defineRoute({
  method: 'GET',
  path: `${LIB}/star/update/data`,
  summary: '点赞或取消点赞（每人每资源最多一次）',
  tag: '互动',
  access: 'user',
  query: toggleQuery,
  example: { query: { id: 1, state: '1' } },
  response: toggle,
});

export const collect = defineRoute({
  method: 'GET',
  path: `${LIB}/collect/update/data`,
  summary: '收藏或取消收藏',
  tag: '互动',
  access: 'user',
  query: toggleQuery,
  example: { query: { id: 1, state: '1' } },
  response: toggle,
});

export const countView = defineRoute({
  method: 'GET',
  path: `${LIB}/view/update/data`,
  summary: '记录一次浏览（kind=view）或播放（kind=play）；登录用户同时记入浏览历史',
  tag: '互动',
  access: 'public',
  query: z.object({ id, kind: z.enum(['view', 'play']).default('view') }),
  example: { query: { id: 1, kind: 'view' } },
  response: z.object({ viewCount: z.number().int(), playCount: z.number().int() }),
});

export const playRecord = defineRoute({
  method: 'GET',
  path: `${LIB}/view/play/record`,
  summary: '保存视频播放进度（秒），下次打开从此处继续',
  tag: '互动',
  access: 'user',
  query: z.object({ id, position: z.coerce.number().int().min(0).max(86_400) }),
  example: { query: { id: 1, position: 30 } },
  response: z.object({ position: z.number().int() }),
});

const historyItem = resourceCard.extend({ viewedAt: z.string(), playPosition: z.number().int() });

export const viewHistory = defineRoute({
  method: 'GET',
  path: `${LIB}/view/history`,
  summary: '我的浏览历史（最近的在前）',
  tag: '互动',
  access: 'user',
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(historyItem),
});

export const homeViews = defineRoute({
  method: 'GET',
  path: `${LIB}/view/home/view`,
  summary: '首页“最近浏览”（最多 6 条）',
  tag: '互动',
  access: 'user',
  response: z.array(historyItem),
});

export const viewDelete = defineRoute({
  method: 'DELETE',
  path: `${LIB}/view/delete`,
  summary: '删除一条浏览历史',
  tag: '互动',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.null(),
});

export const viewDeleteAll = defineRoute({
  method: 'DELETE',
  path: `${LIB}/view/deleteAll`,
  summary: '清空浏览历史',
  tag: '互动',
  access: 'user',
  response: z.null(),
});

const myListBody = pageQuery(10, 50);

export const download = defineRoute({
  method: 'GET',
  path: `${LIB}/download/update/data`,
  summary:
    '下载：校验权限（免费资源任何人可下载，部署要求时须登录；付费资源须作者、管理员或已购买），计入下载次数（登录用户另记下载记录），返回 5 分钟内有效的下载地址；每个 IP 每分钟 60 次',
  tag: '互动',
  access: 'public',
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  query: z.object({ id, fileId: z.string().min(1).max(64).optional().describe('资源中的某个文件；不传为第一个') }),
  example: { query: { id: 1 } },
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const myStars = defineRoute({
  method: 'POST',
  path: `${LIB}/myself/list`,
  summary: '我点赞过的资源',
  tag: '互动',
  access: 'user',
  body: myListBody,
  example: { body: { current: 1, size: 10 } },
  response: pageOf(resourceCard.extend({ starredAt: z.string() })),
});

export const myDownloads = defineRoute({
  method: 'POST',
  path: `${LIB}/download/myself`,
  summary: '我的下载记录',
  tag: '互动',
  access: 'user',
  body: myListBody,
  example: { body: { current: 1, size: 10 } },
  response: pageOf(resourceCard.extend({ downloadedAt: z.string(), times: z.number().int() })),
});

export const myCollects = defineRoute({
  method: 'POST',
  path: `${LIB}/collect/myself`,
  summary: '我的收藏',
  tag: '互动',
  access: 'user',
  body: myListBody,
  example: { body: { current: 1, size: 10 } },
  response: pageOf(resourceCard.extend({ collectedAt: z.string() })),
});

export const downloadDelete = defineRoute({
  method: 'DELETE',
  path: `${LIB}/download/delete`,
  summary: '删除一条下载记录',
  tag: '互动',
  access: 'user',
  query: z.object({ id }),
  example: { query: { id: 1 } },
  response: z.null(),
});

export const REPORT_CATEGORIES = {
  copyright: '侵犯版权',
  inappropriate: '内容不当',
  wrong_category: '分类错误',
  other: '其他',
} as const;

export const report = defineRoute({
  method: 'POST',
  path: `${LIB}/report/update/data`,
  summary: '举报资源（同一用户对同一资源的未处理举报只保留一条）',
  tag: '互动',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    resourceId: id,
    category: z.enum(['copyright', 'inappropriate', 'wrong_category', 'other'], { error: '请选择举报类型' }),
    content: z.string().trim().max(500, '举报说明不能超过 500 个字').default(''),
  }),
  example: { body: { resourceId: 1, category: 'copyright', content: '未经授权转载' } },
  response: z.object({ id: z.number().int() }),
});

const author = z.object({ memberId: z.string(), realName: z.string() });
export const replyItem = z.object({
  id: z.number().int(),
  commentId: z.number().int(),
  content: z.string(),
  user: author,
  replyTo: author.nullable(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export const commentItem = z.object({
  id: z.number().int(),
  resourceId: z.number().int(),
  content: z.string(),
  user: author,
  createdAt: z.string(),
  replyCount: z.number().int(),
  replies: z.array(replyItem).describe('最早的 3 条回复'),
  mine: z.boolean(),
});

const commentText = (max: number) =>
  z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(max, `内容不能超过 ${max} 个字`);

export const commentSave = defineRoute({
  method: 'POST',
  path: `${LIB}/comment/save`,
  summary: '发表评论（1–500 字）',
  tag: '评论',
  access: 'user',
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  body: z.object({ resourceId: id, content: commentText(500) }),
  example: { body: { resourceId: 1, content: '讲得很清楚，谢谢分享！' } },
  response: commentItem,
});

export const commentList = defineRoute({
  method: 'POST',
  path: `${LIB}/comment_reply/comment/list`,
  summary: '资源的评论（最新在前），每条附最早 3 条回复',
  tag: '评论',
  access: 'public',
  body: pageQuery(10, 50).extend({ resourceId: id }),
  example: { body: { resourceId: 1, current: 1, size: 10 } },
  response: pageOf(commentItem),
});

export const replySave = defineRoute({
  method: 'POST',
  path: `${LIB}/reply/save`,
  summary: '回复评论（1–300 字），可指定回复某位用户',
  tag: '评论',
  access: 'user',
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  body: z.object({ commentId: id, content: commentText(300), replyToMemberId: z.string().max(64).optional() }),
  example: { body: { commentId: 1, content: '同意！' } },
  response: replyItem,
});

export const replyList = defineRoute({
  method: 'POST',
  path: `${LIB}/reply/list`,
  summary: '评论的全部回复（最早在前）',
  tag: '评论',
  access: 'public',
  body: pageQuery(10, 50).extend({ commentId: id }),
  example: { body: { commentId: 1, current: 1, size: 10 } },
  response: pageOf(replyItem),
});

export const commentDelete = defineRoute({
  method: 'DELETE',
  path: `${LIB}/comment_reply/delete`,
  summary: '删除评论（连同其回复）或回复：作者本人或管理员',
  tag: '评论',
  access: 'user',
  query: z.object({ id, kind: z.enum(['comment', 'reply']).default('comment') }),
  example: { query: { id: 1, kind: 'comment' } },
  response: z.null(),
});
