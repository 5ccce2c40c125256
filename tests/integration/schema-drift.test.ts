import { readFileSync } from 'node:fs';
import path from 'node:path';
import { get_dmmf } from '@prisma/prisma-schema-wasm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { createTestDatabase } from '../support/db.ts';

/**
 * schema.prisma and the hand-written SQL migrations must describe the same database: every table, column (type,
 * nullability, default), enum, primary key, unique and plain index, and foreign key. The per-file database is
 * cloned from the template the real migrator built, so this compares the schema with what migrations produce.
 */

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string }[];
}
interface Dmmf {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; dbName?: string | null; values: { name: string }[] }[];
    indexes: DmmfIndex[];
  };
}

/** Indexes created in SQL only (types Prisma cannot express, e.g. GIN over a tsvector); `table(col, …)`. */
const SQL_ONLY_INDEXES = new Set<string>([
  ...['published_at', 'view_count', 'download_count', 'star_count'].flatMap((column) => [
    `resources(stage_id, subject_id, ${column}, id)`,
    `resources(type, stage_id, subject_id, ${column}, id)`,
    `resources(${column}, id)`,
  ]),
  'resources(search_vector)',
  // Partial unique indexes: one paid and one pending order per buyer and resource; one pending verification.
  'orders(buyer_id, resource_id)',
  'identity_verifications(user_id)',
]);

const schemaText = readFileSync(path.join(ROOT_DIR, 'prisma', 'schema.prisma'), 'utf8');
const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: schemaText, noColor: true }))) as Dmmf;

/** DMMF leaves out `Unsupported("…")` fields (e.g. tsvector); read them from the schema text. */
const unsupportedColumns = (modelName: string) => {
  const body = new RegExp(`model ${modelName} \\{([\\s\\S]*?)\\n\\}`).exec(schemaText)?.[1] ?? '';
  return [...body.matchAll(/^\s+(\w+)\s+Unsupported\("(\w+)"\)(\?)?(.*)$/gm)].map(([, name, type, optional, rest]) => {
    const column = /@map\("(\w+)"\)/.exec(rest ?? '')?.[1] ?? name!;
    return [column, { type: type!, nullable: optional === '?', hasDefault: false }] as const;
  });
};

const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
const columnOf = (f: DmmfField) => f.dbName ?? f.name;
const modelByName = new Map(dmmf.datamodel.models.map((m) => [m.name, m]));
const enumDbName = (name: string) => {
  const e = dmmf.datamodel.enums.find((x) => x.name === name);
  return e?.dbName ?? name;
};

/** The Postgres type a Prisma field maps to, as `format_type` prints it. */
const expectedType = (f: DmmfField): string => {
  const native = f.nativeType;
  let base: string;
  if (f.kind === 'enum') base = `"${enumDbName(f.type)}"`;
  else if (native) {
    const [name, args] = native;
    const arg = args.length ? `(${args.join(',')})` : '';
    const map: Record<string, string> = {
      Timestamptz: `timestamp${arg} with time zone`,
      Timestamp: `timestamp${arg} without time zone`,
      VarChar: `character varying${arg}`,
      Char: `character${arg}`,
      Text: 'text',
      Uuid: 'uuid',
      Date: 'date',
      SmallInt: 'smallint',
      Integer: 'integer',
      BigInt: 'bigint',
      Decimal: `numeric${arg}`,
      JsonB: 'jsonb',
      Inet: 'inet',
    };
    base = map[name] ?? name.toLowerCase();
  } else {
    const map: Record<string, string> = {
      Int: 'integer',
      BigInt: 'bigint',
      String: 'text',
      Boolean: 'boolean',
      DateTime: 'timestamp(3) without time zone',
      Float: 'double precision',
      Decimal: 'numeric(65,30)',
      Json: 'jsonb',
      Bytes: 'bytea',
    };
    base = map[f.type] ?? f.type;
  }
  return f.isList ? `${base}[]` : base;
};

let client: pg.Client;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await drop?.();
});

