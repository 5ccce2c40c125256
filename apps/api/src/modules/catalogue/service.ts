import { CATALOGUE_KINDS, type CatalogueKind, MESSAGES, PARENT_KIND } from '@zyk/shared';
import type { AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { lockKey, type Tx } from '../../lib/transaction.ts';
import { dictEntry } from '../dict/service.ts';
import type { CatalogueNodeRow } from './tree.ts';

/**
 * Writes to the catalogue, each inside the caller's transaction (the console's `audited`), one at a time across
 * instances (an advisory lock): a move and a merge never see each other half done. After the commit the caller
 * calls `forgetCatalogue`.
 */

const WRITE_LOCK = 'catalogue:write';

/** A 教研员 maintains their own stage (and subject); the district everything. */
export const catalogueInScope = (scope: AdminScope, stageId: number, subjectId: number) =>
  scope.all || (scope.stageId === stageId && (scope.subjectId === null || scope.subjectId === subjectId));

const requireScope = (scope: AdminScope, node: { stageId: number; subjectId: number }) => {
  if (!catalogueInScope(scope, node.stageId, node.subjectId)) {
    throw new AppError('FORBIDDEN', MESSAGES.catalogue.outOfScope);
  }
};

const nodeOrThrow = async (tx: Tx, id: number) => {
  const node = await tx.catalogueNode.findUnique({ where: { id } });
  if (!node) throw new AppError('NOT_FOUND', MESSAGES.catalogue.nodeNotFound);
  return node as typeof node & { kind: CatalogueKind };
};

/** What the audit log keeps of a node. */
export const nodeSnapshot = (node: {
  id: number;
  code: string;
  kind: string;
  name: string;
  parentId: number | null;
  grade: number | null;
  sort: number;
  retiredAt: Date | null;
}) => ({
  id: node.id,
  code: node.code,
  kind: node.kind,
  name: node.name,
  parentId: node.parentId,
  grade: node.grade,
  sort: node.sort,
  retired: node.retiredAt !== null,
});

const codeFree = async (tx: Tx, code: string, exceptId?: number) => {
  const other = await tx.catalogueNode.findUnique({ where: { code }, select: { id: true } });
  return !other || other.id === exceptId;
};

export interface NodeInput {
  parentId?: number | null;
  stageId?: number;
  subjectId?: number;
  kind?: CatalogueKind;
  name: string;
  code?: string;
  grade?: number | null;
}

/** A new node, last among its siblings; without a code it gets one from its parent's. */
export const createNode = async (tx: Tx, scope: AdminScope, input: NodeInput) => {
  await lockKey(tx, WRITE_LOCK);
  const kind = input.kind ?? 'edition';
  const parent = input.parentId ? await nodeOrThrow(tx, input.parentId) : null;
  const wantedParent = PARENT_KIND[kind];
  if (wantedParent === null && parent) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.editionHasNoParent);
  if (wantedParent !== null && parent?.kind !== wantedParent) {
    throw new AppError(
      'BAD_REQUEST',
      MESSAGES.catalogue.kindAfterParent(CATALOGUE_KINDS[kind], CATALOGUE_KINDS[wantedParent]),
    );
  }
  if (parent?.retiredAt) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.parentRetired);
  const stageId = parent?.stageId ?? input.stageId;
  const subjectId = parent?.subjectId ?? input.subjectId;
  if (!stageId || !subjectId) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.stageSubjectRequired);
  if (!parent) {
    const subject = await dictEntry(tx, subjectId);
    if (subject?.level !== 2 || subject.parentId !== stageId) {
      throw new AppError('BAD_REQUEST', MESSAGES.dict.subjectNotInStage);
    }
  }
  requireScope(scope, { stageId, subjectId });
  if (input.grade != null && kind !== 'volume')
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.gradeOnlyForVolumes);
  if (input.code && !(await codeFree(tx, input.code))) {
    throw new AppError('CONFLICT', MESSAGES.catalogue.codeTaken(input.code));
  }
  const last = await tx.catalogueNode.aggregate({
    where: parent ? { parentId: parent.id } : { parentId: null, stageId, subjectId },
    _max: { sort: true },
  });
  const created = await tx.catalogueNode.create({
    data: {
      code: input.code ?? `new-${crypto.randomUUID()}`,
      parentId: parent?.id ?? null,
      kind,
      name: input.name,
      stageId,
      subjectId,
      grade: kind === 'volume' ? (input.grade ?? null) : null,
      sort: (last._max.sort ?? -1) + 1,
    },
  });
  if (input.code) return created;
  // A generated code: the parent's and the new id, short enough and unique (a taken one gets a suffix).
  const base = parent && parent.code.length < 50 ? `${parent.code}-${created.id}` : `n${created.id}`;
  let code = base;
  for (let n = 2; !(await codeFree(tx, code, created.id)); n++) code = `${base}-${n}`;
  return tx.catalogueNode.update({ where: { id: created.id }, data: { code } });
};

