import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';

/** The key Prisma's own migrate uses for its advisory lock, so both never run at once. */
export const ADVISORY_LOCK_KEY = 72707369;

export const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export const readMigrations = (dir: string): Migration[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });

/** Runs one migration and records it as applied, inside the caller's transaction. */
export const applyMigration = async (client: pg.ClientBase, migration: Migration) => {
  await client.query(migration.sql);
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 1)`,
    [randomUUID(), migration.checksum, migration.name],
  );
};

/**
 * Applies pending SQL migrations in Prisma's layout, each in its own transaction, under Prisma's advisory lock,
 * recording them in `_prisma_migrations` exactly as `prisma migrate deploy` would. An applied migration whose file
 * changed since is an error: migrations are append-only.
 */
const QUIET = new Logger(() => () => {});

export const migrate = async (databaseUrl: string, dir: string, log: (msg: string) => void = () => {}) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    for (const migration of readMigrations(dir)) {
      const previous = done.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`迁移 ${migration.name} 已执行过，但文件内容已被修改；迁移只能追加，不能修改`);
        }
        continue;
      }
      if (previous) throw new Error(`迁移 ${migration.name} 上次执行失败，请人工检查数据库后再启动`);
      await client.query('BEGIN');
      try {
        await applyMigration(client, migration);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`迁移 ${migration.name} 执行失败：${(error as Error).message}`);
      }
      applied.push(migration.name);
      log(`applied migration ${migration.name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  await migrateJobQueue(databaseUrl);
  return applied;
};

/** The job queue's own schema (graphile_worker), versioned by the library; its migrations take their own lock. */
export const migrateJobQueue = (databaseUrl: string) => runMigrations({ connectionString: databaseUrl, logger: QUIET });
