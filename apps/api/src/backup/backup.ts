import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  ADVISORY_LOCK_KEY,
  applyMigration,
  CREATE_MIGRATIONS_TABLE,
  type Migration,
  migrateJobQueue,
  readMigrations,
} from '../db/migrate.ts';
import { pipeInto } from '../lib/streams.ts';
import { syncFile } from '../modules/storage/fsync.ts';
import type { ObjectStorage } from '../modules/storage/types.ts';
import { queuedJobs, requeueJobs } from './jobs.ts';
import {
  BackupError,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  readManifest,
  tableFile,
  writeManifest,
} from './manifest.ts';
import { firstObject, loadObjects, saveObjects, verifyObjectFiles } from './objects.ts';
import { digestStream } from './sha256.ts';
import {
  applyCopySettings,
  copyTableOut,
  publicTables,
  quoteIdentifier,
  sequenceValues,
  type TableDigest,
} from './tables.ts';

/**
 * `pnpm admin backup` / `restore`: the whole PostgreSQL public schema (read from one snapshot, as COPY text, since
 * the embedded server ships no pg_dump) and every stored object, with a manifest of digests that a restore checks
 * before writing anything, and again after.
 */

type Log = (line: string) => void;

const isEmptyDir = async (dir: string) => {
  const found = await stat(dir).catch(() => null);
  if (!found) return 'missing';
  if (!found.isDirectory()) return 'file';
  return (await readdir(dir)).length === 0 ? 'empty' : 'full';
};

