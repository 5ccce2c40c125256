import { MESSAGES, makePageBean } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { CHINA_TODAY_SQL } from '../../lib/china-time-sql.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { batch, transaction } from '../../lib/transaction.ts';
import { isVisibleTo } from '../../lib/visibility.ts';
import { CARD_COLUMNS, type CardRow, PUBLIC, toCards } from './cards.ts';

const notFound = () => new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrUnpublished);

type Toggle = 'star' | 'collect';
const TOGGLES = {
  star: { table: Prisma.raw('resource_stars'), counter: Prisma.raw('star_count') },
  collect: { table: Prisma.raw('resource_collects'), counter: Prisma.raw('collect_count') },
} as const;

/** One page of the user's resources from a per-user table with a timestamp column (history, downloads…). */
const personalPage = async <Extra extends Record<string, unknown>>(
  prisma: PrismaClient,
  opts: { table: string; at: string; userId: number; current: number; size: number; extra?: string },
  map: (row: CardRow & Record<string, unknown>) => Extra,
) => {
  const table = Prisma.raw(opts.table);
  const at = Prisma.raw(`h.${opts.at}`);
  const extra = Prisma.raw(opts.extra ? `, ${opts.extra}` : '');
  const [rows, count] = await Promise.all([
    prisma.$queryRaw<(CardRow & Record<string, unknown>)[]>`
      SELECT ${CARD_COLUMNS}, ${at} AS at ${extra}
      FROM ${table} h JOIN resources r ON r.id = h.resource_id
      WHERE h.user_id = ${opts.userId} AND r.deleted_at IS NULL
      ORDER BY ${at} DESC, r.id DESC LIMIT ${opts.size} OFFSET ${(opts.current - 1) * opts.size}`,
    prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM ${table} h JOIN resources r ON r.id = h.resource_id
      WHERE h.user_id = ${opts.userId} AND r.deleted_at IS NULL`,
  ]);
  return {
    objList: (await toCards(prisma, rows)).map(({ row, card }) => ({ ...card, ...map(row) })),
    pageBean: makePageBean(opts.current, opts.size, Number(count[0]?.n ?? 0)),
  };
};

const iso = (v: unknown) => (v as Date).toISOString();

export const createInteractionService = (prisma: PrismaClient) => {
  /**
   * Sets (state given) or flips a user's star/collect. The resource row is locked for the change, and the counter
   * is recounted from the rows, so concurrent clicks can neither double-count nor drift.
   */
  const toggle = async (kind: Toggle, userId: number, resourceId: number, state?: boolean) => {
    const { table, counter } = TOGGLES[kind];
    return transaction(prisma, async (tx) => {
      const locked = await tx.$queryRaw<{ id: number }[]>`
        SELECT r.id FROM resources r WHERE r.id = ${resourceId} AND ${PUBLIC} FOR UPDATE`;
      if (locked.length === 0) throw notFound();
      const existing = await tx.$queryRaw<{ user_id: number }[]>`
        SELECT user_id FROM ${table} WHERE user_id = ${userId} AND resource_id = ${resourceId}`;
      const active = state ?? existing.length === 0;
      if (active && existing.length === 0) {
        await tx.$executeRaw`INSERT INTO ${table} (user_id, resource_id) VALUES (${userId}, ${resourceId})`;
      } else if (!active && existing.length > 0) {
        await tx.$executeRaw`DELETE FROM ${table} WHERE user_id = ${userId} AND resource_id = ${resourceId}`;
      }
      const [row] = await tx.$queryRaw<{ count: number }[]>`
        UPDATE resources SET ${counter} = (SELECT count(*) FROM ${table} WHERE resource_id = ${resourceId})
        WHERE id = ${resourceId} RETURNING ${counter} AS count`;
      return { active, count: row?.count ?? 0 };
    });
  };

  return {
    toggle,

    /**
     * Counts a view or a play of a published resource; a logged-in viewer's history row is refreshed too. Its author
     * or an administrator looking at it before it is published gets the figures, uncounted: only the public counts.
     */
    countView: async (user: SessionUser | null, resourceId: number, kind: 'view' | 'play') => {
      const userId = user?.id ?? null;
      const column = Prisma.raw(kind === 'play' ? 'play_count' : 'view_count');
      const [row] = await prisma.$queryRaw<{ view_count: number; play_count: number }[]>`
        UPDATE resources r SET ${column} = r.${column} + 1 WHERE r.id = ${resourceId} AND ${PUBLIC}
        RETURNING r.view_count, r.play_count`;
      if (!row) {
        const unpublished = await prisma.resource.findUnique({
          where: { id: resourceId },
          select: { status: true, deletedAt: true, authorId: true, viewCount: true, playCount: true },
        });
        if (!unpublished || !isVisibleTo(user, unpublished)) throw notFound();
        return { viewCount: unpublished.viewCount, playCount: unpublished.playCount };
      }
      if (kind === 'view') {
        await prisma.$executeRaw`
          INSERT INTO resource_daily_stats (resource_id, day, views) VALUES (${resourceId}, ${CHINA_TODAY_SQL}, 1)
          ON CONFLICT (resource_id, day) DO UPDATE SET views = resource_daily_stats.views + 1`;
      }
      if (userId !== null) {
        await prisma.$executeRaw`
          INSERT INTO view_history (user_id, resource_id, viewed_at) VALUES (${userId}, ${resourceId}, now())
          ON CONFLICT (user_id, resource_id) DO UPDATE SET viewed_at = now()`;
      }
      return { viewCount: row.view_count, playCount: row.play_count };
    },

    playRecord: async (userId: number, resourceId: number, position: number) => {
      const visible = await prisma.$queryRaw<
        { id: number }[]
      >`SELECT r.id FROM resources r WHERE r.id = ${resourceId} AND ${PUBLIC}`;
      if (visible.length === 0) throw notFound();
      await prisma.$executeRaw`
        INSERT INTO view_history (user_id, resource_id, play_position, viewed_at)
        VALUES (${userId}, ${resourceId}, ${position}, now())
        ON CONFLICT (user_id, resource_id) DO UPDATE SET play_position = ${position}, viewed_at = now()`;
      return { position };
    },

    /** Counts an authorized download and, for a logged-in user (null: a visitor), records it in their download history. */
    recordDownload: async (userId: number | null, resourceId: number) => {
      await batch(prisma, [
        prisma.$executeRaw`UPDATE resources SET download_count = download_count + 1 WHERE id = ${resourceId}`,
        prisma.$executeRaw`
          INSERT INTO resource_daily_stats (resource_id, day, downloads) VALUES (${resourceId}, ${CHINA_TODAY_SQL}, 1)
          ON CONFLICT (resource_id, day) DO UPDATE SET downloads = resource_daily_stats.downloads + 1`,
        ...(userId === null
          ? []
          : [
              prisma.$executeRaw`
                INSERT INTO download_history (user_id, resource_id) VALUES (${userId}, ${resourceId})
                ON CONFLICT (user_id, resource_id) DO UPDATE SET times = download_history.times + 1, downloaded_at = now()`,
            ]),
      ]);
    },

    history: (userId: number, current: number, size: number) =>
      personalPage(
        prisma,
        { table: 'view_history', at: 'viewed_at', userId, current, size, extra: 'h.play_position' },
        (row) => ({ viewedAt: iso(row.at), playPosition: Number(row.play_position) }),
      ),

    homeViews: async (userId: number) =>
      (
        await personalPage(
          prisma,
          { table: 'view_history', at: 'viewed_at', userId, current: 1, size: 6, extra: 'h.play_position' },
          (row) => ({ viewedAt: iso(row.at), playPosition: Number(row.play_position) }),
        )
      ).objList,

    deleteView: async (userId: number, resourceId: number) => {
      await prisma.viewHistory.deleteMany({ where: { userId, resourceId } });
    },
    deleteAllViews: async (userId: number) => {
      await prisma.viewHistory.deleteMany({ where: { userId } });
    },

    myStars: (userId: number, current: number, size: number) =>
      personalPage(prisma, { table: 'resource_stars', at: 'created_at', userId, current, size }, (row) => ({
        starredAt: iso(row.at),
      })),
    myCollects: (userId: number, current: number, size: number) =>
      personalPage(prisma, { table: 'resource_collects', at: 'created_at', userId, current, size }, (row) => ({
        collectedAt: iso(row.at),
      })),
    myDownloads: (userId: number, current: number, size: number) =>
      personalPage(
        prisma,
        { table: 'download_history', at: 'downloaded_at', userId, current, size, extra: 'h.times' },
        (row) => ({ downloadedAt: iso(row.at), times: Number(row.times) }),
      ),
    deleteDownload: async (userId: number, resourceId: number) => {
      await prisma.downloadHistory.deleteMany({ where: { userId, resourceId } });
    },
  };
};
