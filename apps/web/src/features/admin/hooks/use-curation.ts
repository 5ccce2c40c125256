import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeaturedKind } from '@zyk/shared';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { curationKeys } from '../api/admin-keys.ts';
import {
  addFeatured,
  type BannerBody,
  createBanner,
  deleteBanner,
  type FeaturedLists,
  getAnnouncements,
  getBanners,
  getCandidates,
  getFeatured,
  publishAnnouncement,
  removeFeatured,
  reorderBanners,
  reorderFeatured,
  updateBanner,
} from '../api/curation-api.ts';

export const useBanners = () => useQuery({ queryKey: curationKeys.banners(), queryFn: getBanners });

/** Creates a banner (`id` null) or updates one. */
export const useSaveBanner = (id: number | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BannerBody) => (id !== null ? updateBanner(id, body) : createBanner(body)),
    onSuccess: () => void refetchAfterWrite(client, { queryKey: curationKeys.banners() }),
  });
};

export const useDeleteBanner = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: curationKeys.banners() }),
  });
};

/** Puts the answered order in place; fetches the banners again after a failure. */
export const useReorderBanners = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderBanners,
    onSuccess: (list) => void client.setQueryData(curationKeys.banners(), list),
    onError: () => void refetchAfterWrite(client, { queryKey: curationKeys.banners() }),
  });
};

export const useAnnouncements = (page: number) =>
  useQuery({ queryKey: curationKeys.announcements(page), queryFn: () => getAnnouncements(page) });

export const usePublishAnnouncement = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishAnnouncement,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: curationKeys.announcementLists() }),
  });
};

export const useFeatured = () => useQuery({ queryKey: curationKeys.featured(), queryFn: getFeatured });

/** The published courses or topics that may be featured, matching the keyword. */
export const useFeaturedCandidates = (kind: FeaturedKind, keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: curationKeys.candidates(kind, keyword),
    queryFn: () => getCandidates(kind, keyword),
    enabled,
  });

/** After a change to the featured lists: the answered lists go in place and the kind's candidates are asked again. */
const featuredChanged = (client: QueryClient, kind: FeaturedKind, next: FeaturedLists) => {
  client.setQueryData(curationKeys.featured(), next);
  void client.invalidateQueries({ queryKey: curationKeys.candidateLists(kind) });
};

/** After a failed change: the featured lists are asked again. */
const featuredFailed = (client: QueryClient) => void client.invalidateQueries({ queryKey: curationKeys.featured() });

export const useAddFeatured = (kind: FeaturedKind) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => addFeatured(kind, id),
    onSuccess: (next) => featuredChanged(client, kind, next),
    onError: () => featuredFailed(client),
  });
};

export const useRemoveFeatured = (kind: FeaturedKind) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeFeatured(kind, id),
    onSuccess: (next) => featuredChanged(client, kind, next),
    onError: () => featuredFailed(client),
  });
};

export const useReorderFeatured = (kind: FeaturedKind) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => reorderFeatured(kind, ids),
    onSuccess: (next) => featuredChanged(client, kind, next),
    onError: () => featuredFailed(client),
  });
};
