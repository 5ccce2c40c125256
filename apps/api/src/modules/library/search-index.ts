import { type ResourceType, TRAIN_TYPES } from '@zyk/shared';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { catalogueOf, chapterRefsOf } from '../catalogue/tree.ts';
import { dictNames } from '../dict/service.ts';
import { chapterIdsOf, resourcesOnChapters } from './chapters.ts';
import { searchDocument } from './segment.ts';
import { subjectIndexNames, TYPE_INDEX_WORDS } from './understand.ts';

/**
 * Which indexing wrote a row's search vector; rows with an older one are re-indexed at start (3: chapter names;
 * 4: teaching words whole, segment.ts TEACHING_WORDS).
 */
export const SEARCH_VERSION = 4;

export interface IndexedResource {
  type: ResourceType;
  trainType: string | null;
  title: string;
  tags: string[];
  description: string;
  stageId: number | null;
  subjectId: number | null;
  /** The names along the resource's textbook chapters (edition, volume, unit, lesson), each once. */
  chapters?: string[];
}

/**
 * The vector text of a resource: its own words, and the names of its stage, subject, kind and chapters at low
 * weight.
 */
export const resourceDocument = (resource: IndexedResource, names: Map<number, string>) => {
  const stage = resource.stageId === null ? undefined : names.get(resource.stageId);
  const subject = resource.subjectId === null ? undefined : names.get(resource.subjectId);
  const train = TRAIN_TYPES.find((t) => t.code === resource.trainType)?.name;
  return searchDocument({
    title: resource.title,
    tags: resource.tags,
    description: resource.description,
    structured: [
      ...(stage ? [stage] : []),
      ...(subject ? subjectIndexNames(subject) : []),
      ...TYPE_INDEX_WORDS[resource.type],
      ...(train ? [train] : []),
      ...(resource.chapters ?? []),
    ],
  });
};

/** Writes the search vector of a resource (inside the caller's transaction); `names` from `dictNames`. */
export const writeSearchVector = (
  tx: Prisma.TransactionClient,
  id: number,
  resource: IndexedResource,
  names: Map<number, string>,
) => {
  const document = resourceDocument(resource, names);
  return tx.$executeRaw`
    UPDATE resources SET search_vector = ${document}::tsvector, search_version = ${SEARCH_VERSION} WHERE id = ${id}`;
};

/** The trails of these chapters, by id. */
export const chapterNamesOf = async (prisma: PrismaClient, ids: number[]) =>
  new Map([...(await chapterRefsOf(prisma, ids))].map(([id, ref]) => [id, ref.trail]));

/** The names along a resource's chapters, each once. */
export const namesAlong = (ids: readonly number[], trails: Map<number, string[]>) => [
  ...new Set(ids.flatMap((id) => trails.get(id) ?? [])),
];

/** Marks resources for re-indexing (their chapter names changed); `reindexStale` does it. */
export const markResourcesStale = async (db: Prisma.TransactionClient | PrismaClient, resourceIds: number[]) => {
  if (resourceIds.length === 0) return;
  await db.$executeRaw`UPDATE resources SET search_version = 0 WHERE id = ANY(${resourceIds}::int[])`;
};

/**
 * Marks the resources on these chapters, or anywhere under them, for re-indexing after a rename, a merge or an
 * import changed names along their trails (the tree as committed is walked; `db` may be the change's transaction).
 * Answers how many; `reindexStale` re-indexes them.
 */
export const markChaptersStale = async (
  prisma: PrismaClient,
  db: Prisma.TransactionClient | PrismaClient,
  nodeIds: number[],
) => {
  if (nodeIds.length === 0) return 0;
  const catalogue = await catalogueOf(prisma);
  const resourceIds = await resourcesOnChapters(db, [...new Set(nodeIds.flatMap((id) => catalogue.subtree(id)))]);
  await markResourcesStale(db, resourceIds);
  return resourceIds.length;
};

const REINDEX_BATCH = 500;

/**
 * Re-indexes rows written by an older indexing, a batch at a time (each batch one statement), until none is left
 * or `stopped()` says so. Answers how many rows it re-indexed.
 */
export const reindexStale = async (prisma: PrismaClient, stopped: () => boolean = () => false) => {
  const names = await dictNames(prisma);
  let done = 0;
  while (!stopped()) {
    const rows = await prisma.$queryRaw<
      {
        id: number;
        type: ResourceType;
        train_type: string | null;
        title: string;
        tags: string[];
        description: string;
        stage_id: number | null;
        subject_id: number | null;
      }[]
    >`
      SELECT id, type::text AS type, train_type, title, tags, description, stage_id, subject_id FROM resources
      WHERE search_version < ${SEARCH_VERSION} ORDER BY id LIMIT ${REINDEX_BATCH}`;
    if (rows.length === 0) break;
    const chapterIds = await chapterIdsOf(
      prisma,
      rows.map((r) => r.id),
    );
    const chapterNames = await chapterNamesOf(prisma, [...chapterIds.values()].flat());
    const documents = rows.map((r) =>
      resourceDocument(
        {
          type: r.type,
          trainType: r.train_type,
          title: r.title,
          tags: r.tags,
          description: r.description,
          stageId: r.stage_id,
          subjectId: r.subject_id,
          chapters: namesAlong(chapterIds.get(r.id) ?? [], chapterNames),
        },
        names,
      ),
    );
    await prisma.$executeRaw`
      UPDATE resources r SET search_vector = x.document::tsvector, search_version = ${SEARCH_VERSION}
      FROM unnest(${rows.map((r) => r.id)}::int[], ${documents}::text[]) AS x(id, document) WHERE r.id = x.id`;
    done += rows.length;
  }
  return done;
};
