import type { CatalogueNode, ChapterRef, ResourceType } from '@zyk/shared';
import type pg from 'pg';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import type { Tx } from '../../lib/transaction.ts';
import { publishedSql } from '../../lib/visibility.ts';
import { type Catalogue, type CatalogueNodeRow, catalogueOf, chapterRefsOf } from '../catalogue/tree.ts';
import { createPageCache } from './page-cache.ts';

/**
 * The chapters resources hang on (`resource_chapters`, owned here; the nodes are the catalogue module's). A
 * resource hangs on up to five volumes, units or lessons; a list filtered by a node shows what hangs on it or
 * anywhere under it, and the tree's counts count each resource once per node however many of its chapters lie
 * below.
 */

/** Replaces a resource's chapters (inside the caller's transaction), in the given order. */
export const setResourceChapters = async (tx: Tx, resourceId: number, nodeIds: readonly number[]) => {
  await tx.resourceChapter.deleteMany({ where: { resourceId } });
  if (nodeIds.length) {
    await tx.resourceChapter.createMany({ data: nodeIds.map((nodeId, sort) => ({ resourceId, nodeId, sort })) });
  }
};

/** The chapter ids of each resource, in order. */
export const chapterIdsOf = async (db: PrismaClient | Tx, resourceIds: readonly number[]) => {
  const rows = resourceIds.length
    ? await db.resourceChapter.findMany({
        where: { resourceId: { in: [...resourceIds] } },
        orderBy: [{ resourceId: 'asc' }, { sort: 'asc' }],
      })
    : [];
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.resourceId, [...(map.get(row.resourceId) ?? []), row.nodeId]);
  return map;
};

/** A resource's chapters as it shows them. */
export const chaptersOf = async (prisma: PrismaClient, resourceId: number): Promise<ChapterRef[]> => {
  const ids = (await chapterIdsOf(prisma, [resourceId])).get(resourceId) ?? [];
  const refs = await chapterRefsOf(prisma, ids);
  return ids.flatMap((id) => refs.get(id) ?? []);
};

/**
 * SQL: `r` hangs on one of these nodes. The resources of a node are read by id: its ids are collected once (an
 * InitPlan) and fetched through the primary key, then filtered and sorted; a list or count costs what the node holds.
 * Written as `IN (SELECT …)`, PostgreSQL turns it into a semi-join and at 100k resources chose to walk a sort index
 * testing each row against resource_chapters (an index probe with the whole subtree's ids per row: 560–730 ms for a
 * 655-node edition) or to hash-join all public resources of the type (50–100k index entries, 11–35 ms per count).
 * A node holds a subject's share of the library or less, so reading its resources by id is the cheap side.
 */
export const onChapters = (nodeIds: readonly number[]) =>
  Prisma.sql`r.id = ANY(ARRAY(SELECT rc.resource_id FROM resource_chapters rc WHERE rc.node_id = ANY(${[...nodeIds]}::int[])))`;

/** Merge: what hung on `fromId` hangs on `intoId` (once). Answers how many resources moved. */
export const moveChapterResources = async (tx: Tx, fromId: number, intoId: number) => {
  const moved = await tx.$executeRaw`
    INSERT INTO resource_chapters (resource_id, node_id, sort)
    SELECT resource_id, ${intoId}, sort FROM resource_chapters WHERE node_id = ${fromId}
    ON CONFLICT DO NOTHING`;
  await tx.resourceChapter.deleteMany({ where: { nodeId: fromId } });
  return moved;
};

/** The resources hanging on any of these nodes (to re-index their search text after a rename or a merge). */
export const resourcesOnChapters = async (db: PrismaClient | Tx, nodeIds: readonly number[]) =>
  (
    await db.resourceChapter.findMany({
      where: { nodeId: { in: [...nodeIds] } },
      select: { resourceId: true },
      distinct: ['resourceId'],
    })
  ).map((r) => r.resourceId);

/**
 * Per node of one stage and subject: how many resources hang on it or below (each once) and directly on it.
 * `which` public: published and not deleted (browsing); all: every resource not deleted (the console).
 */
