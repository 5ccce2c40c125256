import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreBackup } from '../../apps/api/src/backup/backup.ts';
import { queuedJobs } from '../../apps/api/src/backup/jobs.ts';
import type { Manifest } from '../../apps/api/src/backup/manifest.ts';
import { objectDigests, objectFile } from '../../apps/api/src/backup/objects.ts';
import { digestDatabase, sequenceValues } from '../../apps/api/src/backup/tables.ts';
import { backupCommands } from '../../apps/api/src/cli/backup-commands.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { MIGRATIONS_DIR, ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { openStorage } from '../../apps/api/src/modules/storage/plugin.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { createEmptyDatabase } from '../support/db.ts';
import { pdf, png, sha256 } from '../support/files.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { startInstance } from '../support/instances.ts';
import { type S3rverProcess, startS3rver } from '../support/s3rver.ts';
import { cookieOf, loginOverHttp, postDocument } from '../support/uploads.ts';

/**
 * `pnpm admin backup <dir>` / `restore <dir>`: a populated instance (demo data and uploaded files) is backed up,
 * restored into a new empty database and an empty store, and compared table by table and object by object; the
 * restored site logs in and serves the file. A restore refuses a database that has data and a backup whose bytes
 * changed, and leaves the targets as it found them. Once with local disk, once with S3 (s3rver).
 */

const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  RATE_LIMITS: 'false',
  JOB_WORKER: 'false',
};
const temp = mkdtempSync(path.join(os.tmpdir(), 'zyk-backup-'));
const tempDir = (name: string) => mkdtempSync(path.join(temp, `${name}-`));

/** One command as `pnpm admin` runs it, with the given environment; answers its exit code and printed lines. */
const admin = async (name: 'backup' | 'restore', env: Record<string, string>, dir: string) => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.join(' '));
  });
  try {
    const command = backupCommands[name]!;
    const code = await command.direct(loadConfig({ ...BASE_ENV, ...env }), [dir], command.usage);
    return { code, lines };
  } finally {
    log.mockRestore();
  }
};

const publicTableCount = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
};

const query = async <T>(databaseUrl: string, read: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
  }
};
const sequencesOf = (databaseUrl: string) => query(databaseUrl, sequenceValues);
const jobsOf = (databaseUrl: string) => query(databaseUrl, queuedJobs);

const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

