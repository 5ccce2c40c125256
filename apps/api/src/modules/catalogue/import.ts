import {
  CATALOGUE_CODE_PATTERN,
  CATALOGUE_KIND_ORDER,
  CATALOGUE_KINDS,
  type CatalogueKind,
  GRADE_NAMES,
  MESSAGES,
  PARENT_KIND,
  parseGrade,
} from '@zyk/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { lockKey, type Tx, transaction } from '../../lib/transaction.ts';
import { dictTree } from '../dict/service.ts';
import { catalogueInScope } from './service.ts';

/**
 * Import and export of the catalogue, as JSON (one object per edition: volumes → units → lessons, the order in
 * the file is the order in the tree) or CSV (one row per node, parents first). Idempotent by code: a known code is
 * updated (name, grade, order, parent), an unknown one created. Everything is checked before anything is written,
 * and written in one transaction: a file with one bad row changes nothing and the error names the row.
 */

export const CSV_COLUMNS = ['code', 'parent_code', 'kind', 'name', 'stage', 'subject', 'grade'] as const;

/** One node as a file states it. `where` names it in errors (第 3 行, or the JSON path). */
interface ImportRow {
  code: string;
  parentCode: string | null;
  kind: string;
  name: string;
  stage: string;
  subject: string;
  grade: string | number | null;
  where: string;
}

interface JsonLesson {
  code?: unknown;
  name?: unknown;
}
interface JsonUnit extends JsonLesson {
  lessons?: JsonLesson[];
}
interface JsonVolume extends JsonLesson {
  grade?: unknown;
  units?: JsonUnit[];
}
interface JsonEdition {
  stage?: unknown;
  subject?: unknown;
  edition?: JsonLesson;
  volumes?: JsonVolume[];
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const bad = (where: string, problem: string) =>
  new AppError('BAD_REQUEST', MESSAGES.catalogue.importRow(where, problem));

const rowsOfJson = (content: string): ImportRow[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.importBadJson((error as Error).message));
  }
  const editions = (Array.isArray(parsed) ? parsed : [parsed]) as JsonEdition[];
  const rows: ImportRow[] = [];
  editions.forEach((doc, e) => {
    if (!doc || typeof doc !== 'object')
      throw new AppError('BAD_REQUEST', MESSAGES.catalogue.importBadJson(`第 ${e + 1} 项不是对象`));
    const stage = text(doc.stage);
    const subject = text(doc.subject);
    const edition = doc.edition ?? {};
    const editionCode = text(edition.code);
    const at = (code: string, fallback: string) => (code ? `编号 ${code}` : fallback);
    rows.push({
      code: editionCode,
      parentCode: null,
      kind: 'edition',
      name: text(edition.name),
      stage,
      subject,
      grade: null,
      where: at(editionCode, `第 ${e + 1} 个版本`),
    });
    (Array.isArray(doc.volumes) ? doc.volumes : []).forEach((volume, v) => {
      const volumeCode = text(volume.code);
      rows.push({
        code: volumeCode,
        parentCode: editionCode,
        kind: 'volume',
        name: text(volume.name),
        stage,
        subject,
        grade: (volume.grade as string | number | null | undefined) ?? null,
        where: at(volumeCode, `第 ${e + 1} 个版本的第 ${v + 1} 册`),
      });
      (Array.isArray(volume.units) ? volume.units : []).forEach((unit, u) => {
        const unitCode = text(unit.code);
        rows.push({
          code: unitCode,
          parentCode: volumeCode,
          kind: 'unit',
          name: text(unit.name),
          stage,
          subject,
          grade: null,
          where: at(unitCode, `第 ${e + 1} 个版本第 ${v + 1} 册的第 ${u + 1} 单元`),
        });
        (Array.isArray(unit.lessons) ? unit.lessons : []).forEach((lesson, l) => {
          const lessonCode = text(lesson.code);
          rows.push({
            code: lessonCode,
            parentCode: unitCode,
            kind: 'lesson',
            name: text(lesson.name),
            stage,
            subject,
            grade: null,
            where: at(lessonCode, `第 ${e + 1} 个版本第 ${v + 1} 册第 ${u + 1} 单元的第 ${l + 1} 课`),
          });
        });
      });
    });
  });
  return rows;
};

