import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { syncDir, syncFile } from '../modules/storage/fsync.ts';

/**
 * A backup directory:
 *   manifest.json              written last: a directory without it is an unfinished backup
 *   tables/<table>.copy.gz     each public table's rows as COPY text (gzip), in primary-key order
 *   objects/<key>              every stored object, byte for byte
 */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'ziyuanku-backup';
export const MANIFEST_VERSION = 1;

/** Table names become file names: only the plain ones the schema uses. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHA256 = /^[0-9a-f]{64}$/;

export const tableFile = (dir: string, table: string) => {
  if (!TABLE_NAME.test(table)) throw new BackupError(`表名 ${JSON.stringify(table)} 不能用作备份文件名`);
  return path.join(dir, 'tables', `${table}.copy.gz`);
};

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  database: z.object({
    /** server_version of the database backed up, for the operator's information. */
    server: z.string(),
    /** Applied migrations (`_prisma_migrations`), by name. */
    migrations: z.array(z.object({ name: z.string(), checksum: z.string() })),
    tables: z.array(
      z.object({
        name: z.string().regex(TABLE_NAME),
        columns: z.array(z.string()).min(1),
        rows: z.number().int().nonnegative(),
        sha256: z.string().regex(SHA256),
      }),
    ),
    sequences: z.array(z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  }),
  /** Jobs waiting in the queue (see jobs.ts). */
  jobs: z.array(
    z.object({
      task: z.string(),
      payload: z.unknown(),
      queue: z.string().nullable(),
      runAt: z.string(),
      maxAttempts: z.number().int(),
      key: z.string().nullable(),
      priority: z.number().int(),
      flags: z.array(z.string()).nullable(),
    }),
  ),
  objects: z.object({
    driver: z.enum(['local', 's3']),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    items: z.array(
      z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(SHA256) }),
    ),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ObjectEntry = Manifest['objects']['items'][number];

/** A refusal or a damaged backup, worded for the operator; nothing was changed when it is thrown. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const readManifest = async (dir: string): Promise<Manifest> => {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`${dir} 里没有 ${MANIFEST_FILE}：这不是备份目录，或者备份没有完成`);
    }
    throw error;
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} 不是合法的 JSON，备份已损坏`);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(data);
  if (!head.success || head.data.format !== MANIFEST_FORMAT) {
    throw new BackupError(`${MANIFEST_FILE} 不是本系统的备份清单`);
  }
  if (head.data.version !== MANIFEST_VERSION) {
    throw new BackupError(`备份格式版本 ${head.data.version} 不受支持（本程序读取版本 ${MANIFEST_VERSION}）`);
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${MANIFEST_FILE} 内容有误（${issue?.path.join('.') ?? ''}），备份已损坏`);
  }
  return parsed.data;
};

/** Written through a temp file and a rename, synced: the manifest appears whole, and only once all else is on disk. */
export const writeManifest = async (dir: string, manifest: Manifest) => {
  const target = path.join(dir, MANIFEST_FILE);
  const temp = `${target}.tmp`;
  await writeFile(temp, `${JSON.stringify(manifest, null, 1)}\n`, { flag: 'wx' });
  await syncFile(temp);
  await rename(temp, target);
  await syncDir(dir);
};
