import type { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { discardSink, Sha256Tap } from './sha256.ts';

/**
 * The tables of the public schema as COPY text: what a backup writes, and the digest that proves a restored database
 * holds the same rows. Rows go out in primary-key order under fixed output settings, so the same rows always give the
 * same bytes, whichever server or session writes them.
 */

/** Output settings the COPY text (and its digest) depends on; a restore reads the text back under the same ones. */
export const COPY_SETTINGS = [
  "SET TIME ZONE 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'",
  "SET client_encoding = 'UTF8'",
  'SET statement_timeout = 0',
];

export interface TableShape {
  name: string;
  /** Stored columns in table order; generated columns are left out (the server computes them again). */
  columns: string[];
  /** Primary-key columns, with whether they sort by collation (then by "C", the same on every server). */
  key: { name: string; collatable: boolean }[];
}

export interface TableDigest {
  name: string;
  rows: number;
  /** SHA-256 of the table's COPY text in key order. */
  sha256: string;
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quote = quoteIdentifier;

export const applyCopySettings = async (client: pg.ClientBase) => {
  for (const statement of COPY_SETTINGS) await client.query(statement);
};

/** Every ordinary and partitioned table of the public schema (not the partitions themselves), by name. */
export const publicTables = async (client: pg.ClientBase): Promise<TableShape[]> => {
  const { rows } = await client.query<TableShape>(
    `SELECT c.relname AS name,
            ARRAY(SELECT a.attname::text FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                  ORDER BY a.attnum) AS columns,
            COALESCE((SELECT json_agg(json_build_object('name', a.attname, 'collatable', a.attcollation <> 0)
                                      ORDER BY k.ord)
                      FROM pg_index i
                      CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                      WHERE i.indrelid = c.oid AND i.indisprimary), '[]'::json) AS key
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname COLLATE "C"`,
  );
  return rows;
};

/** The statement that reads a table's rows in a deterministic order; a table without a key sorts by whole rows. */
const selectInOrder = (table: TableShape) => {
  const order = table.key.length
    ? table.key.map((k) => (k.collatable ? `${quote(k.name)} COLLATE "C"` : quote(k.name))).join(', ')
    : `(t.*)::text COLLATE "C"`;
  return `SELECT ${table.columns.map(quote).join(', ')} FROM ${quote(table.name)} t ORDER BY ${order}`;
};

/**
 * Streams one table's rows as COPY text through `sinks` (gzip, then a file, in a backup; none for a digest) and
 * answers their count and SHA-256. Memory stays bounded by the stream buffers, whatever the table's size.
 */
export const copyTableOut = async (
  client: pg.ClientBase,
  table: TableShape,
  ...sinks: (Transform | Writable)[]
): Promise<TableDigest> => {
  const source = client.query(copyTo(`COPY (${selectInOrder(table)}) TO STDOUT`));
  const tap = new Sha256Tap();
  await pipeline([source, tap, ...(sinks.length ? sinks : [discardSink()])]);
  return { name: table.name, rows: source.rowCount, sha256: tap.digest() };
};

/**
 * Row count and SHA-256 of every public table, as a backup records them: equal digests mean equal rows. Run it in a
 * transaction of its own (or the caller's) so all tables are read from one snapshot.
 */
export const tableDigests = async (client: pg.ClientBase): Promise<TableDigest[]> => {
  await applyCopySettings(client);
  const digests: TableDigest[] = [];
  for (const table of await publicTables(client)) digests.push(await copyTableOut(client, table));
  return digests;
};

/** tableDigests of a whole database, read from one snapshot on a connection of its own. */
export const digestDatabase = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const digests = await tableDigests(client);
    await client.query('COMMIT');
    return digests;
  } finally {
    await client.end();
  }
};

export interface SequenceValue {
  name: string;
  /** A bigint, as text. */
  lastValue: string;
  isCalled: boolean;
}

/** The public schema's sequences and where each stands. */
export const sequenceValues = async (client: pg.ClientBase): Promise<SequenceValue[]> => {
  const { rows: names } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname COLLATE "C"`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM public.${quote(name)}`,
    );
    values.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return values;
};