const rowsOfCsv = (content: string): ImportRow[] => {
  let records: string[][];
  try {
    records = parse(content, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (error) {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.importBadCsv((error as Error).message));
  }
  const [header, ...body] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(CSV_COLUMNS.map((c) => [c, columns.indexOf(c)]));
  if (CSV_COLUMNS.some((c) => c !== 'grade' && index[c] === -1)) {
    throw new AppError('BAD_REQUEST', MESSAGES.catalogue.importBadCsvHeader(CSV_COLUMNS.join(',')));
  }
  const cellOf = (record: string[], column: (typeof CSV_COLUMNS)[number]) =>
    index[column]! >= 0 ? (record[index[column]!] ?? '').trim() : '';
  return body.map((record, i) => ({
    code: cellOf(record, 'code'),
    parentCode: cellOf(record, 'parent_code') || null,
    kind: cellOf(record, 'kind'),
    name: cellOf(record, 'name'),
    stage: cellOf(record, 'stage'),
    subject: cellOf(record, 'subject'),
    grade: cellOf(record, 'grade') || null,
    where: `第 ${i + 2} 行`,
  }));
};

interface PlannedNode {
  code: string;
  parentCode: string | null;
  kind: CatalogueKind;
  name: string;
  stageId: number;
  subjectId: number;
  grade: number | null;
  sort: number;
}

/** Checks the rows against each other and the dictionary; answers them as nodes to write, or throws on the first error. */
const plan = async (prisma: PrismaClient, rows: ImportRow[], db: Tx, scope: AdminScope | null) => {
  if (rows.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.catalogue.importEmpty);
  const dictionary = await dictTree(prisma);
  const stageOf = (name: string) => dictionary.stages.find((s) => s.name === name);
  const subjectOf = (stageId: number, name: string) =>
    dictionary.subjects.find((s) => s.stageId === stageId && (s.name === name || s.aliases.includes(name)));
  const planned = new Map<string, PlannedNode>();
  const siblings = new Map<string, number>();
  const existing = new Map(
    (
      await db.catalogueNode.findMany({
        where: { code: { in: rows.map((r) => r.code).filter(Boolean) } },
        select: { code: true, kind: true, stageId: true, subjectId: true },
      })
    ).map((n) => [n.code, n]),
  );
  const parentCodes = rows.flatMap((r) => (r.parentCode ? [r.parentCode] : []));
  const knownParents = new Map(
    (
      await db.catalogueNode.findMany({
        where: { code: { in: [...new Set(parentCodes)] } },
        select: { code: true, kind: true, stageId: true, subjectId: true },
      })
    ).map((n) => [n.code, n]),
  );
  for (const row of rows) {
    if (!CATALOGUE_CODE_PATTERN.test(row.code)) throw bad(row.where, MESSAGES.catalogue.importBadCode(row.code));
    if (planned.has(row.code)) throw bad(row.where, MESSAGES.catalogue.importDuplicateCode(row.code));
    if (!CATALOGUE_KIND_ORDER.includes(row.kind as CatalogueKind))
      throw bad(row.where, MESSAGES.catalogue.importBadKind(row.kind));
    const kind = row.kind as CatalogueKind;
    if (row.name.length < 1 || row.name.length > 60) throw bad(row.where, MESSAGES.catalogue.importBadName);
    const stage = stageOf(row.stage);
    if (!stage) throw bad(row.where, MESSAGES.catalogue.importUnknownStage(row.stage));
    const subject = subjectOf(stage.id, row.subject);
    if (!subject) throw bad(row.where, MESSAGES.catalogue.importUnknownSubject(row.stage, row.subject));
    if (scope && !catalogueInScope(scope, stage.id, subject.id)) throw bad(row.where, MESSAGES.catalogue.outOfScope);
    let grade: number | null = null;
    if (row.grade !== null && row.grade !== '') {
      if (kind !== 'volume') throw bad(row.where, MESSAGES.catalogue.gradeOnlyForVolumes);
      grade = parseGrade(row.grade);
      if (grade === null) throw bad(row.where, MESSAGES.catalogue.importBadGrade(String(row.grade)));
    }
    const wantedParent = PARENT_KIND[kind];
    if (wantedParent === null && row.parentCode) throw bad(row.where, MESSAGES.catalogue.editionHasNoParent);
    if (wantedParent !== null) {
      if (!row.parentCode) {
        throw bad(row.where, MESSAGES.catalogue.kindAfterParent(CATALOGUE_KINDS[kind], CATALOGUE_KINDS[wantedParent]));
      }
      const parent = planned.get(row.parentCode) ?? knownParents.get(row.parentCode);
      if (!parent) throw bad(row.where, MESSAGES.catalogue.importUnknownParent(row.parentCode));
      if (parent.kind !== wantedParent) {
        throw bad(row.where, MESSAGES.catalogue.kindAfterParent(CATALOGUE_KINDS[kind], CATALOGUE_KINDS[wantedParent]));
      }
      if (parent.stageId !== stage.id || parent.subjectId !== subject.id) {
        throw bad(row.where, MESSAGES.catalogue.importParentSubject);
      }
    }
    const before = existing.get(row.code);
    if (before && before.kind !== kind) throw bad(row.where, MESSAGES.catalogue.importKindChange(row.code));
    if (before && (before.stageId !== stage.id || before.subjectId !== subject.id)) {
      throw bad(row.where, MESSAGES.catalogue.importMoveAcross(row.code));
    }
    const siblingKey = row.parentCode ?? `root:${stage.id}:${subject.id}`;
    const sort = siblings.get(siblingKey) ?? 0;
    siblings.set(siblingKey, sort + 1);
    planned.set(row.code, {
      code: row.code,
      parentCode: row.parentCode,
      kind,
      name: row.name,
      stageId: stage.id,
      subjectId: subject.id,
      grade,
      sort,
    });
  }
  return [...planned.values()];
};

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  dryRun: boolean;
}

