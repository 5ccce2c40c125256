import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.ts';

/**
 * Runs a `Prisma.sql` statement straight on the pg pool under Prisma: the list and search pages are the busiest
 * reads, and the chunk route's row read and commit the busiest statements of an upload; Prisma's raw-query layer
 * cost more per request than the SQL itself. pg's own type mapping applies (timestamptz → Date, int → number,
 * bigint → string), so row types must say so.
 */
export const hotRows = async <T extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: Prisma.Sql,
  { prepare = false }: { prepare?: boolean } = {},
): Promise<T[]> =>
  (
    await pool.query<T>(
      // A prepared statement, named by its text, is planned once per connection (then re-planned by PostgreSQL
      // only while its generic plan looks worse than planning each time).
      prepare
        ? {
            name: `h${createHash('sha1').update(query.text).digest('hex').slice(0, 20)}`,
            text: query.text,
            values: query.values,
          }
        : { text: query.text, values: query.values },
    )
  ).rows;
