import { CHINA_TIME_ZONE } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/**
 * Which resources a console figure counts: all of them, those written by the given authors (a school's members),
 * or those of a stage (and subject, when given).
 */
export type ContentScope =
  | { kind: 'all' }
  | { kind: 'authors'; authorIds: number[] }
  | { kind: 'subject'; stageId: number; subjectId: number | null };

const scopeSql = (scope: ContentScope) => {
  if (scope.kind === 'authors') return Prisma.sql`r.author_id = ANY(${scope.authorIds}::int[])`;
  if (scope.kind === 'subject') {
    return scope.subjectId === null
      ? Prisma.sql`r.stage_id = ${scope.stageId}`
      : Prisma.sql`r.stage_id = ${scope.stageId} AND r.subject_id = ${scope.subjectId}`;
  }
  return Prisma.sql`TRUE`;
};

/*
 * Every status, listed so `created_at >= …` is answered by the (status, created_at) index, one range per status,
 * instead of reading the whole table (there is no index on created_at alone).
 */
const EVERY_STATUS = Prisma.sql`r.status IN ('DRAFT', 'PENDING', 'PUBLISHED', 'REJECTED', 'TAKEN_DOWN')`;

const CHINA_DAY = Prisma.raw(`(r.created_at AT TIME ZONE '${CHINA_TIME_ZONE}')::date`);

export interface LibraryDashboard {
  /** China day ('2026-11-22') → resources created, views and downloads that day. */
  perDay: Map<string, { uploads: number; views: number; downloads: number }>;
  pendingReviews: number;
  /** Authors who created a resource today / within the window (for the active-schools figure). */
  uploaderIdsToday: number[];
  uploaderIds: number[];
}

const dayText = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The library's dashboard figures from `since` (the start of the window's first China day, `sinceDay`) and
 * `todayStart`. Uploads come from the resources' creation time; views and downloads from the daily table
 * (resource_daily_stats, one row per resource and China day, indexed by day), never from the resources' running
 * totals. Pending reviews is the number waiting now.
 */
export const libraryDashboard = async (
  db: Db,
  window: { since: Date; sinceDay: string; todayStart: Date },
  scope: ContentScope,
): Promise<LibraryDashboard> => {
  const filter = scopeSql(scope);
  const [uploads, traffic, pending, uploaders] = await Promise.all([
    db.$queryRaw<{ day: Date; n: bigint }[]>`
      SELECT ${CHINA_DAY} AS day, count(*) AS n FROM resources r
      WHERE ${EVERY_STATUS} AND r.created_at >= ${window.since} AND ${filter}
      GROUP BY 1`,
    scope.kind === 'all'
      ? db.$queryRaw<{ day: Date; views: bigint; downloads: bigint }[]>`
          SELECT s.day, sum(s.views) AS views, sum(s.downloads) AS downloads FROM resource_daily_stats s
          WHERE s.day >= ${window.sinceDay}::date GROUP BY s.day`
      : db.$queryRaw<{ day: Date; views: bigint; downloads: bigint }[]>`
          SELECT s.day, sum(s.views) AS views, sum(s.downloads) AS downloads
          FROM resource_daily_stats s JOIN resources r ON r.id = s.resource_id
          WHERE s.day >= ${window.sinceDay}::date AND ${filter} GROUP BY s.day`,
    db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM resources r WHERE r.status = 'PENDING' AND r.deleted_at IS NULL AND ${filter}`,
    db.$queryRaw<{ author_id: number; today: boolean }[]>`
      SELECT r.author_id, bool_or(r.created_at >= ${window.todayStart}) AS today FROM resources r
      WHERE ${EVERY_STATUS} AND r.created_at >= ${window.since} AND ${filter}
      GROUP BY r.author_id`,
  ]);
  const perDay = new Map<string, { uploads: number; views: number; downloads: number }>();
  const entry = (day: string) => {
    const found = perDay.get(day) ?? { uploads: 0, views: 0, downloads: 0 };
    perDay.set(day, found);
    return found;
  };
  for (const row of uploads) entry(dayText(row.day)).uploads = Number(row.n);
  for (const row of traffic) {
    const e = entry(dayText(row.day));
    e.views = Number(row.views);
    e.downloads = Number(row.downloads);
  }
  return {
    perDay,
    pendingReviews: Number(pending[0]?.n ?? 0),
    uploaderIdsToday: uploaders.filter((u) => u.today).map((u) => u.author_id),
    uploaderIds: uploaders.map((u) => u.author_id),
  };
};

/** Of `ids`, the resources of a stage (and subject, when given): for figures of other modules scoped to them. */
export const resourceIdsOfSubject = async (db: Db, ids: number[], stageId: number, subjectId: number | null) => {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM resources r
    WHERE r.id = ANY(${ids}::int[]) AND ${scopeSql({ kind: 'subject', stageId, subjectId })}`;
  return rows.map((r) => r.id);
};
