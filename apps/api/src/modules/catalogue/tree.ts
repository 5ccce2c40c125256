import { type CatalogueKind, type ChapterRef, MESSAGES, TAGGABLE_KINDS } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sharedInvalidation } from '../../lib/shared-invalidation.ts';

/**
 * The whole catalogue in memory, per database: a district's catalogue is thousands of rows (65 editions of every
 * subject would be some tens of thousands), small next to what every list page would otherwise join. Writes in
 * any process drop it at once in every process sharing the database (`forgetCatalogue`); should a notice be lost,
 * a reader still notices within CHECK_MS by the table's row count and newest update.
 */

export interface CatalogueNodeRow {
  id: number;
  code: string;
  parentId: number | null;
  kind: CatalogueKind;
  name: string;
  stageId: number;
  subjectId: number;
  grade: number | null;
  sort: number;
  retiredAt: Date | null;
  mergedIntoId: number | null;
}

export interface Catalogue {
  node(id: number): CatalogueNodeRow | undefined;
  /** Children in order. */
  children(id: number): CatalogueNodeRow[];
  /** Every node of a stage and subject: parents before children, siblings in order. */
  nodesOf(stageId: number, subjectId: number): CatalogueNodeRow[];
  /** Ids from the edition down to the node. */
  path(id: number): number[];
  /** The node and everything under it. */
  subtree(id: number): number[];
  /** A node is retired when it or any node above it is. */
  retired(id: number): boolean;
  all: CatalogueNodeRow[];
}

const CHECK_MS = 5_000;

interface Entry {
  catalogue: Promise<Catalogue>;
  stamp: string;
  checkedAt: number;
}
let entries = new WeakMap<PrismaClient, Entry>();

const build = (rows: CatalogueNodeRow[]): Catalogue => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const childrenOf = new Map<number | null, CatalogueNodeRow[]>();
  for (const row of rows) {
    const list = childrenOf.get(row.parentId) ?? [];
    list.push(row);
    childrenOf.set(row.parentId, list);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const ordered: CatalogueNodeRow[] = [];
  const walk = (parentId: number | null) => {
    for (const child of childrenOf.get(parentId) ?? []) {
      ordered.push(child);
      walk(child.id);
    }
  };
  walk(null);
  const bySubject = new Map<string, CatalogueNodeRow[]>();
  for (const row of ordered) {
    const key = `${row.stageId}:${row.subjectId}`;
    const list = bySubject.get(key) ?? [];
    list.push(row);
    bySubject.set(key, list);
  }
  const path = (id: number) => {
    const ids: number[] = [];
    for (let node = byId.get(id); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
      ids.unshift(node.id);
    }
    return ids;
  };
  const subtree = (id: number) => {
    const ids: number[] = [];
    const visit = (nodeId: number) => {
      ids.push(nodeId);
      for (const child of childrenOf.get(nodeId) ?? []) visit(child.id);
    };
    if (byId.has(id)) visit(id);
    return ids;
  };
  return {
    node: (id) => byId.get(id),
    children: (id) => childrenOf.get(id) ?? [],
    nodesOf: (stageId, subjectId) => bySubject.get(`${stageId}:${subjectId}`) ?? [],
    path,
    subtree,
    retired: (id) => path(id).some((nodeId) => byId.get(nodeId)?.retiredAt),
    all: ordered,
  };
};

const stampOf = async (prisma: PrismaClient) => {
  const [row] = await prisma.$queryRaw<{ n: bigint; at: Date | null }[]>`
    SELECT count(*) AS n, max(updated_at) AS at FROM catalogue_nodes`;
  return `${row?.n ?? 0}:${row?.at?.toISOString() ?? ''}`;
};

const load = async (prisma: PrismaClient) => {
  const rows = await prisma.catalogueNode.findMany({
    select: {
      id: true,
      code: true,
      parentId: true,
      kind: true,
      name: true,
      stageId: true,
      subjectId: true,
      grade: true,
      sort: true,
      retiredAt: true,
      mergedIntoId: true,
    },
  });
  return build(rows as CatalogueNodeRow[]);
};

