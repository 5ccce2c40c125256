import { Prisma } from '../generated/prisma/client.ts';
import type { SessionUser } from './contract.ts';

/**
 * Who may see anything that is reviewed and can be deleted (resources, courses, topics). The public sees what is
 * published and not deleted; its author and administrators also see it before and after review, never once deleted.
 * Each rule is written here once, in the forms the modules need: a check of a loaded row, a Prisma filter, and SQL.
 */

/** The columns the rules read, as a row loaded through Prisma has them. */
export interface Reviewed {
  status: string;
  deletedAt: Date | null;
}

/** Published and not deleted: the Prisma filter. */
export const PUBLISHED = { status: 'PUBLISHED', deletedAt: null } as const;

/**
 * Published and not deleted, for the rows of `alias` in SQL (`r` for resources: the partial list indexes are built
 * on exactly `r.status = 'PUBLISHED' AND r.deleted_at IS NULL`).
 */
export const publishedSql = (alias: string) =>
  Prisma.sql`${Prisma.raw(alias)}.status = 'PUBLISHED' AND ${Prisma.raw(alias)}.deleted_at IS NULL`;

export const isPublished = (row: Reviewed) => row.status === 'PUBLISHED' && !row.deletedAt;

/** The author or an administrator: who may edit a thing and see it unpublished. */
export const isOwnerOrAdmin = (user: SessionUser | null, authorId: number) =>
  !!user && (user.isAdmin || user.id === authorId);

/** Whether this person may see the thing at all: published, or theirs (or they administer), and not deleted. */
export const isVisibleTo = (user: SessionUser | null, row: Reviewed & { authorId: number }) =>
  !row.deletedAt && (row.status === 'PUBLISHED' || isOwnerOrAdmin(user, row.authorId));

/** The Prisma filter for what one author may pick among things: published or their own, not deleted. */
export const publishedOrAuthoredBy = (authorId: number) => ({
  deletedAt: null,
  OR: [{ status: 'PUBLISHED' as const }, { authorId }],
});
