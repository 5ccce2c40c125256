import { MESSAGES } from '@zyk/shared';
import type { Area, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';

/*
 * The console's edits of the area tree (province 1 → city 2 → district 3). Areas are referred to by code (schools,
 * the personal centre's picker), so a code never changes and an area is never deleted here.
 */

type Db = PrismaClient | Tx;
const M = MESSAGES.console.dashboard;
const DEEPEST_LEVEL = 3;

const nodeOf = (a: Area) => ({ code: a.code, parentCode: a.parentCode, name: a.name, level: a.level, sort: a.sort });
export type AreaNode = ReturnType<typeof nodeOf>;

/** Every area, parents before children, siblings in their order (a few thousand rows at most). */
export const allAreas = async (db: Db) =>
  (
    await db.area.findMany({ orderBy: [{ level: 'asc' }, { parentCode: 'asc' }, { sort: 'asc' }, { code: 'asc' }] })
  ).map(nodeOf);

const areaOrFail = async (db: Db, code: string) => {
  const row = await db.area.findUnique({ where: { code } });
  if (!row) throw new AppError('NOT_FOUND', M.areaNotFound(code));
  return row;
};

const requireNameFree = async (db: Db, parentCode: string | null, name: string, exceptCode?: string) => {
  const clash = await db.area.findFirst({
    where: { parentCode, name, ...(exceptCode ? { code: { not: exceptCode } } : {}) },
    select: { code: true },
  });
  if (clash) throw new AppError('CONFLICT', M.areaNameTaken(name));
};

/** A new province (no parent), city or district, last among its siblings. */
export const createArea = async (db: Db, input: { parentCode?: string; code: string; name: string }) => {
  const parent = input.parentCode === undefined ? null : await areaOrFail(db, input.parentCode);
  if (parent && parent.level >= DEEPEST_LEVEL) throw new AppError('BAD_REQUEST', M.areaTooDeep);
  if (await db.area.findUnique({ where: { code: input.code }, select: { code: true } })) {
    throw new AppError('CONFLICT', M.areaCodeTaken(input.code));
  }
  const parentCode = parent?.code ?? null;
  await requireNameFree(db, parentCode, input.name);
  const last = await db.area.aggregate({ where: { parentCode }, _max: { sort: true } });
  const row = await db.area.create({
    data: {
      code: input.code,
      parentCode,
      name: input.name,
      level: (parent?.level ?? 0) + 1,
      sort: (last._max.sort ?? 0) + 1,
    },
  });
  return nodeOf(row);
};

/** Renames an area; answers it before and after. */
export const renameArea = async (db: Db, code: string, name: string) => {
  const before = await areaOrFail(db, code);
  if (before.name !== name) await requireNameFree(db, before.parentCode, name, code);
  const after = await db.area.update({ where: { code }, data: { name } });
  return { before: nodeOf(before), after: nodeOf(after) };
};

/** Swaps an area with its neighbour among its siblings (renumbered 1..n, locked while moving). */
export const moveArea = async (db: Tx, code: string, direction: 'up' | 'down') => {
  const area = await areaOrFail(db, code);
  const siblings = area.parentCode
    ? await db.$queryRaw<{ code: string }[]>`
        SELECT code FROM areas WHERE parent_code = ${area.parentCode} ORDER BY sort, code FOR UPDATE`
    : await db.$queryRaw<{ code: string }[]>`
        SELECT code FROM areas WHERE parent_code IS NULL ORDER BY sort, code FOR UPDATE`;
  const order = siblings.map((s) => s.code);
  const at = order.indexOf(code);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return { area: nodeOf(area), moved: false, before: at + 1, after: at + 1 };
  [order[at], order[to]] = [order[to]!, order[at]!];
  for (const [i, siblingCode] of order.entries()) {
    await db.area.updateMany({ where: { code: siblingCode, sort: { not: i + 1 } }, data: { sort: i + 1 } });
  }
  return { area: nodeOf(area), moved: true, before: at + 1, after: to + 1 };
};