/** The catalogue as it is now (at most CHECK_MS behind another instance's writes). */
export const catalogueOf = async (prisma: PrismaClient): Promise<Catalogue> => {
  const entry = entries.get(prisma);
  if (entry && Date.now() - entry.checkedAt < CHECK_MS) return entry.catalogue;
  // One caller checks; the others keep the catalogue they have until it has (no burst of stamp queries).
  if (entry) entry.checkedAt = Date.now();
  const stamp = await stampOf(prisma);
  if (entry && entry.stamp === stamp) {
    entry.checkedAt = Date.now();
    return entry.catalogue;
  }
  const catalogue = load(prisma);
  entries.set(prisma, { catalogue, stamp, checkedAt: Date.now() });
  catalogue.catch(() => entries.delete(prisma));
  return catalogue;
};

/** After a committed write: the next read, here and in the other processes, loads the catalogue again. */
export const forgetCatalogue = sharedInvalidation('catalogue', () => {
  entries = new WeakMap();
});

/** The chapter each id names, as resources show it (ids that no longer exist are left out). */
export const chapterRefsOf = async (prisma: PrismaClient, ids: Iterable<number>): Promise<Map<number, ChapterRef>> => {
  const wanted = [...new Set(ids)];
  const refs = new Map<number, ChapterRef>();
  if (wanted.length === 0) return refs;
  const catalogue = await catalogueOf(prisma);
  for (const id of wanted) {
    if (!catalogue.node(id)) continue;
    const path = catalogue.path(id);
    refs.set(id, {
      id,
      path,
      trail: path.map((nodeId) => catalogue.node(nodeId)!.name),
      retired: catalogue.retired(id),
    });
  }
  return refs;
};

/**
 * The chapters a resource of this stage and subject may hang on, checked: they exist, are volumes, units or
 * lessons of the same stage and subject, and are in use (not retired). Answers them without repeats, in order.
 * `keep`: chapters the resource has already, accepted even if retired since (an edit need not drop them).
 */
export const checkChapters = async (
  prisma: PrismaClient,
  ids: number[],
  stageId: number,
  subjectId: number,
  keep: readonly number[] = [],
) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const catalogue = await catalogueOf(prisma);
  for (const id of unique) {
    const node = catalogue.node(id);
    if (!node) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.chapterNotFound);
    if (!TAGGABLE_KINDS.includes(node.kind)) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.chapterNotTaggable);
    if (node.stageId !== stageId || node.subjectId !== subjectId) {
      throw new AppError('BAD_REQUEST', MESSAGES.catalogue.chapterWrongSubject);
    }
    if (catalogue.retired(id) && !keep.includes(id)) {
      throw new AppError('BAD_REQUEST', MESSAGES.catalogue.chapterRetired(node.name));
    }
  }
  return unique;
};

/** The node ids a list filter means: the node and everything under it, within volumes of `grade` if given. */
export const chapterFilterIds = async (
  prisma: PrismaClient,
  filter: { nodeId?: number | null; grade?: number | null; stageId?: number | null; subjectId?: number | null },
): Promise<number[] | null> => {
  if (!filter.nodeId && !filter.grade) return null;
  const catalogue = await catalogueOf(prisma);
  let ids = filter.nodeId ? catalogue.subtree(filter.nodeId) : null;
  if (filter.grade) {
    const volumes = catalogue.all.filter(
      (n) =>
        n.kind === 'volume' &&
        n.grade === filter.grade &&
        (!filter.stageId || n.stageId === filter.stageId) &&
        (!filter.subjectId || n.subjectId === filter.subjectId),
    );
    const inGrade = new Set(volumes.flatMap((v) => catalogue.subtree(v.id)));
    // A node above the volumes (an edition) narrows to its volumes of that grade; a node below one keeps its own.
    ids = ids ? ids.filter((id) => inGrade.has(id)) : [...inGrade];
  }
  return ids;
};
