import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pipeInto } from '../lib/streams.ts';
import { syncFile } from '../modules/storage/fsync.ts';
import { assertKey, type ObjectStorage, StorageNotFoundError } from '../modules/storage/types.ts';
import { BackupError, type ObjectEntry } from './manifest.ts';
import { digestStream, Sha256Tap } from './sha256.ts';

/** The stored objects of a backup: `<dir>/objects/<key>`, streamed both ways, each checked by its SHA-256. */

const isValidKey = (key: string) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
};

/** Where an object lives in a backup; keys are checked first, so none can point outside `objects/`. */
export const objectFile = (dir: string, key: string) => {
  if (!isValidKey(key)) throw new BackupError(`对象键 ${JSON.stringify(key)} 不合规，不能备份或恢复`);
  return path.join(dir, 'objects', ...key.split('/'));
};

/**
 * Copies every object of `storage` into `dir`, hashing as it streams (no object is ever held in memory). An object
 * that disappears between the listing and its read (a replaced preview) is counted in `vanished`, not an error.
 */
export const saveObjects = async (storage: ObjectStorage, dir: string) => {
  const items: ObjectEntry[] = [];
  let vanished = 0;
  for await (const { key } of storage.list()) {
    const file = objectFile(dir, key);
    let source: Awaited<ReturnType<ObjectStorage['get']>>;
    try {
      source = await storage.get(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        vanished += 1;
        continue;
      }
      throw error;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const tap = new Sha256Tap();
    await pipeline(source, tap, createWriteStream(file, { flags: 'wx', highWaterMark: 1 << 20 }));
    await syncFile(file);
    items.push({ key, size: tap.bytes, sha256: tap.digest() });
  }
  return { items, vanished };
};

/** Every object file of the backup is there, of the recorded size and SHA-256; else which one is not. */
export const verifyObjectFiles = async (dir: string, items: ObjectEntry[]) => {
  for (const item of items) {
    const file = objectFile(dir, item.key);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new BackupError(`备份不完整：缺少对象 ${item.key} 的文件`);
    if (found.size !== item.size) {
      throw new BackupError(`备份已损坏：对象 ${item.key} 的大小为 ${found.size} 字节，清单记录为 ${item.size} 字节`);
    }
    if ((await digestStream(createReadStream(file, { highWaterMark: 1 << 20 }))).sha256 !== item.sha256) {
      throw new BackupError(`备份已损坏：对象 ${item.key} 的 SHA-256 与清单不符`);
    }
  }
};

/** The first object of a store, or null when it holds none. */
export const firstObject = async (storage: ObjectStorage) => {
  for await (const object of storage.list()) return object;
  return null;
};

/**
 * Uploads the backup's objects, checking each one's SHA-256 as it streams; `uploaded` collects the keys written so
 * far, so a caller can remove them when anything fails.
 */
export const loadObjects = async (storage: ObjectStorage, dir: string, items: ObjectEntry[], uploaded: string[]) => {
  for (const item of items) {
    const tap = new Sha256Tap();
    const source = createReadStream(objectFile(dir, item.key), { highWaterMark: 1 << 20 });
    uploaded.push(item.key);
    await storage.put(item.key, pipeInto(source, tap), { size: item.size });
    if (tap.bytes !== item.size || tap.digest() !== item.sha256) {
      throw new BackupError(`备份已损坏：对象 ${item.key} 在恢复时读到的内容与清单不符`);
    }
  }
};

/** Key, size and SHA-256 of every object in a store (a restore drill compares them with the manifest). */
export const objectDigests = async (storage: ObjectStorage): Promise<ObjectEntry[]> => {
  const out: ObjectEntry[] = [];
  for await (const { key } of storage.list()) out.push({ key, ...(await digestStream(await storage.get(key))) });
  return out;
};
