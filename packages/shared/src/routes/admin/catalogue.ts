import { CATALOGUE_CODE_PATTERN } from '../../catalogue.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { catalogueKind, catalogueNode } from '../library/catalogue.ts';
import { ADMIN, adminId, CONSOLE_TAG } from './console.ts';

/**
 * 教材目录: the console's tree editor. A 教研员 maintains their own stage and subject, the district every one. Nodes
 * are never deleted: a node is retired (its resources stay reachable under its parent) or merged into another.
 */

const nodeName = z.string().trim().min(1, '请输入名称').max(60, '名称不超过 60 个字');
const nodeCode = z.string().trim().regex(CATALOGUE_CODE_PATTERN, '编号只能由字母、数字与 . _ - 组成，不超过 64 位');
const grade = z.coerce.number().int().min(1, '年级须在 1–12 之间').max(12, '年级须在 1–12 之间');

export const adminCatalogueNode = catalogueNode.extend({
  count: z.number().int().describe('挂在该节点及其下各节点上的资源数（含未发布，不含已删除）'),
  directCount: z.number().int().describe('直接挂在该节点上的资源数'),
  mergedInto: z.string().nullable().describe('已合并到的节点名称'),
});
export type AdminCatalogueNode = z.infer<typeof adminCatalogueNode>;

export const adminCatalogueTree = defineRoute({
  method: 'GET',
  path: `${ADMIN}/catalogue/tree`,
  summary: '一个学段学科的全部目录节点（含已停用），附资源数',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  query: z.object({ stageId: adminId, subjectId: adminId }),
  response: z.object({ nodes: z.array(adminCatalogueNode) }),
  example: { query: { stageId: 20, subjectId: 22 } },
});

export const adminCatalogueSave = defineRoute({
  method: 'POST',
  path: `${ADMIN}/catalogue/node/save`,
  summary: '新建节点（排在同级最后；不填编号时自动生成），或修改名称、编号与册次的年级',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  body: z.object({
    id: adminId.optional().describe('修改时传入'),
    parentId: adminId.nullable().optional().describe('新建时：上级节点（版本没有上级）'),
    stageId: adminId.optional().describe('新建版本时：学段'),
    subjectId: adminId.optional().describe('新建版本时：学科'),
    kind: catalogueKind.optional().describe('新建时：节点类型，须比上级低一级'),
    name: nodeName,
    code: nodeCode.optional(),
    grade: grade.nullable().optional().describe('册次的年级'),
  }),
  response: adminCatalogueNode,
  example: { body: { parentId: 12, kind: 'lesson', name: '12.3 角的平分线的性质' } },
});

export const adminCatalogueMove = defineRoute({
  method: 'POST',
  path: `${ADMIN}/catalogue/node/move`,
  summary: '拖动排序：把节点放到同类上级（同一学段学科）下的第 index 位',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  body: z.object({
    id: adminId,
    parentId: adminId.nullable().describe('新的上级（版本为 null）'),
    index: z.coerce.number().int().min(0).max(10_000),
  }),
  response: z.null(),
  example: { body: { id: 30, parentId: 12, index: 0 } },
});

export const adminCatalogueRetire = defineRoute({
  method: 'POST',
  path: `${ADMIN}/catalogue/node/retire`,
  summary: '停用或恢复节点：停用后不能再选，已挂的资源仍在上级节点下可见',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  body: z.object({ id: adminId, retired: z.boolean({ error: '请选择停用或恢复' }) }),
  response: z.null(),
  example: { body: { id: 30, retired: true } },
});

export const adminCatalogueMerge = defineRoute({
  method: 'POST',
  path: `${ADMIN}/catalogue/node/merge`,
  summary: '合并：把一个节点的资源与下级节点移到另一个同类节点，原节点停用并记下合并去向',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  body: z.object({ fromId: adminId, intoId: adminId }),
  response: z.object({ movedResources: z.number().int(), movedChildren: z.number().int() }),
  example: { body: { fromId: 31, intoId: 30 } },
});

export const catalogueImportFormat = z.enum(['json', 'csv']).describe('json：按版本嵌套；csv：每行一个节点');

export const adminCatalogueImport = defineRoute({
  method: 'POST',
  path: `${ADMIN}/catalogue/import`,
  summary:
    '导入目录（JSON 或 CSV，按编号幂等：已有的更新名称与顺序，没有的新建）；任何一行有错则整体不写入并指出哪一行',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  body: z.object({
    format: catalogueImportFormat,
    content: z.string().min(1, '导入内容为空').max(900_000, '导入内容过大，请分学科导入'),
    dryRun: z.boolean().default(false).describe('只检查并给出将新建、更新的数目，不写入'),
  }),
  response: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    dryRun: z.boolean(),
  }),
  example: {
    body: {
      format: 'csv',
      content:
        'code,parent_code,kind,name,stage,subject,grade\njm-bsd,,edition,北师大版,初中,数学,\njm-bsd-8a,jm-bsd,volume,八年级上册,初中,数学,8',
      dryRun: false,
    },
  },
});

export const adminCatalogueExport = defineRoute({
  method: 'GET',
  path: `${ADMIN}/catalogue/export`,
  summary: '导出一个学段学科的目录（含已停用节点），格式与导入相同',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'catalogue',
  query: z.object({ stageId: adminId, subjectId: adminId, format: catalogueImportFormat.default('json') }),
  response: z.object({ fileName: z.string(), content: z.string() }),
  example: { query: { stageId: 20, subjectId: 22, format: 'json' } },
});

export const catalogueRoutes = {
  adminCatalogueTree,
  adminCatalogueSave,
  adminCatalogueMove,
  adminCatalogueRetire,
  adminCatalogueMerge,
  adminCatalogueImport,
  adminCatalogueExport,
} as const;

export const CATALOGUE_AUDIT_ACTIONS: Record<string, string> = {
  'catalogue.create': '新建目录节点',
  'catalogue.update': '修改目录节点',
  'catalogue.move': '调整目录顺序',
  'catalogue.retire': '停用目录节点',
  'catalogue.restore': '恢复目录节点',
  'catalogue.merge': '合并目录节点',
  'catalogue.import': '导入教材目录',
};
