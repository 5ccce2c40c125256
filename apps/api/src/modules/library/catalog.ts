import { makePageBean, type ResourceType } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';
import { PUBLISHED, publishedOrAuthoredBy } from '../../lib/visibility.ts';
import { CARD_COLUMNS, type CardRow, PUBLIC, toCards } from './cards.ts';

/**
 * What other modules may ask of the library's resources. The library owns the resource tables; courses (lessons
 * point at resources) and commerce (resources are what is sold) read them only through these functions.
 */

type Db = PrismaClient | Tx;

/** The type of each of `ids` that still exists (deleted ones too: a lesson shows what it pointed at). */
export const resourceTypesOf = async (db: Db, ids: number[]) => {
  const rows = await db.resource.findMany({ where: { id: { in: ids } }, select: { id: true, type: true } });
  return new Map(rows.map((r) => [r.id, r.type as ResourceType]));
};

/** The card of one resource that is not deleted (whatever its review status), or null. */
export const resourceCardOf = async (prisma: PrismaClient, id: number) => {
  const rows = await prisma.$queryRaw<CardRow[]>`
    SELECT ${CARD_COLUMNS} FROM resources r
    WHERE r.id = ${id} AND r.deleted_at IS NULL`;
  const [card] = await toCards(prisma, rows);
  return card?.card ?? null;
};

/** A page of an author's published resources, newest first, optionally by a word in the title. */
export const publishedCardsOf = async (
  prisma: PrismaClient,
  authorId: number,
  q: { current: number; size: number; keyword?: string },
) => {
  const where = [Prisma.sql`r.author_id = ${authorId}`, PUBLIC];
  if (q.keyword) where.push(Prisma.sql`r.title ILIKE ${`%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`}`);
  const condition = Prisma.join(where, ' AND ');
  const [rows, count] = await Promise.all([
    prisma.$queryRaw<CardRow[]>`
      SELECT ${CARD_COLUMNS} FROM resources r WHERE ${condition}
      ORDER BY r.published_at DESC, r.id DESC LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM resources r WHERE ${condition}`,
  ]);
  return {
    objList: (await toCards(prisma, rows)).map((x) => x.card),
    pageBean: makePageBean(q.current, q.size, Number(count[0]?.n ?? 0)),
  };
};

/** Those of `ids` the public may see (published, not deleted); studios list only these of what was shared. */
export const publishedIdsAmong = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.resource.findMany({ where: { id: { in: ids }, ...PUBLISHED }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
};

/** The cards of those of `ids` that are published and not deleted, in the order of `ids`. */
export const publishedCardsAmong = async (prisma: PrismaClient, ids: number[]) => {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<CardRow[]>`
    SELECT ${CARD_COLUMNS} FROM resources r WHERE r.id = ANY(${ids}::int[]) AND ${PUBLIC}`;
  const cards = new Map((await toCards(prisma, rows)).map((x) => [x.card.id, x.card]));
  return ids.flatMap((id) => cards.get(id) ?? []);
};

/** How many of `ids` `authorId` may put in a course: not deleted, and published or their own. */
export const countUsableResources = (db: Db, ids: number[], authorId: number) =>
  db.resource.count({ where: { id: { in: ids }, ...publishedOrAuthoredBy(authorId) } });

/** A resource as commerce sells it and reports on it, or null when it does not exist. */
export const resourceForSale = (db: Db, id: number) =>
  db.resource.findUnique({
    where: { id },
    select: {
      id: true,
      authorId: true,
      title: true,
      type: true,
      price: true,
      status: true,
      deletedAt: true,
      downloadCount: true,
    },
  });

/** How many paid resources `authorId` has on sale (published). */
export const countPaidOnSale = (db: Db, authorId: number) =>
  db.resource.count({ where: { authorId, ...PUBLISHED, price: { gt: 0 } } });

/** Downloads per day of one resource since `from`. */
export const dailyDownloadsOf = (db: Db, resourceId: number, from: Date) =>
  db.resourceDailyStat.findMany({ where: { resourceId, day: { gte: from } }, select: { day: true, downloads: true } });