const countsOf = async (
  pool: pg.Pool,
  catalogue: Catalogue,
  subject: { stageId: number; subjectId: number },
  nodes: { id: number }[],
  which: 'public' | 'all',
  type: ResourceType | null,
) => {
  const ids = nodes.map((n) => n.id);
  const where = [
    Prisma.sql`rc.node_id = ANY(${ids}::int[])`,
    // A resource hangs only on chapters of its own stage and subject (checkChapters; nodes never change subject,
    // merges stay within one): saying so lets the public counts read the subject's public resources from its
    // partial index alone. Without it the planner hash-joined every public resource of the library (100k index
    // entries, 17–39 ms at 100k) to find the 900 a subject's catalogue holds; with it 2–4 ms.
    Prisma.sql`r.stage_id = ${subject.stageId}`,
    Prisma.sql`r.subject_id = ${subject.subjectId}`,
    which === 'public' ? publishedSql('r') : Prisma.sql`r.deleted_at IS NULL`,
    ...(type ? [Prisma.sql`r.type = ${type}::"ResourceType"`] : []),
  ];
  const rows = ids.length
    ? await hotRows<{ node_id: number; resources: number[] }>(
        pool,
        Prisma.sql`
          SELECT rc.node_id, array_agg(rc.resource_id) AS resources
          FROM resource_chapters rc JOIN resources r ON r.id = rc.resource_id
          WHERE ${Prisma.join(where, ' AND ')} GROUP BY rc.node_id`,
      )
    : [];
  const direct = new Map(rows.map((r) => [r.node_id, r.resources.length]));
  // Each resource counts once under every node above its chapters.
  const under = new Map<number, Set<number>>();
  const all = new Set<number>();
  for (const row of rows) {
    for (const nodeId of catalogue.path(row.node_id)) {
      const set = under.get(nodeId) ?? new Set<number>();
      for (const id of row.resources) set.add(id);
      under.set(nodeId, set);
    }
    for (const id of row.resources) all.add(id);
  }
  return { direct, under, total: all.size };
};

/** A node as the tree answers it, with how many resources hang on it or below. */
export const nodeView = (
  n: CatalogueNodeRow,
  catalogue: Catalogue,
  counts: { under: Map<number, Set<number>> },
): CatalogueNode => ({
  id: n.id,
  parentId: n.parentId,
  kind: n.kind,
  code: n.code,
  name: n.name,
  grade: n.grade,
  sort: n.sort,
  retired: catalogue.retired(n.id),
  count: counts.under.get(n.id)?.size ?? 0,
});

/** Browsing: a subject's tree with public counts, cached for the page-cache's time and dropped on any library change. */
export const createChapterBrowser = (prisma: PrismaClient, pool: pg.Pool) => {
  const trees = createPageCache<{ nodes: CatalogueNode[]; tagged: number }>();
  const read = async (stageId: number, subjectId: number, type: ResourceType | null) => {
    const catalogue = await catalogueOf(prisma);
    const nodes = catalogue.nodesOf(stageId, subjectId);
    const counts = await countsOf(pool, catalogue, { stageId, subjectId }, nodes, 'public', type);
    return {
      nodes: nodes.flatMap((n) => {
        const view = nodeView(n, catalogue, counts);
        // A retired node stays visible while resources still hang on it, so they can be found where they were.
        return view.retired && view.count === 0 ? [] : [view];
      }),
      tagged: counts.total,
    };
  };
  return {
    tree: (stageId: number, subjectId: number, type: ResourceType | null) =>
      trees([stageId, subjectId, type], () => read(stageId, subjectId, type)),
  };
};

/** The console: every node of a subject (retired too) with counts over all resources that are not deleted. */
export const consoleChapterCounts = async (prisma: PrismaClient, pool: pg.Pool, stageId: number, subjectId: number) => {
  const catalogue = await catalogueOf(prisma);
  const nodes = catalogue.nodesOf(stageId, subjectId);
  const counts = await countsOf(pool, catalogue, { stageId, subjectId }, nodes, 'all', null);
  return { catalogue, nodes, counts };
};
