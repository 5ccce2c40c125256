import { CATALOGUE_KINDS, MESSAGES, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AdminContext } from '../../lib/contract.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { exportCatalogue, importCatalogue } from '../catalogue/import.ts';
import {
  catalogueInScope,
  createNode,
  mergeNodes,
  moveNode,
  nodeSnapshot,
  setRetired,
  updateNode,
} from '../catalogue/service.ts';
import { catalogueOf, forgetCatalogue } from '../catalogue/tree.ts';
import { consoleChapterCounts, moveChapterResources, nodeView } from '../library/chapters.ts';
import { libraryChanged } from '../library/page-cache.ts';
import { markChaptersStale, reindexStale } from '../library/search-index.ts';
import { audited } from './audited.ts';

/** The console's 教材目录: the tree editor, merges, import and export. */
export default async function catalogueRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const requireSubject = (admin: AdminContext, stageId: number, subjectId: number) => {
    if (!catalogueInScope(admin.scope, stageId, subjectId))
      throw new AppError('FORBIDDEN', MESSAGES.catalogue.outOfScope);
  };

  /** After a committed change: every reader sees the new tree, and renamed chapters are found by their new names. */
  const changed = (stale = 0) => {
    forgetCatalogue();
    libraryChanged();
    if (stale > 0) {
      void reindexStale(app.prisma).catch((error) => app.log.error({ err: error }, '重建资源检索索引出错'));
    }
  };

  const viewOf = async (stageId: number, subjectId: number) => {
    const { catalogue, nodes, counts } = await consoleChapterCounts(app.prisma, app.pg, stageId, subjectId);
    return nodes.map((n) => ({
      ...nodeView(n, catalogue, counts),
      directCount: counts.direct.get(n.id) ?? 0,
      mergedInto: n.mergedIntoId === null ? null : (catalogue.node(n.mergedIntoId)?.name ?? null),
    }));
  };
  const savedView = async (id: number) => {
    const node = (await catalogueOf(app.prisma)).node(id)!;
    return (await viewOf(node.stageId, node.subjectId)).find((n) => n.id === id)!;
  };

  registerRoute(app, routes.adminCatalogueTree, async ({ admin, query }) => {
    requireSubject(admin, query.stageId, query.subjectId);
    return { nodes: await viewOf(query.stageId, query.subjectId) };
  });

  registerRoute(app, routes.adminCatalogueSave, async ({ request, admin, body }) => {
    const { id, ...input } = body;
    let stale = 0;
    const saved = await audited(app, request, admin, async (tx) => {
      if (id === undefined) {
        const node = await createNode(tx, admin.scope, input);
        return {
          data: node,
          audit: {
            action: 'catalogue.create',
            targetType: 'catalogue_node',
            targetId: String(node.id),
            summary: `新建${CATALOGUE_KINDS[node.kind as keyof typeof CATALOGUE_KINDS]}“${node.name}”（${node.code}）`,
            before: null,
            after: nodeSnapshot(node),
          },
        };
      }
      const { before, after } = await updateNode(tx, admin.scope, id, input);
      // The chapter names are in the search text of every resource on it or below.
      if (before.name !== after.name) stale = await markChaptersStale(app.prisma, tx, [id]);
      return {
        data: after,
        audit: {
          action: 'catalogue.update',
          targetType: 'catalogue_node',
          targetId: String(id),
          summary: `修改目录节点“${before.name}”${before.name === after.name ? '' : ` → “${after.name}”`}`,
          before: nodeSnapshot(before),
          after: nodeSnapshot(after),
        },
      };
    });
    changed(stale);
    return savedView(saved.id);
  });

  registerRoute(app, routes.adminCatalogueMove, async ({ request, admin, body }) => {
    await audited(app, request, admin, async (tx) => {
      const { node, parent } = await moveNode(tx, admin.scope, body.id, body.parentId, body.index);
      return {
        data: null,
        audit: {
          action: 'catalogue.move',
          targetType: 'catalogue_node',
          targetId: String(node.id),
          summary: `把“${node.name}”移到${parent ? `“${parent.name}”下` : '版本列表'}第 ${body.index + 1} 位`,
          before: { parentId: node.parentId, sort: node.sort },
          after: { parentId: parent?.id ?? null, index: body.index },
        },
      };
    });
    changed();
    return null;
  });

  registerRoute(app, routes.adminCatalogueRetire, async ({ request, admin, body }) => {
    await audited(app, request, admin, async (tx) => {
      const node = await setRetired(tx, admin.scope, body.id, body.retired);
      return {
        data: null,
        audit: {
          action: body.retired ? 'catalogue.retire' : 'catalogue.restore',
          targetType: 'catalogue_node',
          targetId: String(node.id),
          summary: `${body.retired ? '停用' : '恢复'}目录节点“${node.name}”`,
          before: { retired: node.retiredAt !== null },
          after: { retired: body.retired },
        },
      };
    });
    changed();
    return null;
  });

  registerRoute(app, routes.adminCatalogueMerge, async ({ request, admin, body }) => {
    let stale = 0;
    const outcome = await audited(app, request, admin, async (tx) => {
      const { from, into, movedChildren } = await mergeNodes(tx, admin.scope, body.fromId, body.intoId);
      const movedResources = await moveChapterResources(tx, from.id, into.id);
      // Resources on the merged node and on the children that moved carry new chapter names.
      stale = await markChaptersStale(app.prisma, tx, [into.id, from.id]);
      return {
        data: { movedResources, movedChildren },
        audit: {
          action: 'catalogue.merge',
          targetType: 'catalogue_node',
          targetId: String(from.id),
          summary: `把“${from.name}”合并到“${into.name}”（资源 ${movedResources} 个，下级节点 ${movedChildren} 个）`,
          before: nodeSnapshot(from),
          after: { mergedIntoId: into.id, movedResources, movedChildren },
        },
      };
    });
    changed(stale);
    return outcome;
  });

  registerRoute(app, routes.adminCatalogueImport, async ({ request, admin, body }) => {
    if (body.dryRun) {
      const { renamed: _, ...result } = await importCatalogue(app.prisma, body.format, body.content, {
        dryRun: true,
        scope: admin.scope,
      });
      return result;
    }
    let stale = 0;
    const outcome = await audited(app, request, admin, async (tx) => {
      const { renamed, ...result } = await importCatalogue(app.prisma, body.format, body.content, {
        scope: admin.scope,
      });
      stale = await markChaptersStale(app.prisma, tx, renamed);
      return {
        data: result,
        audit: {
          action: 'catalogue.import',
          targetType: 'catalogue',
          targetId: body.format,
          summary: `导入教材目录（${body.format.toUpperCase()}）：新建 ${result.created}，更新 ${result.updated}，不变 ${result.unchanged}`,
          before: null,
          after: result,
        },
      };
    });
    changed(stale);
    return outcome;
  });

  registerRoute(app, routes.adminCatalogueExport, async ({ admin, query }) => {
    requireSubject(admin, query.stageId, query.subjectId);
    return exportCatalogue(app.prisma, query.stageId, query.subjectId, query.format);
  });
}