const withClient = async <T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The database part of a backup: every public table and sequence, from one REPEATABLE READ snapshot. */
const dumpDatabase = (databaseUrl: string, dir: string, log: Log) =>
  withClient(databaseUrl, async (client): Promise<Pick<Manifest, 'database' | 'jobs'>> => {
    await applyCopySettings(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { rows: server } = await client.query<{ version: string; migrations: string | null }>(
        `SELECT current_setting('server_version') AS version, to_regclass('public._prisma_migrations')::text AS migrations`,
      );
      if (!server[0]?.migrations) {
        throw new BackupError('数据库里没有迁移记录（_prisma_migrations）：不是本系统的数据库，或者还没有初始化');
      }
      const { rows: migrations } = await client.query<{ name: string; checksum: string }>(
        `SELECT migration_name AS name, checksum FROM "_prisma_migrations"
         WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name COLLATE "C"`,
      );
      await mkdir(path.join(dir, 'tables'));
      const tables: Manifest['database']['tables'] = [];
      for (const table of await publicTables(client)) {
        const file = tableFile(dir, table.name);
        const digest = await copyTableOut(client, table, createGzip(), createWriteStream(file, { flags: 'wx' }));
        await syncFile(file);
        tables.push({ name: table.name, columns: table.columns, rows: digest.rows, sha256: digest.sha256 });
      }
      const sequences = await sequenceValues(client);
      const jobs = await queuedJobs(client);
      await client.query('COMMIT');
      log(
        `数据库：${tables.length} 张表、${tables.reduce((n, t) => n + t.rows, 0)} 行，${sequences.length} 个序列，迁移 ${migrations.length} 个，排队的后台任务 ${jobs.length} 个`,
      );
      return { database: { server: server[0].version, migrations, tables, sequences }, jobs };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });

export interface BackupResult {
  manifest: Manifest;
  /** Objects deleted between the listing and their copy (replaced previews): not in the backup, not an error. */
  vanished: number;
}

/**
 * Writes a backup into `dir`, which must be missing or empty. The database snapshot is taken first, then objects are
 * copied: an object written after the snapshot may be included (unreferenced, harmless); the manifest comes last.
 * On failure whatever was written is removed again.
 */
export const createBackup = async (options: {
  databaseUrl: string;
  storage: ObjectStorage;
  dir: string;
  log?: Log;
}): Promise<BackupResult> => {
  const { databaseUrl, storage, dir } = options;
  const log = options.log ?? (() => {});
  const state = await isEmptyDir(dir);
  if (state === 'file') throw new BackupError(`${dir} 是一个文件，不是目录`);
  if (state === 'full') throw new BackupError(`备份目录 ${dir} 不是空的：请指定一个新目录`);
  await mkdir(dir, { recursive: true });
  try {
    const { database, jobs } = await dumpDatabase(databaseUrl, dir, log);
    const { items, vanished } = await saveObjects(storage, dir);
    const bytes = items.reduce((n, o) => n + o.size, 0);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      database,
      jobs,
      objects: { driver: storage.driver, count: items.length, bytes, items },
    };
    await writeManifest(dir, manifest);
    return { manifest, vanished };
  } catch (error) {
    // Leave the directory as it was found: missing stays missing, empty stays empty.
    if (state === 'missing') await rm(dir, { recursive: true, force: true });
    else for (const entry of await readdir(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
    throw error;
  }
};

/**
 * The migrations a restore runs: the backup's own (they must be this code's first ones, unchanged), then this code's
 * later ones, which upgrade the restored data as a start of the server would.
 */
const planMigrations = (recorded: Manifest['database']['migrations'], known: Migration[]) => {
  const byName = new Map(known.map((m) => [m.name, m]));
  const unknown = recorded.filter((m) => !byName.has(m.name));
  if (unknown.length > 0) {
    throw new BackupError(
      `备份来自更新的版本：本程序不认识迁移 ${unknown.map((m) => m.name).join('、')}，请用不低于备份时的版本恢复`,
    );
  }
  for (const [i, m] of recorded.entries()) {
    if (known[i]?.name !== m.name) {
      throw new BackupError(`备份的迁移与本程序的迁移次序不一致（第 ${i + 1} 个为 ${m.name}），无法恢复`);
    }
    if (known[i]!.checksum !== m.checksum) {
      throw new BackupError(`迁移 ${m.name} 的内容与备份时不同，无法恢复`);
    }
  }
  return { recorded: known.slice(0, recorded.length), later: known.slice(recorded.length) };
};

/** Every table file decompresses to exactly the text the manifest's SHA-256 names. */
const verifyTableFiles = async (dir: string, tables: Manifest['database']['tables']) => {
  for (const table of tables) {
    const file = tableFile(dir, table.name);
    if (!(await stat(file).catch(() => null))?.isFile()) {
      throw new BackupError(`备份不完整：缺少表 ${table.name} 的数据文件`);
    }
    const digest = await digestStream(pipeInto(createReadStream(file), createGunzip())).catch(() => null);
    if (digest?.sha256 !== table.sha256) throw new BackupError(`备份已损坏：表 ${table.name} 的数据文件与清单不符`);
  }
};

/** Why the target database is not empty, or null when its public schema holds no table. */
const notEmptyReason = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ tables: number; users: string | null }>(
    `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')) AS tables,
            to_regclass('public.users')::text AS users`,
  );
  const { tables, users } = rows[0]!;
  if (tables === 0) return null;
  const userCount = users
    ? (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM public.users')).rows[0]!.n
    : 0;
  return `已有 ${tables} 张表${users ? `、${userCount} 个用户` : ''}`;
};

const refuseNonEmpty = (reason: string) =>
  new BackupError(`目标数据库不是空的（${reason}）：恢复只能写入新建的空数据库，没有做任何改动`);

export interface RestoreResult {
  manifest: Manifest;
  /** This code's migrations newer than the backup, applied after the data. */
  laterMigrations: string[];
  tables: TableDigest[];
}

/**
 * Restores a backup into an empty database and an empty object store. Everything is checked before anything is
 * written (manifest, migrations, every file's SHA-256, both targets empty). The database part is one transaction,
 * kept open while the objects are uploaded: any failure rolls it back and removes the uploaded objects, so the
 * targets are left as empty as they were found (but for the job queue's own schema, made first and still empty).
 */
export const restoreBackup = async (options: {
  databaseUrl: string;
  storage: ObjectStorage;
  dir: string;
  migrationsDir: string;
  log?: Log;
}): Promise<RestoreResult> => {
  const { databaseUrl, storage, dir } = options;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(dir);
  const migrations = planMigrations(manifest.database.migrations, readMigrations(options.migrationsDir));
  await verifyTableFiles(dir, manifest.database.tables);
  await verifyObjectFiles(dir, manifest.objects.items);
  log(`备份完整：${manifest.database.tables.length} 张表、${manifest.objects.count} 个文件的 SHA-256 均与清单一致`);

  return withClient(databaseUrl, async (client) => {
    const reason = await notEmptyReason(client);
    if (reason) throw refuseNonEmpty(reason);
    const occupied = await firstObject(storage);
    if (occupied) {
      throw new BackupError(`目标存储不是空的（已有对象 ${occupied.key} 等）：恢复只能写入空的存储，没有做任何改动`);
    }
    // The job queue's own schema, outside public (idempotent, its own lock), for the jobs re-queued below.
    await migrateJobQueue(databaseUrl);

    const uploaded: string[] = [];
    await client.query('BEGIN');
    try {
      // A server starting meanwhile waits on the migrations lock, then finds everything applied.
      await client.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
      const lateReason = await notEmptyReason(client);
      if (lateReason) throw refuseNonEmpty(lateReason);
      await applyCopySettings(client);
      await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');

      // The schema at the backup's level; the migrations' own rows come from the backup's _prisma_migrations.
      await client.query(CREATE_MIGRATIONS_TABLE);
      for (const migration of migrations.recorded) await client.query(migration.sql);
      const tables = await publicTables(client);
      const expected = manifest.database.tables.map((t) => t.name).join(',');
      if (tables.map((t) => t.name).join(',') !== expected) {
        throw new BackupError('按备份的迁移建出的表与备份中的表不一致，无法恢复');
      }

      // Foreign keys and triggers (the audit log refuses TRUNCATE) stay quiet while rows are loaded in any order.
      try {
        await client.query('SET LOCAL session_replication_role = replica');
      } catch (error) {
        if ((error as { code?: string }).code === '42501') {
          throw new BackupError('恢复需要以数据库超级用户连接（要设置 session_replication_role），没有做任何改动');
        }
        throw error;
      }
      // Rows the migrations themselves wrote (roles, synonyms…) are in the backup as they were then.
      await client.query(`TRUNCATE ${tables.map((t) => quoteIdentifier(t.name)).join(', ')}`);
      for (const table of manifest.database.tables) {
        const columns = table.columns.map(quoteIdentifier).join(', ');
        await pipeline(
          createReadStream(tableFile(dir, table.name)),
          createGunzip(),
          client.query(copyFrom(`COPY ${quoteIdentifier(table.name)} (${columns}) FROM STDIN`)),
        );
      }
      for (const sequence of manifest.database.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          `public.${quoteIdentifier(sequence.name)}`,
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      await client.query('SET LOCAL session_replication_role = origin');

      // The rows as loaded, read back the way the backup read them.
      const digests: TableDigest[] = [];
      for (const table of tables) digests.push(await copyTableOut(client, table));
      for (const [i, digest] of digests.entries()) {
        const recorded = manifest.database.tables[i]!;
        if (digest.rows !== recorded.rows || digest.sha256 !== recorded.sha256) {
          throw new BackupError(
            `恢复后表 ${digest.name} 的数据与备份不符（${digest.rows} 行，备份为 ${recorded.rows} 行）`,
          );
        }
      }
      log(`数据库：${digests.length} 张表、${digests.reduce((n, d) => n + d.rows, 0)} 行已载入并核对`);

      for (const migration of migrations.later) await applyMigration(client, migration);
      if (migrations.later.length > 0) log(`已执行本版本新增的迁移 ${migrations.later.length} 个`);
      await requeueJobs(client, manifest.jobs);

      await loadObjects(storage, dir, manifest.objects.items, uploaded);
      await client.query('COMMIT');
      return { manifest, laterMigrations: migrations.later.map((m) => m.name), tables: digests };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      await storage.deleteMany(uploaded).catch(() => {});
      throw error;
    }
  });
};