/** Reads a file's nodes (format json or csv). */
export const rowsOf = (format: 'json' | 'csv', content: string) =>
  format === 'json' ? rowsOfJson(content) : rowsOfCsv(content);

/**
 * Imports nodes (all or nothing). `dryRun` checks and counts without writing; `scope` confines a 教研员 to their
 * stage and subject. Runs in the caller's transaction if there is one (the console's `audited`), else its own.
 * `renamed`: existing nodes whose name or place changed (the resources on them need their search text again).
 */
export const importCatalogue = (
  prisma: PrismaClient,
  format: 'json' | 'csv',
  content: string,
  { dryRun = false, scope = null }: { dryRun?: boolean; scope?: AdminScope | null } = {},
): Promise<ImportOutcome & { renamed: number[] }> =>
  transaction(prisma, async (tx) => {
    await lockKey(tx, 'catalogue:write');
    const nodes = await plan(prisma, rowsOf(format, content), tx, scope);
    const current = new Map(
      (await tx.catalogueNode.findMany({ where: { code: { in: nodes.map((n) => n.code) } } })).map((n) => [n.code, n]),
    );
    const outcome = { created: 0, updated: 0, unchanged: 0, dryRun, renamed: [] as number[] };
    // Siblings the file does not name keep their places: the file's nodes come after them, in the file's order.
    const others = await tx.$queryRaw<
      { parent_id: number | null; stage_id: number; subject_id: number; top: number }[]
    >`
      SELECT parent_id, stage_id, subject_id, max(sort) AS top FROM catalogue_nodes
      WHERE NOT (code = ANY(${nodes.map((n) => n.code)}::text[]))
        AND stage_id = ANY(${[...new Set(nodes.map((n) => n.stageId))]}::int[])
        AND subject_id = ANY(${[...new Set(nodes.map((n) => n.subjectId))]}::int[])
      GROUP BY parent_id, stage_id, subject_id`;
    const groupOf = (parentId: number | null, stageId: number, subjectId: number) =>
      parentId === null ? `root:${stageId}:${subjectId}` : `node:${parentId}`;
    const after = new Map(others.map((o) => [groupOf(o.parent_id, o.stage_id, o.subject_id), o.top + 1]));
    const ids = new Map<string, number>();
    for (const node of current.values()) ids.set(node.code, node.id);
    const parentIds = async (codes: string[]) => {
      const missing = codes.filter((c) => !ids.has(c));
      if (missing.length) {
        for (const row of await tx.catalogueNode.findMany({
          where: { code: { in: missing } },
          select: { id: true, code: true },
        })) {
          ids.set(row.code, row.id);
        }
      }
    };
    const now = new Date();
    // Level by level, so that every parent has its id before its children are written.
    for (const kind of CATALOGUE_KIND_ORDER) {
      const level = nodes.filter((n) => n.kind === kind);
      await parentIds(level.flatMap((n) => (n.parentCode ? [n.parentCode] : [])));
      const fresh = [];
      for (const planned of level) {
        const parentId = planned.parentCode ? (ids.get(planned.parentCode) ?? null) : null;
        const node = {
          ...planned,
          sort: planned.sort + (after.get(groupOf(parentId, planned.stageId, planned.subjectId)) ?? 0),
        };
        const before = current.get(node.code);
        if (!before) {
          outcome.created++;
          fresh.push({ ...node, parentId });
          continue;
        }
        const same =
          before.name === node.name &&
          before.grade === node.grade &&
          before.sort === node.sort &&
          before.parentId === parentId;
        if (same) {
          outcome.unchanged++;
          continue;
        }
        outcome.updated++;
        if (before.name !== node.name || before.parentId !== parentId) outcome.renamed.push(before.id);
        if (!dryRun) {
          await tx.catalogueNode.update({
            where: { id: before.id },
            data: { name: node.name, grade: node.grade, sort: node.sort, parentId, updatedAt: now },
          });
        }
      }
      if (dryRun || fresh.length === 0) {
        // A dry run still needs ids for the next level's parents: new codes stand in with a placeholder.
        for (const node of fresh) ids.set(node.code, -1);
        continue;
      }
      await tx.catalogueNode.createMany({
        data: fresh.map((n) => ({
          code: n.code,
          parentId: n.parentId,
          kind: n.kind,
          name: n.name,
          stageId: n.stageId,
          subjectId: n.subjectId,
          grade: n.grade,
          sort: n.sort,
          createdAt: now,
          updatedAt: now,
        })),
      });
      for (const row of await tx.catalogueNode.findMany({
        where: { code: { in: fresh.map((n) => n.code) } },
        select: { id: true, code: true },
      })) {
        ids.set(row.code, row.id);
      }
    }
    return outcome;
  });

