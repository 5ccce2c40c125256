import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/contract.ts';
import { isOwnerOrAdmin, isPublished } from '../../lib/visibility.ts';

interface ResourceAccessFacts {
  authorId: number;
  price: number;
  status: string;
  deletedAt: Date | null;
}

/**
 * The one place that decides who may download a resource's files: its author and administrators always; anyone
 * else only while it is published, and for a paid one only when an entitlement rule says so (`purchased`).
 */
export const canDownloadResource = (user: SessionUser | null, resource: ResourceAccessFacts, purchased = false) => {
  if (resource.deletedAt) return false;
  if (isOwnerOrAdmin(user, resource.authorId)) return true;
  if (!isPublished(resource)) return false;
  return resource.price === 0 || purchased;
};

/**
 * Whether this caller may download through the download route: the right to the files above, and, where the
 * deployment asks every downloader to log in (DOWNLOAD_REQUIRES_LOGIN), a login. Reading the files for preview and
 * playback is not a download and stays with canDownloadResource.
 */
export const canDownloadAs = (
  user: SessionUser | null,
  resource: ResourceAccessFacts,
  purchased: boolean,
  downloadRequiresLogin: boolean,
) => (user === null && downloadRequiresLogin ? false : canDownloadResource(user, resource, purchased));

/** Whether a user is entitled to a paid resource; registered by the module that knows (commerce: a paid order). */
export type EntitlementRule = (userId: number, resourceId: number) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    resourceEntitlements: EntitlementRule[];
  }
}

/** Registers a rule, as file access rules are registered; the library never imports the module behind it. */
export const registerEntitlementRule = (app: FastifyInstance, rule: EntitlementRule) => {
  app.resourceEntitlements.push(rule);
};

/** True when any registered rule entitles `userId` to `resourceId`. */
export const isEntitled = async (rules: readonly EntitlementRule[], userId: number, resourceId: number) => {
  for (const rule of rules) if (await rule(userId, resourceId)) return true;
  return false;
};
