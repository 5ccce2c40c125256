import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

export interface SalesFigures {
  today: { count: number; amount: number };
  last30Days: { count: number; amount: number };
}

/**
 * Sales for the console's dashboard: orders paid within the window and not refunded (status PAID), counted by
 * payment time, with what the buyers paid (fen). Optionally only orders of the given sellers (a school's members)
 * or of the given resources.
 */
export const salesFigures = async (
  db: Db,
  window: { since: Date; todayStart: Date },
  filter: { sellerIds?: number[]; resourceIds?: number[] } = {},
): Promise<SalesFigures> => {
  const conditions = [Prisma.sql`o.status = 'PAID'`, Prisma.sql`o.paid_at >= ${window.since}`];
  if (filter.sellerIds) conditions.push(Prisma.sql`o.seller_id = ANY(${filter.sellerIds}::int[])`);
  if (filter.resourceIds) conditions.push(Prisma.sql`o.resource_id = ANY(${filter.resourceIds}::int[])`);
  const [row] = await db.$queryRaw<
    { today_count: bigint; today_amount: bigint | null; count: bigint; amount: bigint | null }[]
  >`
    SELECT count(*) FILTER (WHERE o.paid_at >= ${window.todayStart}) AS today_count,
           sum(o.pay_amount) FILTER (WHERE o.paid_at >= ${window.todayStart}) AS today_amount,
           count(*) AS count, sum(o.pay_amount) AS amount
    FROM orders o WHERE ${Prisma.join(conditions, ' AND ')}`;
  return {
    today: { count: Number(row?.today_count ?? 0), amount: Number(row?.today_amount ?? 0) },
    last30Days: { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) },
  };
};

/** Resources with a paid order since `since` (few: a month's sales), to be narrowed to a stage and subject. */
export const soldResourceIdsSince = async (db: Db, since: Date) =>
  (
    await db.$queryRaw<{ resource_id: number }[]>`
      SELECT DISTINCT o.resource_id FROM orders o WHERE o.status = 'PAID' AND o.paid_at >= ${since}`
  ).map((r) => r.resource_id);
