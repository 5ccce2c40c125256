import type { ResourceType } from '@zyk/shared';

/** The list page of each resource type (the typo in /home/cousrseResources is the product's URL). */
export const LIST_PATHS: Record<ResourceType, string> = {
  MICRO_COURSE: '/home/cousrseResources',
  DOCUMENT: '/home/documents',
  ACHIEVEMENT: '/home/achievements',
};

/** A resource's details page, below the list of its type. */
export const detailsPath = (type: ResourceType, id: number) => `${LIST_PATHS[type]}/details?id=${id}`;

/** The screen that edits one's own resource: the upload screen of its kind, opened with the resource's id. */
export const editPath = (type: ResourceType, id: number) =>
  `${type === 'MICRO_COURSE' ? '/home/uploadVideo' : '/home/uploadDoc'}?id=${id}`;

/** The search page for a keyword (already trimmed; empty is allowed and lists everything). */
export const searchPath = (keyword: string) => `/home/search?searchKeyWord=${encodeURIComponent(keyword)}`;

/** The `id` query parameter of a details page: a positive integer, or null for anything else. */
export const parseResourceId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};
