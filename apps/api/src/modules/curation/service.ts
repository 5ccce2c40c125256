import { type AdminBanner, type BannerInput, chinaDate, chinaDayStart, type HomeBanner, MESSAGES } from '@zyk/shared';
import type { HomeBanner as BannerRow, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sharedInvalidation } from '../../lib/shared-invalidation.ts';
import { lockKey, type Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;
const M = MESSAGES.console.curation;

/** A console date is a day in China: it starts at 00:00 there; an end day is included, so it ends a day later. */
const DAY_MS = 86_400_000;
const toDates = (input: BannerInput) => ({
  startsAt: input.startsOn ? chinaDayStart(input.startsOn) : null,
  endsAt: input.endsOn ? new Date(chinaDayStart(input.endsOn).getTime() + DAY_MS) : null,
});

const stateOf = (row: BannerRow, now: Date): AdminBanner['state'] => {
  if (!row.enabled) return 'disabled';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'active';
};

export const toAdminBanner = (row: BannerRow, now: Date): AdminBanner => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  linkUrl: row.linkUrl,
  sort: row.sort,
  enabled: row.enabled,
  startsOn: row.startsAt ? chinaDate(row.startsAt) : null,
  endsOn: row.endsAt ? chinaDate(new Date(row.endsAt.getTime() - 1)) : null,
  state: stateOf(row, now),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a banner (no timestamps: they say nothing an administrator changed). */
export const bannerSnapshot = (b: AdminBanner) => ({
  title: b.title,
  subtitle: b.subtitle,
  linkUrl: b.linkUrl,
  sort: b.sort,
  enabled: b.enabled,
  startsOn: b.startsOn,
  endsOn: b.endsOn,
});

const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }];
// Creating and reordering both decide sort numbers from the whole list: one at a time.
const LIST_LOCK = 'curation:home-banners';

export const listBanners = async (db: Db, now: Date) =>
  (await db.homeBanner.findMany({ orderBy: ORDER })).map((row) => toAdminBanner(row, now));

const bannerOrThrow = async (db: Db, id: number) => {
  const row = await db.homeBanner.findUnique({ where: { id } });
  if (!row) throw new AppError('NOT_FOUND', M.bannerNotFound);
  return row;
};

/** A new banner goes last. */
export const createBanner = async (tx: Tx, input: BannerInput, now: Date) => {
  await lockKey(tx, LIST_LOCK);
  const last = await tx.homeBanner.aggregate({ _max: { sort: true } });
  const row = await tx.homeBanner.create({
    data: {
      title: input.title,
      subtitle: input.subtitle,
      linkUrl: input.linkUrl,
      enabled: input.enabled,
      sort: (last._max.sort ?? 0) + 1,
      ...toDates(input),
    },
  });
  return toAdminBanner(row, now);
};

export const updateBanner = async (tx: Tx, id: number, input: BannerInput, now: Date) => {
  const before = toAdminBanner(await bannerOrThrow(tx, id), now);
  const row = await tx.homeBanner.update({
    where: { id },
    data: {
      title: input.title,
      subtitle: input.subtitle,
      linkUrl: input.linkUrl,
      enabled: input.enabled,
      ...toDates(input),
    },
  });
  return { before, after: toAdminBanner(row, now) };
};

export const deleteBanner = async (tx: Tx, id: number, now: Date) => {
  const before = toAdminBanner(await bannerOrThrow(tx, id), now);
  const { count } = await tx.homeBanner.deleteMany({ where: { id } });
  if (count !== 1) throw new AppError('NOT_FOUND', M.bannerNotFound);
  return before;
};

/** `ids` is every banner, once, in the new order (a list seen before another administrator's change is refused). */
export const reorderBanners = async (tx: Tx, ids: number[], now: Date) => {
  await lockKey(tx, LIST_LOCK);
  const before = await listBanners(tx, now);
  const known = new Set(before.map((b) => b.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw new AppError('BAD_REQUEST', M.bannerOrderMismatch);
  for (const [index, id] of ids.entries()) {
    const sort = index + 1;
    if (before.find((b) => b.id === id)?.sort !== sort) await tx.homeBanner.update({ where: { id }, data: { sort } });
  }
  return { before, after: await listBanners(tx, now) };
};

/**
 * The home page's banners, asked for by every visitor: one read shared for a few seconds per database client. A
 * change forgets it at once in every process sharing the database (`homeBannersChanged`, called once the change is
 * committed, so a read that started earlier is not served again).
 */
const BANNER_TTL_MS = 5_000;
let activeCache = new WeakMap<object, { at: number; value: Promise<HomeBanner[]> }>();

export const activeHomeBanners = (prisma: PrismaClient, now: Date): Promise<HomeBanner[]> => {
  const kept = activeCache.get(prisma);
  if (kept && Date.now() - kept.at < BANNER_TTL_MS) return kept.value;
  const value = prisma.homeBanner
    .findMany({
      where: {
        enabled: true,
        OR: [{ startsAt: null }, { startsAt: { lte: now } }],
        AND: [{ OR: [{ endsAt: null }, { endsAt: { gt: now } }] }],
      },
      orderBy: ORDER,
      take: 10,
    })
    .then((rows) => rows.map((r) => ({ id: r.id, title: r.title, subtitle: r.subtitle, linkUrl: r.linkUrl })));
  const entry = { at: Date.now(), value };
  activeCache.set(prisma, entry);
  // A failed read is not kept.
  value.catch(() => {
    if (activeCache.get(prisma) === entry) activeCache.delete(prisma);
  });
  return value;
};

/** Forgets the cached home banners after a committed change, here and in the other processes. */
export const homeBannersChanged = sharedInvalidation('home-banners', () => {
  activeCache = new WeakMap();
});
