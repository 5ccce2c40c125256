import { Prisma } from '../generated/prisma/client.ts';

/** A unique index refused the row (Prisma's P2002): the caller turns it into its own answer (often a 409). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * The database could not serve in time: Prisma found no connection for a transaction (P2028), or the pool gave none
 * to a query within its wait. Answered 503, not 500: the request may simply be retried.
 */
export const isDatabaseBusy = (error: unknown) =>
  (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2028') ||
  (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message));
