import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  ByteCounter,
  type ByteRange,
  type ObjectStorage,
  type PutOptions,
  StorageNotFoundError,
} from './types.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** fsync a file's data (the writer's own descriptor is already closed; fsync covers the whole inode). */
const syncFile = async (file: string) => {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** fsync a directory so a rename or a new entry in it survives a power cut. */
const syncDir = async (dir: string) => {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const COPY_BLOCK = 1 << 20;

/**
 * Objects as files under `root` (DATA_DIR/objects by default). A put writes a temp file, fsyncs it and renames it
 * into place, so readers never see half an object. Chunked uploads use the staging helpers below: a chunk is first
 * streamed into its own staging file, then copied into the upload's data file under the upload's row lock.
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

  // ---- chunked-upload staging (modules/uploads/assembly.ts) ----

  private uploadDir(uploadId: string) {
    assertKey(uploadId);
    return path.join(this.uploadsDir, uploadId);
  }

  /** Streams one received chunk into its own staging file (not fsynced: it is copied, then deleted). */
  async writeStage(uploadId: string, name: string, body: Readable) {
    const dir = this.uploadDir(uploadId);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.stage`);
    try {
      const counter = new ByteCounter();
      await pipeline(body, counter, createWriteStream(file, { mode: 0o640, highWaterMark: 1 << 20 }));
      return { size: counter.bytes };
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
  }

  async removeStage(uploadId: string, name: string) {
    await fs.rm(path.join(this.uploadDir(uploadId), `${name}.stage`), { force: true });
  }

  /**
   * Copies a staging file into the upload's data file at `offset` and fsyncs it. The caller holds the upload's row
   * lock, so only one copy into a data file runs at a time across every api instance sharing this disk.
   */
  async appendStage(uploadId: string, name: string, offset: number) {
    const dir = this.uploadDir(uploadId);
    const source = await fs.open(path.join(dir, `${name}.stage`), 'r');
    const target = await fs.open(path.join(dir, 'data'), fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o640);
    try {
      const buffer = Buffer.allocUnsafe(COPY_BLOCK);
      let copied = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, COPY_BLOCK, copied);
        if (bytesRead === 0) break;
        let written = 0;
        while (written < bytesRead) {
          const { bytesWritten } = await target.write(buffer, written, bytesRead - written, offset + copied + written);
          written += bytesWritten;
        }
        copied += bytesRead;
      }
      await target.sync();
      return copied;
    } finally {
      await source.close();
      await target.close();
    }
  }

  /** Moves a finished upload's data file (cut to `size`) to its object key, and removes the upload's folder. */
  async promoteUpload(uploadId: string, size: number, key: string) {
    const dir = this.uploadDir(uploadId);
    const data = path.join(dir, 'data');
    const target = this.pathOf(key);
    const handle = await fs.open(data, fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o640);
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
