import { HOT_WORDS_SHOWN, SEARCH_RANKED_LIMIT } from '../../constants.ts';
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

const dictRef = z.object({ id: z.number().int(), name: z.string() });
const typedWord = z.string().describe('搜索词中的写法（前端据此从搜索词中去掉它）');

/** What the search recognised in the words (the page shows each as a removable chip: 已按 初中 · 物理 筛选). */
export const searchUnderstood = z
  .object({
    stage: dictRef
      .extend({ word: typedWord.optional() })
      .optional()
      .describe('学段（直接写出，或由年级推断：推断时没有 word）'),
    subject: z
      .object({ id: z.number().int().nullable(), name: z.string(), word: typedWord })
      .optional()
      .describe('学科（字典中的名称，别名已换算：生物 → 生物学）；学段已知时给出该学段下的编号，否则为 null'),
    type: z
      .object({ value: resourceType, word: typedWord })
      .optional()
      .describe('资源类型，word 为搜索词中的说法（视频、课件、论文…）'),
    grade: z
      .object({ name: z.string(), word: typedWord })
      .optional()
      .describe('年级（初一与七年级等同，name 给出后者）'),
    edition: z.object({ name: z.string(), word: typedWord }).optional().describe('教材版本（统编版 → 部编版）'),
  })
  .describe('搜索词中识别出的学段、学科、类型、年级与教材版本：用于加权排序（不过滤），前端可显示为可移除的标签');

const facetCount = z.number().int().describe('排名前若干条结果中的条数');
export const searchFacets = z
  .object({
    type: z.array(z.object({ value: resourceType, count: facetCount })),
    stage: z.array(dictRef.extend({ count: facetCount })),
    subject: z.array(dictRef.extend({ stageId: z.number().int(), count: facetCount })),
  })
  .describe('结果按类型、学段、学科的分布（在参与排序的前若干条结果中统计），按条数从多到少');

export const search = defineRoute({
  method: 'POST',
  path: `${LIB}/search`,
  summary: `中文全文检索：结巴分词与字词片段，标题 > 标签 > 简介 > 学段学科类型；先全部词命中、再多数词命中；识别学段、年级、学科、类型与教材版本并加权；同义词；按相关度再按热度排序；有关键词时只排序并返回最相关的前 ${SEARCH_RANKED_LIMIT} 条`,
  tag: '检索',
  access: 'public',
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  body: pageQuery(10, 50).extend({
    content: z.string().trim().max(50, '搜索词不能超过 50 个字').default(''),
    type: resourceType.nullable().optional(),
    academicStageId: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
    subjectId: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
    catalogueNodeId: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .nullable()
      .optional()
      .describe('教材目录节点：只在挂在它或它下面各节点上的资源中检索'),
  }),
  example: { body: { content: '微课', current: 1, size: 10, type: null } },
  response: pageOf(searchHit).extend({
    type: resourceType.nullable(),
    keyword: z.string(),
    understood: searchUnderstood.optional(),
    facets: searchFacets.optional(),
    suggestions: z
      .array(z.string())
      .optional()
      .describe('结果很少时给出的相关搜索（去掉未命中的词、同义词、含相同字词的热门搜索），最多 5 个'),
    missing: z.array(z.string()).optional().describe('没有任何结果含有的词（按输入的写法）；结果只含其余的词'),
  }),
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
