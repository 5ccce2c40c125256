import { type BodyInputOf, type FeaturedKind, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export type BannerBody = BodyInputOf<typeof routes.adminBannerCreate>;

export const getBanners = async () => unwrap(await api(routes.adminBannerList));
export const createBanner = async (body: BannerBody) => unwrap(await api(routes.adminBannerCreate, { body }));
export const updateBanner = async (id: number, body: BannerBody) =>
  unwrap(await api(routes.adminBannerUpdate, { body: { id, ...body } }));
export const deleteBanner = async (id: number) => unwrap(await api(routes.adminBannerDelete, { body: { id } }));
export const reorderBanners = async (ids: number[]) => unwrap(await api(routes.adminBannerReorder, { body: { ids } }));

export const ANNOUNCEMENT_PAGE_SIZE = 10;
export const getAnnouncements = async (current: number) =>
  unwrap(await api(routes.adminAnnouncementList, { query: { current, size: ANNOUNCEMENT_PAGE_SIZE } }));
export const publishAnnouncement = async (body: BodyInputOf<typeof routes.adminAnnouncementPublish>) =>
  unwrap(await api(routes.adminAnnouncementPublish, { body }));

export const getFeatured = async () => unwrap(await api(routes.adminFeaturedList));
/** The featured courses and topics, each list in its order. */
export type FeaturedLists = Awaited<ReturnType<typeof getFeatured>>;
export const getCandidates = async (kind: FeaturedKind, keyword: string) =>
  unwrap(await api(routes.adminFeaturedCandidates, { query: { kind, ...(keyword ? { keyword } : {}) } }));
export const addFeatured = async (kind: FeaturedKind, id: number) =>
  unwrap(await api(routes.adminFeaturedAdd, { body: { kind, id } }));
export const removeFeatured = async (kind: FeaturedKind, id: number) =>
  unwrap(await api(routes.adminFeaturedRemove, { body: { kind, id } }));
export const reorderFeatured = async (kind: FeaturedKind, ids: number[]) =>
  unwrap(await api(routes.adminFeaturedReorder, { body: { kind, ids } }));

/** The list with the item at `index` moved one place up (-1) or down (+1). */
export const moved = <T>(list: T[], index: number, step: -1 | 1) => {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item as T);
  return next;
};
