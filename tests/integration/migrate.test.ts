import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../apps/api/src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../apps/api/src/lib/paths.ts';
import { createEmptyDatabase } from '../support/db.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const emptyDb = async () => {
  const db = await createEmptyDatabase();
  cleanups.push(db.drop);
  return db.url;
};

const query = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
};

describe('SQL migrator', () => {
  it('applies every migration once, recording it as prisma migrate deploy would', async () => {
    const url = await emptyDb();
    const all = readMigrations(MIGRATIONS_DIR).map((m) => m.name);
    expect(await migrate(url, MIGRATIONS_DIR)).toEqual(all);
    expect(await migrate(url, MIGRATIONS_DIR)).toEqual([]);
    const rows = await query<{ migration_name: string; checksum: string; applied_steps_count: number }>(
      url,
      'SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.applied_steps_count === 1)).toBe(true);
  });

  it('lets concurrent starts race safely under the advisory lock', async () => {
    const url = await emptyDb();
    const results = await Promise.all([1, 2, 3].map(() => migrate(url, MIGRATIONS_DIR)));
    expect(results.flat().sort()).toEqual(readMigrations(MIGRATIONS_DIR).map((m) => m.name));
    const [{ n }] = (await query<{ n: string }>(url, 'SELECT count(*) AS n FROM "_prisma_migrations"')) as [
      { n: string },
    ];
    expect(Number(n)).toBe(readMigrations(MIGRATIONS_DIR).length);
  });

  it('refuses to start when an applied migration was edited afterwards', async () => {
    const url = await emptyDb();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-mig-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    await migrate(url, dir);
    const first = readMigrations(dir)[0]!;
    writeFileSync(path.join(dir, first.name, 'migration.sql'), `${first.sql}\n-- edited\n`);
    await expect(migrate(url, dir)).rejects.toThrow(/已被修改/);
  });

  it('rolls back a failing migration entirely and reports it', async () => {
    const url = await emptyDb();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-mig-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const bad = path.join(dir, '99990101000000_broken');
    cpSync(path.join(dir, readMigrations(dir)[0]!.name), bad, { recursive: true });
    writeFileSync(path.join(bad, 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await expect(migrate(url, dir)).rejects.toThrow(/99990101000000_broken/);
    const tables = await query<{ t: string }>(url, "SELECT to_regclass('half_done')::text AS t");
    expect(tables[0]?.t).toBeNull();
    const recorded = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM "_prisma_migrations"');
    expect(recorded.map((r) => r.migration_name)).not.toContain('99990101000000_broken');
  });
});
