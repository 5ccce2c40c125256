import { MESSAGES, STAGE_DICT_ID } from '@zyk/shared';
import type { Dict, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';

/*
 * The console's edits of stages and subjects. Every function runs in the caller's transaction (the console's
 * `audited`); the caller drops the process caches (`forgetDictCaches`) once it has committed. Entries are never
 * deleted: resources and users refer to them by id, so an entry leaves the pickers by being disabled.
 */

const M = MESSAGES.console.dashboard;

export type DictRow = Pick<Dict, 'id' | 'code' | 'sort' | 'enabled' | 'aliases'> & { name: string };

const rowOf = (d: Dict): DictRow => ({
  id: d.id,
  code: d.code,
  name: d.dictName,
  sort: d.sort,
  enabled: d.enabled,
  aliases: d.aliases,
});

/** Every stage with its subjects, disabled ones included, in their order. */
export const adminDictTree = async (db: PrismaClient | Tx) => {
  const rows = await db.dict.findMany({ where: { level: { in: [1, 2] } }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  return rows
    .filter((r) => r.level === 1)
    .map((stage) => ({
      ...rowOf(stage),
      subjects: rows.filter((r) => r.level === 2 && r.parentId === stage.id).map(rowOf),
    }));
};

const entryOrFail = async (db: Tx, id: number) => {
  const row = await db.dict.findUnique({ where: { id } });
  if (!row || (row.level !== 1 && row.level !== 2)) throw new AppError('NOT_FOUND', M.dictNotFound(id));
  return row;
};

/** Aliases without duplicates and without the entry's own name. */
const cleanAliases = (name: string, aliases: string[]) => {
  const unique = [...new Set(aliases)];
  if (unique.includes(name)) throw new AppError('BAD_REQUEST', M.aliasIsName);
  return unique;
};

const requireNameFree = async (db: Tx, parentId: number, level: number, name: string, exceptId?: number) => {
  const clash = await db.dict.findFirst({
    where: { parentId, level, dictName: name, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new AppError('CONFLICT', M.dictNameTaken(name));
};

/**
 * A new stage (no `stageId`; its code is given) or a subject of `stageId`, last in its list. A subject's code
 * follows the import's rule, `<stage code>/<name>`, so re-importing the seed file finds it.
 */
export const createDictEntry = async (
  db: Tx,
  input: { stageId?: number; code?: string; name: string; aliases: string[] },
) => {
  let parentId = STAGE_DICT_ID;
  let level = 1;
  let code = input.code ?? '';
  if (input.stageId !== undefined) {
    const stage = await db.dict.findUnique({ where: { id: input.stageId } });
    if (stage?.level !== 1) throw new AppError('NOT_FOUND', M.stageNotFound(input.stageId));
    parentId = stage.id;
    level = 2;
    code = `${stage.code}/${input.name}`;
  }
  await requireNameFree(db, parentId, level, input.name);
  if (await db.dict.findUnique({ where: { code }, select: { id: true } })) {
    throw new AppError('CONFLICT', M.dictCodeTaken(code));
  }
  const last = await db.dict.aggregate({ where: { parentId, level }, _max: { sort: true } });
  const row = await db.dict.create({
    data: {
      parentId,
      level,
      code,
      dictName: input.name,
      aliases: cleanAliases(input.name, input.aliases),
      sort: (last._max.sort ?? 0) + 1,
    },
  });
  return rowOf(row);
};

/** Renames, enables or disables, or sets the aliases of an entry; answers it before and after. */
export const updateDictEntry = async (
  db: Tx,
  input: { id: number; name?: string; enabled?: boolean; aliases?: string[] },
) => {
  const before = await entryOrFail(db, input.id);
  const name = input.name ?? before.dictName;
  if (input.name !== undefined && input.name !== before.dictName) {
    await requireNameFree(db, before.parentId, before.level, input.name, before.id);
  }
  const aliases = cleanAliases(name, input.aliases ?? before.aliases.filter((a) => a !== name));
  const after = await db.dict.update({
    where: { id: input.id },
    data: { dictName: name, enabled: input.enabled ?? before.enabled, aliases },
  });
  return { before: rowOf(before), after: rowOf(after), level: before.level };
};

/**
 * Swaps an entry with its neighbour above or below among its siblings. The siblings are renumbered 1..n first, so
 * equal or gapped sort values (older imports) still move by exactly one place. False when already at the end.
 */
export const moveDictEntry = async (db: Tx, id: number, direction: 'up' | 'down') => {
  const entry = await entryOrFail(db, id);
  // Lock the siblings: two moves at once renumber one after the other, never from the same stale order.
  const siblings = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM dict WHERE parent_id = ${entry.parentId} AND level = ${entry.level}
    ORDER BY sort, id FOR UPDATE`;
  const order = siblings.map((s) => s.id);
  const at = order.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return { entry: rowOf(entry), moved: false, before: at + 1, after: at + 1 };
  [order[at], order[to]] = [order[to]!, order[at]!];
  for (const [i, siblingId] of order.entries()) {
    await db.dict.updateMany({ where: { id: siblingId, sort: { not: i + 1 } }, data: { sort: i + 1 } });
  }
  return { entry: rowOf(entry), moved: true, before: at + 1, after: to + 1 };
};
