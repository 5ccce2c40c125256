import { makePageBean, RESOURCE_TYPE_LABELS, type ResourceType, TRAIN_TYPES } from '@zyk/shared';
import type pg from 'pg';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../../lib/china-time-sql.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { peopleOf } from '../auth/users.ts';
import { chapterFilterIds } from '../catalogue/tree.ts';
import { type CardRow, PUBLIC, pageCards, toCards } from './cards.ts';
import { onChapters } from './chapters.ts';
import { createPageCache } from './page-cache.ts';

export interface ListInput {
  academicStageId?: number | null;
  subjectId?: number | null;
  type?: ResourceType | null;
  trainType?: string | null;
  catalogueNodeId?: number | null;
  grade?: number | null;
  sort: '1' | '2' | '3' | '4';
  sortWay: 'DESC' | 'ASC';
  current: number;
  size: number;
  snapshot?: string;
}

/**
 * Sort value → column. Each has partial indexes (library migrations): by stage and subject, by type, stage and
 * subject, and alone (lists without a stage and subject walk it and check type and stage on the way).
 */
const SORT_COLUMNS = { '1': 'published_at', '2': 'view_count', '3': 'download_count', '4': 'star_count' } as const;

/** How long later pages reuse the total counted for their snapshot. */
const TOTAL_TTL_MS = 60_000;

const toInt = (v: bigint | number | string | null) => Number(v ?? 0);

/** The filters of a list, as a cache key. */
const filterKey = (input: ListInput) => [
  input.academicStageId ?? null,
  input.subjectId ?? null,
  input.type ?? null,
  input.trainType ?? null,
  input.catalogueNodeId ?? null,
  input.grade ?? null,
];

/**
 * The SQL of a list page and of its total (exported for the benchmark, which runs the same SQL directly).
 * The first page fixes a snapshot time; later pages pass it back and see only resources published up to it,
 * so new arrivals cause neither duplicates nor gaps.
 */
export const listQueries = (input: ListInput, snapshot: Date, chapterIds: number[] | null = null) => {
  const where = [PUBLIC, Prisma.sql`r.published_at <= ${snapshot}`];
  if (input.type) where.push(Prisma.sql`r.type = ${input.type}::"ResourceType"`);
  if (input.academicStageId) where.push(Prisma.sql`r.stage_id = ${input.academicStageId}`);
  if (input.subjectId) where.push(Prisma.sql`r.subject_id = ${input.subjectId}`);
  if (input.trainType) where.push(Prisma.sql`r.train_type = ${input.trainType}`);
  if (chapterIds) where.push(onChapters(chapterIds));
  const condition = Prisma.join(where, ' AND ');
  const direction = Prisma.raw(input.sortWay === 'ASC' ? 'ASC' : 'DESC');
  const column = Prisma.raw(`r.${SORT_COLUMNS[input.sort]}`);
  return {
    select: pageCards(
      Prisma.sql`
        SELECT r.id, ${column} AS sort_key FROM resources r
        WHERE ${condition}
        ORDER BY ${column} ${direction}, r.id ${direction}
        LIMIT ${input.size} OFFSET ${(input.current - 1) * input.size}`,
      Prisma.sql`page.sort_key ${direction}, page.id ${direction}`,
    ),
    count: Prisma.sql`SELECT count(*) AS n FROM resources r WHERE ${condition}`,
  };
};

