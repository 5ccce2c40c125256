import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.ts';

/**
 * Runs a `Prisma.sql` statement straight on the pg pool under Prisma: the list and search pages are the busiest
 * reads, and the chunk route's row read and commit the busiest statements of an upload; Prisma's raw-query layer
 * cost more per request than the SQL itself. pg's own type mapping applies (timestamptz → Date, int → number,
 * bigint → string), so row types must say so.
 */
export const hotRows = async <T extends pg.QueryResultRow>(pool: pg.Pool, query: Prisma.Sql): Promise<T[]> =>
  (await pool.query<T>(query.text, query.values)).rows;
