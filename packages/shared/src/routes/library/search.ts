import { HOT_WORDS_SHOWN } from '../../constants.ts';
import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { resourceCard, resourceType } from './resources.ts';

const LIB = '/es/resource/lib';

export const searchHit = resourceCard.extend({
  titleSegments: z
    .array(z.object({ text: z.string(), hit: z.boolean() }))
    .describe('标题按命中与否切分的片段，前端据此高亮（纯文本，无需转义处理）'),
});

export const search = defineRoute({
  method: 'POST',
  path: `${LIB}/search`,
  summary:
    '中文全文检索：结巴分词，标题 > 标签 > 简介加权，按相关度再按热度排序；支持一两个字的检索；总数最多统计到 1000',
  tag: '检索',
  access: 'public',
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  body: pageQuery(10, 50).extend({
    content: z.string().trim().max(50, '搜索词不能超过 50 个字').default(''),
    type: resourceType.nullable().optional(),
    academicStageId: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
    subjectId: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
  }),
  example: { body: { content: '微课', current: 1, size: 10, type: null } },
  response: pageOf(searchHit).extend({ type: resourceType.nullable(), keyword: z.string() }),
});

export const searchRecordList = defineRoute({
  method: 'GET',
  path: `${LIB}/searchRecord/searchRecordList`,
  summary: `我的搜索记录（最近 ${HOT_WORDS_SHOWN} 条）`,
  tag: '检索',
  access: 'user',
  response: z.array(z.object({ id: z.number().int(), keyword: z.string() })),
});

export const searchRecordDelete = defineRoute({
  method: 'DELETE',
  path: `${LIB}/searchRecord/delete`,
  summary: '删除一条搜索记录',
  tag: '检索',
  access: 'user',
  query: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  example: { query: { id: 1 } },
  response: z.null(),
});

export const searchRecordDeleteAll = defineRoute({
  method: 'DELETE',
  path: `${LIB}/searchRecord/deleteAll`,
  summary: '清空我的搜索记录',
  tag: '检索',
  access: 'user',
  response: z.null(),
});

export const hotWords = defineRoute({
  method: 'GET',
  path: `${LIB}/word/hot/word`,
  summary: `热门搜索词：最近 7 天的真实搜索次数，前 ${HOT_WORDS_SHOWN} 个`,
  tag: '检索',
  access: 'public',
  response: z.array(z.object({ keyword: z.string(), count: z.number().int() })),
});
