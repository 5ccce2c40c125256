import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

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

/**
 * Where a module's small lookups read from: Prisma (or a transaction of it), or the pg pool under it. Cards are
 * built for every list and search page, and there Prisma's own cost for a lookup of ten ids (about 0.5 ms of the
 * api's CPU) was several times the query's; through the pool the same SQL is a prepared statement.
 */
export type Reader = PrismaClient | Prisma.TransactionClient | pg.Pool;

/**
 * Rows of one statement from either kind of reader. Write the SQL for both: select int, text and jsonb columns
 * (bigint arrives as a string from pg and as a BigInt from Prisma; `Number()` reads both).
 */
export const readRows = <T extends pg.QueryResultRow>(db: Reader, query: Prisma.Sql): Promise<T[]> =>
  db instanceof pg.Pool ? hotRows<T>(db, query, { prepare: true }) : db.$queryRaw<T[]>(query);