export const createListService = (prisma: PrismaClient, pool: pg.Pool) => {
  /**
   * The total of a filter at a snapshot: what it counts changes only when a resource already public leaves or
   * comes back (page-cache.ts, libraryChanged), so later pages reuse it for a minute instead of counting again.
   */
  const snapshotTotals = createPageCache<number>(TOTAL_TTL_MS);
  const total = (input: ListInput, query: ReturnType<typeof listQueries>, at: Date) => {
    const count = async () => toInt((await hotRows<{ n: string }>(pool, query.count))[0]?.n ?? 0);
    if (!input.snapshot) return count();
    return snapshotTotals([...filterKey(input), at.toISOString()], count);
  };

  const read = async (input: ListInput) => {
    const snapshot = input.snapshot ? new Date(input.snapshot) : new Date();
    const chapterIds = await chapterFilterIds(prisma, {
      nodeId: input.catalogueNodeId,
      grade: input.grade,
      stageId: input.academicStageId,
      subjectId: input.subjectId,
    });
    const query = listQueries(input, snapshot, chapterIds);
    const [rows, totalCount] = await Promise.all([hotRows<CardRow>(pool, query.select), total(input, query, snapshot)]);
    return {
      objList: (await toCards(prisma, rows, pool)).map((x) => x.card),
      pageBean: makePageBean(input.current, input.size, totalCount),
      snapshot: snapshot.toISOString(),
    };
  };

  /** First pages (no snapshot yet) come from the page cache; later pages are read at their snapshot. */
  const firstPages = createPageCache<Awaited<ReturnType<typeof read>>>();
  const list = (input: ListInput) => {
    if (input.current !== 1 || input.snapshot) return read(input);
    const { sort, sortWay, size } = input;
    return firstPages([...filterKey(input), sort, sortWay, size], () => read(input));
  };

  /** Same stage and subject first, then same subject, then same type; popular first; never the resource itself. */
  const recommend = async (id: number, size: number) => {
    const [self] = await prisma.$queryRaw<{ type: string; stage_id: number | null; subject_id: number | null }[]>`
      SELECT type::text AS type, stage_id, subject_id FROM resources WHERE id = ${id}`;
    if (!self) return [];
    const rows = await prisma.$queryRaw<CardRow[]>(
      pageCards(
        Prisma.sql`
          SELECT r.id, r.view_count,
                 (r.stage_id IS NOT DISTINCT FROM ${self.stage_id} AND r.subject_id IS NOT DISTINCT FROM ${self.subject_id}) AS same_both,
                 (r.subject_id IS NOT DISTINCT FROM ${self.subject_id}) AS same_subject
          FROM resources r
          WHERE ${PUBLIC} AND r.id <> ${id}
            AND (r.subject_id = ${self.subject_id} OR r.type = ${self.type}::"ResourceType")
          ORDER BY same_both DESC, same_subject DESC, r.view_count DESC, r.id DESC
          LIMIT ${size}`,
        Prisma.sql`page.same_both DESC, page.same_subject DESC, page.view_count DESC, page.id DESC`,
      ),
    );
    return (await toCards(prisma, rows, pool)).map((x) => x.card);
  };

  const latestByType = ttlCache(30_000, async (_: 'all') => {
    const sections = [];
    for (const type of Object.keys(RESOURCE_TYPE_LABELS) as ResourceType[]) {
      const rows = await prisma.$queryRaw<CardRow[]>(
        pageCards(
          Prisma.sql`
            SELECT r.id, r.published_at FROM resources r
            WHERE ${PUBLIC} AND r.type = ${type}::"ResourceType"
            ORDER BY r.published_at DESC, r.id DESC LIMIT 8`,
          Prisma.sql`page.published_at DESC, page.id DESC`,
        ),
      );
      sections.push({
        type,
        name: RESOURCE_TYPE_LABELS[type],
        list: (await toCards(prisma, rows, pool)).map((x) => x.card),
      });
    }
    return { sections };
  });

  const totals = ttlCache(60_000, async (_: 'all') => {
    const [row] = await prisma.$queryRaw<
      { total: bigint; micro: bigint; doc: bigint; ach: bigint; authors: bigint; downloads: bigint | null }[]
    >`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE r.type = 'MICRO_COURSE') AS micro,
             count(*) FILTER (WHERE r.type = 'DOCUMENT') AS doc,
             count(*) FILTER (WHERE r.type = 'ACHIEVEMENT') AS ach,
             count(DISTINCT r.author_id) AS authors,
             sum(r.download_count) AS downloads
      FROM resources r WHERE ${PUBLIC}`;
    return {
      total: toInt(row?.total ?? 0),
      microCourse: toInt(row?.micro ?? 0),
      document: toInt(row?.doc ?? 0),
      achievement: toInt(row?.ach ?? 0),
      authors: toInt(row?.authors ?? 0),
      downloads: toInt(row?.downloads ?? 0),
    };
  });

  const memberRank = ttlCache(60_000, async (size: number) => {
    const rows = await prisma.$queryRaw<{ author_id: number; resource_count: bigint; download_count: bigint | null }[]>`
      SELECT r.author_id, count(*) AS resource_count, sum(r.download_count) AS download_count
      FROM resources r
      WHERE ${PUBLIC}
      GROUP BY r.author_id ORDER BY resource_count DESC, download_count DESC, r.author_id LIMIT ${size}`;
    const people = await peopleOf(
      prisma,
      rows.map((r) => r.author_id),
    );
    return rows.map((r) => ({
      memberId: people.get(r.author_id)?.memberId ?? '',
      realName: people.get(r.author_id)?.realName ?? '',
      resourceCount: toInt(r.resource_count),
      downloadCount: toInt(r.download_count),
    }));
  });

  const resourceRank = ttlCache(60_000, async ({ size, days }: { size: number; days: number }) => {
    const rows = await prisma.$queryRaw<
      { id: number; title: string; type: string; views: bigint; downloads: bigint; score: bigint }[]
    >`
      SELECT r.id, r.title, r.type::text AS type, sum(s.views) AS views, sum(s.downloads) AS downloads,
             sum(s.views + 3 * s.downloads) AS score
      FROM resource_daily_stats s JOIN resources r ON r.id = s.resource_id
      WHERE ${PUBLIC} AND s.day > ${CHINA_TODAY_SQL} - ${days}::int
      GROUP BY r.id ORDER BY score DESC, r.id DESC LIMIT ${size}`;
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type as ResourceType,
      views: toInt(r.views),
      downloads: toInt(r.downloads),
      score: toInt(r.score),
    }));
  });

  return {
    list,
    recommend,
    homeData: () => latestByType('all'),
    totals: () => totals('all'),
    memberRank,
    resourceRank,
    trainTypes: () => TRAIN_TYPES.map((t) => ({ code: t.code, name: t.name })),
  };
};
