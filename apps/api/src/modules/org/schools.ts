import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/** The school every user belongs to unless they name another (existing users moved there). */
export const DEFAULT_SCHOOL_ID = 1;

/** Names of the given schools (id → name). */
export const schoolNames = async (db: Db, ids: Iterable<number>): Promise<Map<number, string>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.school.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
};