/** Renames a node, changes its code or (a volume's) grade. */
export const updateNode = async (tx: Tx, scope: AdminScope, id: number, input: NodeInput) => {
  await lockKey(tx, WRITE_LOCK);
  const before = await nodeOrThrow(tx, id);
  requireScope(scope, before);
  if (input.grade != null && before.kind !== 'volume') {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.gradeOnlyForVolumes);
  }
  if (input.code && !(await codeFree(tx, input.code, id))) {
    throw new AppError('CONFLICT', MESSAGES.catalogue.codeTaken(input.code));
  }
  const after = await tx.catalogueNode.update({
    where: { id },
    data: {
      name: input.name,
      ...(input.code ? { code: input.code } : {}),
      ...(input.grade !== undefined && before.kind === 'volume' ? { grade: input.grade } : {}),
      updatedAt: new Date(),
    },
  });
  return { before, after };
};

/** Puts a node at `index` among the children of `parentId` (a parent of the right kind in the same subject). */
export const moveNode = async (tx: Tx, scope: AdminScope, id: number, parentId: number | null, index: number) => {
  await lockKey(tx, WRITE_LOCK);
  const node = await nodeOrThrow(tx, id);
  requireScope(scope, node);
  const parent = parentId ? await nodeOrThrow(tx, parentId) : null;
  const wantedParent = PARENT_KIND[node.kind];
  if (wantedParent === null && parent) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.editionHasNoParent);
  if (wantedParent !== null && parent?.kind !== wantedParent) {
    throw new AppError(
      'BAD_REQUEST',
      MESSAGES.catalogue.kindAfterParent(CATALOGUE_KINDS[node.kind], CATALOGUE_KINDS[wantedParent]),
    );
  }
  if (parent && (parent.stageId !== node.stageId || parent.subjectId !== node.subjectId)) {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.moveAcrossSubjects);
  }
  const siblings = await tx.catalogueNode.findMany({
    where: parent
      ? { parentId: parent.id, id: { not: id } }
      : { parentId: null, stageId: node.stageId, subjectId: node.subjectId, id: { not: id } },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  const order = siblings.map((s) => s.id);
  order.splice(Math.min(index, order.length), 0, id);
  // Siblings are numbered from 0, as an import numbers them: an export imported again changes nothing.
  const now = new Date();
  await tx.$executeRaw`
    UPDATE catalogue_nodes c SET sort = x.sort - 1, parent_id = CASE WHEN c.id = ${id} THEN ${parent?.id ?? null}::int ELSE c.parent_id END,
      updated_at = ${now}
    FROM unnest(${order}::int[]) WITH ORDINALITY AS x(id, sort) WHERE c.id = x.id`;
  return { node, parent };
};

/** Retires (or restores) a node. Its resources stay where they are; pickers no longer offer it or what is under it. */
export const setRetired = async (tx: Tx, scope: AdminScope, id: number, retired: boolean) => {
  await lockKey(tx, WRITE_LOCK);
  const node = await nodeOrThrow(tx, id);
  requireScope(scope, node);
  if (!retired && node.mergedIntoId !== null) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.alreadyMerged);
  if (!retired && node.parentId !== null) {
    const parent = await nodeOrThrow(tx, node.parentId);
    if (parent.retiredAt) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.parentRetired);
  }
  await tx.catalogueNode.update({
    where: { id },
    data: { retiredAt: retired ? (node.retiredAt ?? new Date()) : null, updatedAt: new Date() },
  });
  return node;
};

/**
 * The catalogue's half of a merge: `from`'s children go under `into` (after its own), and `from` is retired with
 * the merge recorded. The resources hanging on `from` are moved by their owner (library) in the same transaction.
 */
export const mergeNodes = async (tx: Tx, scope: AdminScope, fromId: number, intoId: number) => {
  await lockKey(tx, WRITE_LOCK);
  if (fromId === intoId) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.mergeSameNode);
  const [from, into] = [await nodeOrThrow(tx, fromId), await nodeOrThrow(tx, intoId)];
  requireScope(scope, from);
  requireScope(scope, into);
  if (from.kind !== into.kind) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.mergeKindDiffers);
  if (from.stageId !== into.stageId || from.subjectId !== into.subjectId) {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.moveAcrossSubjects);
  }
  if (from.mergedIntoId !== null) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.alreadyMerged);
  if (into.retiredAt) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.mergeIntoRetired);
  // `into` must not lie under `from`: walk up from `into`.
  for (let at: number | null = into.parentId; at !== null; ) {
    if (at === from.id) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.mergeIntoOwnChild);
    at = (await tx.catalogueNode.findUnique({ where: { id: at }, select: { parentId: true } }))?.parentId ?? null;
  }
  const last = await tx.catalogueNode.aggregate({ where: { parentId: into.id }, _max: { sort: true } });
  const now = new Date();
  const movedChildren = await tx.$executeRaw`
    UPDATE catalogue_nodes c SET parent_id = ${into.id}, sort = ${last._max.sort ?? -1} + x.n, updated_at = ${now}
    FROM (SELECT id, row_number() OVER (ORDER BY sort, id) AS n FROM catalogue_nodes WHERE parent_id = ${from.id}) x
    WHERE c.id = x.id`;
  await tx.catalogueNode.update({
    where: { id: from.id },
    data: { retiredAt: from.retiredAt ?? now, mergedIntoId: into.id, updatedAt: now },
  });
  return { from, into, movedChildren };
};

export type { CatalogueNodeRow };
