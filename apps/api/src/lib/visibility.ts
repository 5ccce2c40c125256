/**
 * What the public may see of anything that is reviewed and can be deleted (resources, courses, topics): published
 * and not deleted. The one definition, for Prisma filters; library/cards.ts has the SQL form for resources, which
 * the partial list indexes are built on.
 */
export const PUBLISHED = { status: 'PUBLISHED', deletedAt: null } as const;