describe.each(['local', 's3'] as const)('backup and restore, %s storage', (driver) => {
  let s3: S3rverProcess | undefined;
  let source: TestApp;
  let sourceEnv: Record<string, string>;
  let sourceFingerprint: string;
  const backupDir = path.join(temp, `${driver}-backup`);
  const files: { id: string; key: string; bytes: Buffer }[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  /** Where a restore writes: a new empty database, and an empty folder or bucket. */
  const emptyTarget = async (bucket: string) => {
    const db = await createEmptyDatabase();
    cleanups.push(db.drop);
    const env: Record<string, string> = {
      ...(s3 ? { ...s3.env, S3_BUCKET: bucket } : {}),
      DATA_DIR: tempDir('target'),
      DATABASE_URL: db.url,
    };
    return { db, env };
  };
  const storageOf = (env: Record<string, string>) => openStorage(loadConfig({ ...BASE_ENV, ...env }));

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3rver('zyk-backup-source');
    sourceEnv = { ...(s3?.env ?? {}), ...BASE_ENV, DATA_DIR: tempDir('source') };
    source = await startTestApp({ env: sourceEnv });
    sourceEnv.DATABASE_URL = source.databaseUrl;
    const cookie = cookieOf((await loginAs(source, 'lijg')).jar);
    for (const [name, bytes] of [
      ['教案.pdf', pdf()],
      ['板书.png', png(320, 200)],
    ] as const) {
      const { status, json } = await postDocument(source.url, cookie, name, bytes);
      expect(status, JSON.stringify(json)).toBe(200);
      const id = json.data.id as string;
      const row = await source.prisma.storedFile.findUniqueOrThrow({ where: { id } });
      files.push({ id, key: row.storageKey, bytes });
    }
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    source?.app.server.closeAllConnections();
    await source?.close();
    await s3?.stop();
  });

  it('writes every table and object with their digests, into a new directory only', async () => {
    const digests = await digestDatabase(source.databaseUrl);
    sourceFingerprint = await databaseFingerprint(source.databaseUrl);
    const { code, lines } = await admin('backup', sourceEnv, backupDir);
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe(`已备份到 ${backupDir}`);

    const manifest = readManifest(backupDir);
    expect(manifest.database.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 }))).toEqual(digests);
    expect(manifest.database.tables.find((t) => t.name === 'users')!.rows).toBeGreaterThan(5);
    expect(manifest.database.migrations.length).toBeGreaterThan(10);
    expect(manifest.database.sequences).toEqual(await sequencesOf(source.databaseUrl));
    // The uploads' media jobs wait in the queue (no worker runs here).
    expect(manifest.jobs).toEqual(await jobsOf(source.databaseUrl));
    expect(manifest.jobs.filter((j) => j.task === 'media:derive').length).toBeGreaterThanOrEqual(files.length);
    expect(manifest.objects.driver).toBe(driver);
    expect(manifest.objects.items).toEqual(await objectDigests(source.app.storage));
    for (const file of files) {
      expect(manifest.objects.items).toContainEqual({
        key: file.key,
        size: file.bytes.length,
        sha256: sha256(file.bytes),
      });
      expect(readFileSync(objectFile(backupDir, file.key))).toEqual(file.bytes);
    }
    expect(existsSync(path.join(backupDir, 'tables', 'users.copy.gz'))).toBe(true);

    await expect(admin('backup', sourceEnv, backupDir)).rejects.toThrow(`备份目录 ${backupDir} 不是空的`);
  });

  it('restores into an empty database and store: the same rows, sequences and objects, and the site works', async () => {
    const target = await emptyTarget('zyk-restored');
    const { code, lines } = await admin('restore', target.env, backupDir);
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^已从 .+ 恢复/);

    const manifest = readManifest(backupDir);
    expect(await digestDatabase(target.db.url)).toEqual(
      manifest.database.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 })),
    );
    // Independently of the backup's own digest: every row of every table, as text.
    expect(await databaseFingerprint(target.db.url)).toBe(sourceFingerprint);
    expect(await sequencesOf(target.db.url)).toEqual(manifest.database.sequences);
    expect(await jobsOf(target.db.url)).toEqual(manifest.jobs);
    const storage = await storageOf(target.env);
    expect(await objectDigests(storage)).toEqual(manifest.objects.items);

    const restored = await startInstance(target.db.url, { ...BASE_ENV, ...target.env });
    cleanups.push(() => restored.close());
    const cookie = await loginOverHttp(restored.url, restored.app.prisma, 'lijg');
    expect(cookie).not.toBe('');
    for (const file of files) {
      const info = await fetch(`${restored.url}/api/file/info/${file.id}`, { headers: { cookie } }).then((r) =>
        r.json(),
      );
      expect(info.code, JSON.stringify(info)).toBe(0);
      const res = await fetch(`${restored.url}${info.data.downloadUrl}`);
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(file.bytes));
    }
  });

  it('refuses a database that already has data, changing nothing', async () => {
    const before = await digestDatabase(source.databaseUrl);
    const objectsBefore = await objectDigests(source.app.storage);
    if (driver === 'local') {
      // The real command line: the message on stderr and a non-zero exit.
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT_DIR, 'apps/api/src/cli/admin.ts'), 'restore', backupDir],
        { cwd: ROOT_DIR, env: { ...process.env, ...sourceEnv } },
      );
      const failure = await run.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(
        /^失败：目标数据库不是空的（已有 \d+ 张表、\d+ 个用户）：恢复只能写入新建的空数据库/,
      );
    } else {
      await expect(admin('restore', sourceEnv, backupDir)).rejects.toThrow(/^目标数据库不是空的/);
    }
    expect(await digestDatabase(source.databaseUrl)).toEqual(before);
    expect(await objectDigests(source.app.storage)).toEqual(objectsBefore);
  });

  it('detects an object whose bytes changed in the backup, writing nothing', async () => {
    const damaged = path.join(tempDir('damaged'), 'backup');
    cpSync(backupDir, damaged, { recursive: true });
    const file = objectFile(damaged, files[0]!.key);
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0x01, middle);
    writeFileSync(file, bytes);

    const target = await emptyTarget('zyk-damaged');
    await expect(admin('restore', target.env, damaged)).rejects.toThrow(
      `备份已损坏：对象 ${files[0]!.key} 的 SHA-256 与清单不符`,
    );
    expect(await publicTableCount(target.db.url)).toBe(0);
    expect(await objectDigests(await storageOf(target.env))).toEqual([]);
  });

  it.runIf(driver === 'local')('rolls the whole database part back when it fails midway', async () => {
    // A table missing from the manifest is found only after the schema was built inside the transaction.
    const partial = path.join(tempDir('partial'), 'backup');
    cpSync(backupDir, partial, { recursive: true });
    const manifest = readManifest(partial);
    manifest.database.tables = manifest.database.tables.filter((t) => t.name !== 'search_synonyms');
    writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify(manifest));

    const target = await emptyTarget('unused');
    await expect(admin('restore', target.env, partial)).rejects.toThrow('按备份的迁移建出的表与备份中的表不一致');
    expect(await publicTableCount(target.db.url)).toBe(0);
    expect(await objectDigests(await storageOf(target.env))).toEqual([]);
  });

  it.runIf(driver === 'local')(
    'upgrades an older backup: the restored rows first, then the newer migrations',
    async () => {
      const migrationsDir = path.join(tempDir('migrations'), 'migrations');
      cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
      const newer = path.join(migrationsDir, '29990101000000_backup_probe');
      mkdirSync(newer);
      writeFileSync(
        path.join(newer, 'migration.sql'),
        'CREATE TABLE "backup_probe" ("users" int PRIMARY KEY);\nINSERT INTO "backup_probe" SELECT count(*) FROM "users";\n',
      );
      const target = await emptyTarget('unused');
      const storage = await storageOf(target.env);
      const result = await restoreBackup({ databaseUrl: target.db.url, storage, dir: backupDir, migrationsDir });
      expect(result.laterMigrations).toEqual(['29990101000000_backup_probe']);
      const users = readManifest(backupDir).database.tables.find((t) => t.name === 'users')!.rows;
      const probe = await query(target.db.url, (c) =>
        c.query(
          `SELECT p.users, (SELECT count(*)::int FROM "_prisma_migrations" WHERE migration_name = $1) AS recorded
               FROM "backup_probe" p`,
          ['29990101000000_backup_probe'],
        ),
      );
      expect(probe.rows).toEqual([{ users, recorded: 1 }]);
    },
  );

  it.runIf(driver === 'local')('refuses a backup made by a newer version', async () => {
    const newer = path.join(tempDir('newer'), 'backup');
    cpSync(backupDir, newer, { recursive: true });
    const manifest = readManifest(newer);
    manifest.database.migrations.push({ name: '29991231000000_from_the_future', checksum: '0'.repeat(64) });
    writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(manifest));

    const target = await emptyTarget('unused');
    await expect(admin('restore', target.env, newer)).rejects.toThrow(
      '备份来自更新的版本：本程序不认识迁移 29991231000000_from_the_future',
    );
    expect(await publicTableCount(target.db.url)).toBe(0);
  });
});

afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
});
