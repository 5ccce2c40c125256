import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/** Which users a console figure counts: all, one school's members, or the teachers of a stage (and subject). */
export type PeopleScope =
  | { kind: 'all' }
  | { kind: 'school'; schoolId: number }
  | { kind: 'subject'; stageId: number; subjectId: number | null };

const scopeSql = (scope: PeopleScope) => {
  if (scope.kind === 'school') return Prisma.sql`u.school_id = ${scope.schoolId}`;
  if (scope.kind === 'subject') {
    return scope.subjectId === null
      ? Prisma.sql`u.stage_id = ${scope.stageId}`
      : Prisma.sql`u.stage_id = ${scope.stageId} AND u.subject_id = ${scope.subjectId}`;
  }
  return Prisma.sql`TRUE`;
};

/** Ids of the users in scope (a school's or a subject's teachers: hundreds to a few thousand). */
export const userIdsInScope = async (db: Db, scope: PeopleScope) =>
  (await db.$queryRaw<{ id: number }[]>`SELECT u.id FROM users u WHERE ${scopeSql(scope)}`).map((r) => r.id);

/** Accounts created today and within the window, in scope (registrations still pending or refused are not). */
export const newUserCounts = async (db: Db, window: { since: Date; todayStart: Date }, scope: PeopleScope) => {
  const [row] = await db.$queryRaw<{ today: bigint; total: bigint }[]>`
    SELECT count(*) FILTER (WHERE u.created_at >= ${window.todayStart}) AS today, count(*) AS total
    FROM users u
    WHERE u.created_at >= ${window.since} AND u.status IN ('ACTIVE', 'DISABLED') AND ${scopeSql(scope)}`;
  return { today: Number(row?.today ?? 0), last30Days: Number(row?.total ?? 0) };
};

/**
 * Active schools, today and within the window. A school is active in a period when at least one of its members
 * (in scope) either created a resource in that period (`uploaderIds…`, from the library) or signed in or used the
 * site: has a session created or last seen in the period. Sessions are removed at logout, so a member who signed
 * in and out again during the period counts only through an upload; sessions that merely expired are kept.
 */
export const activeSchoolCounts = async (
  db: Db,
  window: { since: Date; todayStart: Date },
  uploaders: { today: number[]; window: number[] },
  scope: PeopleScope,
) => {
  const [row] = await db.$queryRaw<{ today: bigint; total: bigint }[]>`
    WITH seen AS (
      SELECT s.user_id, max(greatest(s.created_at, s.last_seen_at)) AS at FROM sessions s
      WHERE s.created_at >= ${window.since} OR s.last_seen_at >= ${window.since}
      GROUP BY s.user_id
    )
    SELECT count(DISTINCT u.school_id) FILTER (
             WHERE seen.at >= ${window.todayStart} OR u.id = ANY(${uploaders.today}::int[])) AS today,
           count(DISTINCT u.school_id) AS total
    FROM users u LEFT JOIN seen ON seen.user_id = u.id
    WHERE (seen.user_id IS NOT NULL OR u.id = ANY(${uploaders.window}::int[])) AND ${scopeSql(scope)}`;
  return { today: Number(row?.today ?? 0), last30Days: Number(row?.total ?? 0) };
};

/** User name and real name of each of `ids` that exists, for console lists (work orders). */
export const accountNamesOf = async (db: Db, ids: Iterable<number>) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, { userName: string; realName: string }>();
  const rows = await db.user.findMany({
    where: { id: { in: unique } },
    select: { id: true, userName: true, realName: true },
  });
  return new Map(rows.map((r) => [r.id, { userName: r.userName, realName: r.realName }]));
};
