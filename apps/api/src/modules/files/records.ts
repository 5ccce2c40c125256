import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { type Reader, readRows } from '../../lib/hot-sql.ts';
import type { Tx } from '../../lib/transaction.ts';
import { newId } from '../storage/keys.ts';

/**
 * The stored-file rows, which the files module owns. Uploads create them; resources, courses, work orders and
 * identity verification check that a file a user names is theirs; preview and downloads look one up.
 */

type Db = PrismaClient | Tx;

export interface NewStoredFile {
  ownerId: number;
  storageKey: string;
  originalName: string;
  size: number;
  mimeType: string;
  extension: string;
  kind: string;
  sha256: string;
}

/** Records bytes already in storage as a file (a Prisma promise, so it can join a batch). */
export const createStoredFile = (db: Db, file: NewStoredFile, id = newId()) =>
  db.storedFile.create({ data: { ...file, id, size: BigInt(file.size) } });

/** The row behind an id, or null. */
export const storedFileById = (db: Db, id: string) => db.storedFile.findUnique({ where: { id } });

/** Those of `ids` that `ownerId` uploaded (optionally of one kind); ids of others' files are simply absent. */
export const filesOwnedBy = (db: Db, ownerId: number, ids: string[], kind?: string) =>
  db.storedFile.findMany({ where: { id: { in: ids }, ownerId, ...(kind ? { kind } : {}) } });

/** Whether every one of `ids` is a file `ownerId` uploaded (of `kind`, when given). */
export const ownsAllFiles = async (db: Db, ownerId: number, ids: string[], kind?: string) => {
  const unique = [...new Set(ids)];
  const owned = await db.storedFile.count({ where: { id: { in: unique }, ownerId, ...(kind ? { kind } : {}) } });
  return owned === unique.length;
};

/** Type (extension) and size of each of `ids` that exists, for cards. */
export const fileTypesAndSizes = async (db: Reader, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { extension: string; size: number }>();
  const rows = await readRows<{ id: string; extension: string; size: string | bigint }>(
    db,
    Prisma.sql`SELECT id, extension, size FROM stored_files WHERE id = ANY(${ids}::text[])`,
  );
  return new Map(rows.map((f) => [f.id, { extension: f.extension, size: Number(f.size) }]));
};

/** The rows of `ids`, in the order of `ids` (missing ones left out). */
export const storedFilesInOrder = async (db: Db, ids: string[]) => {
  const rows = await db.storedFile.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((f) => [f.id, f]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};
