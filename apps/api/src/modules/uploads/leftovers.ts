import { stat } from 'node:fs/promises';
import path from 'node:path';
import { LocalStorage } from '../storage/local.ts';
import { S3Storage } from '../storage/s3.ts';
import type { ObjectStorage } from '../storage/types.ts';

export interface Leftover {
  id: string;
  modifiedAt: number;
  remove: () => Promise<void>;
}

/** Upload bytes in storage by upload id (local staging folders, S3 staging objects), for the orphan sweep. */
export const listUploadLeftovers = async (storage: ObjectStorage): Promise<Leftover[]> => {
  if (storage instanceof LocalStorage) {
    const out: Leftover[] = [];
    for (const id of await storage.listUploadDirs()) {
      const s = await stat(path.join(storage.root, '.uploads', id)).catch(() => null);
      if (s) out.push({ id, modifiedAt: s.mtimeMs, remove: () => storage.removeUpload(id) });
    }
    return out;
  }
  if (storage instanceof S3Storage) {
    const byId = new Map<string, { keys: string[]; modifiedAt: number }>();
    const stream = storage.client.listObjectsV2(storage.bucket, 'u/', true);
    for await (const item of stream as AsyncIterable<{ name?: string; lastModified?: Date }>) {
      if (!item.name) continue;
      const id = item.name.split('/')[1];
      if (!id) continue;
      const entry = byId.get(id) ?? { keys: [], modifiedAt: 0 };
      entry.keys.push(item.name);
      entry.modifiedAt = Math.max(entry.modifiedAt, item.lastModified?.getTime() ?? 0);
      byId.set(id, entry);
    }
    return [...byId].map(([id, { keys, modifiedAt }]) => ({
      id,
      modifiedAt,
      remove: () => storage.deleteMany(keys),
    }));
  }
  return [];
};
