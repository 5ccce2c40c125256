import { Prisma } from '../generated/prisma/client.ts';

/** A unique index refused the row (Prisma's P2002): the caller turns it into its own answer (often a 409). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
