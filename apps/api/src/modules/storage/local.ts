import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { acquireClaim, ChunkWriter } from './chunk-claims.ts';
import { syncDir, syncFile } from './fsync.ts';
import {
  assertKey,
  ByteCounter,
  type ByteRange,
  type ObjectStorage,
  type PutOptions,
  StorageNotFoundError,
  type StoredObject,
} from './types.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects as files under `root` (DATA_DIR/objects by default). A put writes a temp file, fsyncs it and renames it
 * into place, so readers never see half an object. A chunked upload is one data file under `.uploads/<id>/`, which
 * each chunk is written straight into at its offset (claimChunk below), and which becomes the object at the end.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  private readonly tmpDir: string;
  private readonly uploadsDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    this.uploadsDir = path.join(root, '.uploads');
  }

  async init() {
    await fs.mkdir(this.tmpDir, { recursive: true });
    await fs.mkdir(this.uploadsDir, { recursive: true });
  }

  private pathOf(key: string) {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer, _options: PutOptions = {}) {
    const target = this.pathOf(key);
    const tmp = path.join(this.tmpDir, randomBytes(12).toString('hex'));
    try {
      let size: number;
      if (Buffer.isBuffer(body)) {
        await fs.writeFile(tmp, body, { mode: 0o640 });
        size = body.length;
      } else {
        const counter = new ByteCounter();
        await pipeline(body, counter, createWriteStream(tmp, { mode: 0o640, highWaterMark: 1 << 20 }));
        size = counter.bytes;
      }
      await syncFile(tmp);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
      await syncDir(path.dirname(target));
      return { size };
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    // Open first so a missing object rejects here rather than as a stream error mid-answer.
    const handle = await fs.open(file, 'r').catch((error) => {
      throw isMissing(error) ? new StorageNotFoundError(key) : error;
    });
    return createReadStream('', {
      fd: handle,
      highWaterMark: 256 * 1024,
      ...(range ? { start: range.start, end: range.end } : {}),
    }) as Readable;
  }

  async stat(key: string) {
    try {
      const s = await fs.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    yield* this.listUnder('');
  }

  /** Depth first in name order; dot-names (`.tmp`, `.uploads`) hold writes in progress, and no key has one. */
  private async *listUnder(prefix: string): AsyncIterable<StoredObject> {
    const dir = prefix ? path.join(this.root, prefix) : this.root;
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error) => {
      if (isMissing(error)) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* this.listUnder(key);
      else if (entry.isFile()) {
        const size = await this.stat(key);
        if (size) yield { key, size: size.size };
      }
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deleteMany(keys: string[]) {
    for (const key of keys) await this.delete(key);
  }

  async presignedGet() {
    return null;
  }

  localPath(key: string) {
    return this.pathOf(key);
  }

  async check() {
    const probe = path.join(this.tmpDir, `ready-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
    return true;
  }

  async close() {}

  // ---- chunked uploads (modules/uploads/assembly.ts) ----

  private uploadDir(uploadId: string) {
    assertKey(uploadId);
    return path.join(this.uploadsDir, uploadId);
  }

  /** The file a chunked upload's bytes are written into, each at its offset. */
  uploadDataPath(uploadId: string) {
    return path.join(this.uploadDir(uploadId), 'data');
  }

  /**
   * The exclusive right to write an upload's data file from `offset` (its committed position) on, or why not:
   * `busy` when another writer holds or held that offset, `gone` when the upload's folder no longer exists.
   * `stillAt` asks the database whether the upload still stands at `offset`; it is only called before taking over a
   * claim whose writer is gone (see chunk-claims.ts). A live writer holding the offset is waited for up to `waitMs`.
   */
  async claimChunk(
    uploadId: string,
    offset: number,
    stillAt: () => Promise<boolean>,
    waitMs?: number,
  ): Promise<ChunkWriter | 'busy' | 'gone'> {
    const dir = this.uploadDir(uploadId);
    if (offset === 0) await fs.mkdir(dir, { recursive: true });
    // Opened while the claim is made (opening writes nothing); the data file exists from the first chunk on.
    const flags = fs.constants.O_WRONLY | (offset === 0 ? fs.constants.O_CREAT : 0);
    const opening = fs.open(this.uploadDataPath(uploadId), flags, 0o640);
    opening.catch(() => {}); // handled below, possibly after it settles
    const unused = () => {
      opening.then((handle) => handle.close()).catch(() => {});
    };
    let claim: Awaited<ReturnType<typeof acquireClaim>>;
    try {
      claim = await acquireClaim(dir, offset, stillAt, waitMs);
    } catch (error) {
      unused();
      throw error;
    }
    if (typeof claim === 'string') {
      unused();
      return claim;
    }
    try {
      return new ChunkWriter(claim, await opening, offset, offset === 0 ? [dir, this.uploadsDir] : []);
    } catch (error) {
      await claim.release();
      throw error;
    }
  }

  /** Moves a finished upload's data file (cut to `size`) to its object key, and removes the upload's folder. */
  async promoteUpload(uploadId: string, size: number, key: string) {
    const dir = this.uploadDir(uploadId);
    const data = this.uploadDataPath(uploadId);
    const target = this.pathOf(key);
    // Never created here: a missing data file is an error, not an empty object.
    const handle = await fs.open(data, fs.constants.O_WRONLY);
    try {
      await handle.truncate(size);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(data, target);
    await syncDir(path.dirname(target));
    await fs.rm(dir, { recursive: true, force: true });
  }

  async removeUpload(uploadId: string) {
    await fs.rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  /** Upload folders on disk, for the sweep to find leftovers no database row points at. */
  async listUploadDirs() {
    return (await fs.readdir(this.uploadsDir).catch(() => [] as string[])).filter((n) => !n.startsWith('.'));
  }
}
