import type { SessionUser } from '../../lib/contract.ts';

interface ResourceAccessFacts {
  authorId: number;
  price: number;
  status: string;
  deletedAt: Date | null;
}

/**
 * The one place that decides who may download a resource's files: its author and administrators always; anyone
 * else only while it is published, and for a paid one only after buying it (`purchased`, from commerce).
 */
export const canDownloadResource = (user: SessionUser | null, resource: ResourceAccessFacts, purchased = false) => {
  if (resource.deletedAt) return false;
  if (user && (user.isAdmin || user.id === resource.authorId)) return true;
  if (resource.status !== 'PUBLISHED') return false;
  return resource.price === 0 || purchased;
};
