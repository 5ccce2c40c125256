import { CATALOGUE_KINDS, type CatalogueKind } from '../../catalogue.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { resourceType } from './resources.ts';

const LIB = '/es/resource/lib';
const dictId = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

export const catalogueKind = z
  .enum(Object.keys(CATALOGUE_KINDS) as [CatalogueKind, ...CatalogueKind[]])
  .describe('edition 版本 / volume 册次 / unit 单元 / lesson 课');

/** One node of the catalogue tree, flat: the client nests them by `parentId` (siblings come in `sort` order). */
export const catalogueNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: catalogueKind,
  code: z.string(),
  name: z.string(),
  grade: z.number().int().nullable().describe('册次的年级（1–12），其余为 null'),
  sort: z.number().int(),
  retired: z.boolean(),
  count: z.number().int().describe('挂在该节点及其下各节点上的已发布资源数（同一资源只计一次）'),
});
export type CatalogueNode = z.infer<typeof catalogueNode>;

export const catalogueTree = defineRoute({
  method: 'GET',
  path: `${LIB}/catalogue/tree`,
  summary: '一个学段学科的教材目录（版本 → 册次 → 单元 → 课）与每个节点下的已发布资源数；停用的节点只在仍有资源时列出',
  tag: '资源库',
  access: 'public',
  rateLimit: { max: 240, timeWindowMs: 60_000 },
  query: z.object({
    stageId: dictId,
    subjectId: dictId,
    type: resourceType.nullable().optional().describe('只计该类型的资源'),
  }),
  example: { query: { stageId: 20, subjectId: 22 } },
  response: z.object({
    nodes: z.array(catalogueNode).describe('按层级与顺序排好：父节点在子节点之前'),
    tagged: z.number().int().describe('该学段学科挂有章节的已发布资源数'),
  }),
});