/** One stage and subject's catalogue (retired nodes too) as a file in the import format; `null` when it has none. */
export const exportCatalogue = async (
  prisma: PrismaClient,
  stageId: number,
  subjectId: number,
  format: 'json' | 'csv',
) => {
  const dictionary = await dictTree(prisma);
  const stage = dictionary.stages.find((s) => s.id === stageId)?.name ?? '';
  const subject = dictionary.subjects.find((s) => s.id === subjectId)?.name ?? '';
  const rows = await prisma.catalogueNode.findMany({
    where: { stageId, subjectId },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  });
  const childrenOf = new Map<number | null, typeof rows>();
  for (const row of rows) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const kids = (id: number | null) => childrenOf.get(id) ?? [];
  const fileName = `教材目录-${stage}${subject}.${format}`;
  if (format === 'json') {
    const editions = kids(null).map((edition) => ({
      stage,
      subject,
      edition: { code: edition.code, name: edition.name },
      volumes: kids(edition.id).map((volume) => ({
        code: volume.code,
        name: volume.name,
        grade: volume.grade === null ? null : GRADE_NAMES[volume.grade],
        units: kids(volume.id).map((unit) => ({
          code: unit.code,
          name: unit.name,
          lessons: kids(unit.id).map((lesson) => ({ code: lesson.code, name: lesson.name })),
        })),
      })),
    }));
    return { fileName, content: `${JSON.stringify(editions, null, 2)}\n` };
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered: typeof rows = [];
  const walk = (parentId: number | null) => {
    for (const row of kids(parentId)) {
      ordered.push(row);
      walk(row.id);
    }
  };
  walk(null);
  const content = stringify([
    [...CSV_COLUMNS],
    ...ordered.map((r) => [
      r.code,
      r.parentId === null ? '' : (byId.get(r.parentId)?.code ?? ''),
      r.kind,
      r.name,
      stage,
      subject,
      r.grade === null ? '' : String(r.grade),
    ]),
  ]);
  return { fileName, content };
};