describe('schema.prisma agrees with the migrations', () => {
  it('has the same tables', async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(dmmf.datamodel.models.map(tableOf).sort());
  });

  it('has the same enums and values', async () => {
    const { rows } = await client.query<{ name: string; value: string }>(
      `SELECT t.typname AS name, e.enumlabel AS value FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' ORDER BY t.typname, e.enumsortorder`,
    );
    const actual: Record<string, string[]> = {};
    for (const r of rows) actual[r.name] = [...(actual[r.name] ?? []), r.value];
    const expected = Object.fromEntries(
      dmmf.datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.name)]),
    );
    expect(actual).toEqual(expected);
  });

  for (const model of dmmf.datamodel.models) {
    it(`table ${tableOf(model)}: columns, types, nullability and defaults`, async () => {
      const { rows } = await client.query<{ column: string; type: string; nullable: boolean; has_default: boolean }>(
        `SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
                a.atthasdef AS has_default
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped`,
        [tableOf(model)],
      );
      const actual = Object.fromEntries(
        rows.map((r) => [r.column, { type: r.type, nullable: r.nullable, hasDefault: r.has_default }]),
      );
      const expected = Object.fromEntries([
        ...model.fields
          .filter((f) => f.kind === 'scalar' || f.kind === 'enum')
          .map((f) => [
            columnOf(f),
            { type: expectedType(f), nullable: !f.isRequired, hasDefault: f.hasDefaultValue && !f.isUpdatedAt },
          ]),
        ...unsupportedColumns(model.name),
      ]);
      expect(actual).toEqual(expected);
    });
  }

  it('has the same primary keys, unique and plain indexes', async () => {
    const { rows } = await client.query<{ table: string; columns: string[]; unique: boolean; primary: boolean }>(
      `SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
              ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
       FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations'`,
    );
    const describeIndex = (table: string, columns: string[], kind: string) => `${kind} ${table}(${columns.join(', ')})`;
    const actual = rows
      .map((r) => describeIndex(r.table, r.columns, r.primary ? 'primary' : r.unique ? 'unique' : 'index'))
      .filter((d) => !SQL_ONLY_INDEXES.has(d.replace(/^\w+ /, '')))
      .sort();
    const expected = dmmf.datamodel.indexes
      .map((ix) => {
        const model = modelByName.get(ix.model)!;
        const columns = ix.fields.map((f) => columnOf(model.fields.find((x) => x.name === f.name)!));
        const kind = ix.type === 'id' ? 'primary' : ix.type === 'unique' ? 'unique' : 'index';
        return describeIndex(tableOf(model), columns, kind);
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has the same foreign keys and delete rules', async () => {
    const { rows } = await client.query<{ def: string }>(
      `SELECT c.relname || '(' || array_to_string(ARRAY(SELECT a.attname FROM unnest(con.conkey) k(n)
                JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n), ', ') || ') -> ' ||
              f.relname || '(' || array_to_string(ARRAY(SELECT a.attname FROM unnest(con.confkey) k(n)
                JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n), ', ') || ') on delete ' ||
              CASE con.confdeltype WHEN 'c' THEN 'Cascade' WHEN 'r' THEN 'Restrict' WHEN 'n' THEN 'SetNull'
                WHEN 'd' THEN 'SetDefault' ELSE 'NoAction' END AS def
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class f ON f.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE con.contype = 'f' AND n.nspname = 'public'`,
    );
    const expected: string[] = [];
    for (const model of dmmf.datamodel.models) {
      for (const f of model.fields) {
        if (f.kind !== 'object' || !f.relationFromFields?.length) continue;
        const target = modelByName.get(f.type)!;
        const from = f.relationFromFields.map((n) => columnOf(model.fields.find((x) => x.name === n)!));
        const to = (f.relationToFields ?? []).map((n) => columnOf(target.fields.find((x) => x.name === n)!));
        const onDelete = f.relationOnDelete ?? (f.isRequired ? 'Restrict' : 'SetNull');
        expected.push(
          `${tableOf(model)}(${from.join(', ')}) -> ${tableOf(target)}(${to.join(', ')}) on delete ${onDelete}`,
        );
      }
    }
    expect(rows.map((r) => r.def).sort()).toEqual(expected.sort());
  });
});
