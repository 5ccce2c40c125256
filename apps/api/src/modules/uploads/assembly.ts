import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from '../storage/local.ts';
import { S3_MIN_PART, S3Storage } from '../storage/s3.ts';
import { ByteCounter, type ObjectStorage } from '../storage/types.ts';

/**
 * How acknowledged chunks become one object, per storage driver. Every chunk is first streamed somewhere of its own
 * (`stage`, no lock held while bytes arrive over the network); then, under the upload's row lock, `commit` makes it
 * part of the upload only if nobody advanced the upload meanwhile; `discard` undoes a stage that lost.
 *
 * - Local disk: the chunk streams into a staging file; `commit` copies it into the upload's data file at its offset
 *   and fsyncs; at the end the data file is renamed to its object key (no second copy of the whole file).
 * - S3: parts must be ≥ 5 MiB except the last, chunks are 1–4 MiB. A chunk is stored as a staging object until the
 *   staged bytes plus the arriving chunk reach 5 MiB; then the staged objects and the live chunk are streamed
 *   together as the next part of the upload's multipart upload. The last chunk always closes a part. Completion is
 *   S3's CompleteMultipartUpload (server-side). Every acknowledged byte is in a staging object or an uploaded part,
 *   recorded in Postgres, so a restart or another instance carries on.
 */

export interface UploadRef {
  id: string;
  fileSize: number;
  assembly: AssemblyState;
}

export interface AssemblyState {
  /** The object key the finished file gets (the StoredFile's storageKey). */
  key: string;
  /** S3: multipart upload id, once the first part is sent. */
  mpu?: string;
  parts?: { n: number; etag: string; size: number }[];
  staged?: { key: string; size: number }[];
}

export type Staged =
  | { kind: 'local'; name: string; bytes: number }
  | { kind: 's3-stage'; key: string; bytes: number }
  | { kind: 's3-part'; n: number; etag: string; size: number; bytes: number; mpu: string; createdMpu: boolean };

export interface Assembler {
  stage(upload: UploadRef, start: number, length: number, body: Readable): Promise<Staged>;
  /** Runs under the row lock after checking the upload still stands at `start`; answers the new state. */
  commit(upload: UploadRef, start: number, staged: Staged): Promise<AssemblyState>;
  /** After the database commit: removes what the chunk no longer needs. */
  afterCommit(upload: UploadRef, staged: Staged): Promise<void>;
  discard(upload: UploadRef, staged: Staged): Promise<void>;
  /** Every byte is acknowledged: make the object at `assembly.key`. Safe to repeat after a crash. */
  finish(upload: UploadRef): Promise<void>;
  /** Removes every byte of an upload (expiry, failure, rejected content). */
  remove(upload: UploadRef): Promise<void>;
}

const nonce = () => randomBytes(6).toString('hex');

class LocalAssembler implements Assembler {
  constructor(private readonly storage: LocalStorage) {}

  async stage(upload: UploadRef, start: number, _length: number, body: Readable): Promise<Staged> {
    const name = `${start}-${nonce()}`;
    const { size } = await this.storage.writeStage(upload.id, name, body);
    return { kind: 'local', name, bytes: size };
  }

  async commit(upload: UploadRef, start: number, staged: Staged) {
    if (staged.kind !== 'local') throw new Error('foreign stage');
    await this.storage.appendStage(upload.id, staged.name, start);
    return upload.assembly;
  }

  async afterCommit(upload: UploadRef, staged: Staged) {
    if (staged.kind === 'local') await this.storage.removeStage(upload.id, staged.name);
  }

  async discard(upload: UploadRef, staged: Staged) {
    if (staged.kind === 'local') await this.storage.removeStage(upload.id, staged.name);
  }

  async finish(upload: UploadRef) {
    const existing = await this.storage.stat(upload.assembly.key);
    if (existing?.size === upload.fileSize) {
      await this.storage.removeUpload(upload.id);
      return;
    }
    await this.storage.promoteUpload(upload.id, upload.fileSize, upload.assembly.key);
  }

  async remove(upload: UploadRef) {
    await this.storage.removeUpload(upload.id);
    await this.storage.delete(upload.assembly.key);
  }
}

class S3Assembler implements Assembler {
  constructor(private readonly storage: S3Storage) {}

  async stage(upload: UploadRef, start: number, length: number, body: Readable): Promise<Staged> {
    const state = upload.assembly;
    const staged = state.staged ?? [];
    const pending = staged.reduce((sum, s) => sum + s.size, 0);
    const isLast = start + length === upload.fileSize;
    if (pending + length < S3_MIN_PART && !isLast) {
      const key = `u/${upload.id}/${start}-${nonce()}`;
      const { size } = await this.storage.put(key, body, { size: length });
      return { kind: 's3-stage', key, bytes: size };
    }
    // Staged objects first, then the live chunk, as one part of known length.
    const createdMpu = !state.mpu;
    const mpu = state.mpu ?? (await this.storage.createMultipart(state.key));
    const n = (state.parts?.length ?? 0) + 1;
    const joined = new PassThrough({ highWaterMark: 1 << 20 });
    const live = new ByteCounter();
    const feed = (async () => {
      for (const s of staged) {
        const source = await this.storage.get(s.key);
        for await (const chunk of source) if (!joined.write(chunk)) await once(joined, 'drain');
      }
      await pipeline(body, live, joined);
    })();
    feed.catch((error) => joined.destroy(error));
    try {
      const etag = await this.storage.uploadPart(state.key, mpu, n, joined, pending + length);
      await feed;
      return { kind: 's3-part', n, etag, size: pending + length, bytes: live.bytes, mpu, createdMpu };
    } catch (error) {
      joined.destroy(error as Error);
      if (createdMpu) await this.storage.abortMultipart(state.key, mpu).catch(() => {});
      throw error;
    }
  }

  async commit(upload: UploadRef, _start: number, staged: Staged): Promise<AssemblyState> {
    const state = upload.assembly;
    if (staged.kind === 's3-stage') {
      return { ...state, staged: [...(state.staged ?? []), { key: staged.key, size: staged.bytes }] };
    }
    if (staged.kind !== 's3-part') throw new Error('foreign stage');
    return {
      ...state,
      mpu: staged.mpu,
      parts: [...(state.parts ?? []), { n: staged.n, etag: staged.etag, size: staged.size }],
      staged: [],
    };
  }

  async afterCommit(upload: UploadRef, staged: Staged) {
    // upload.assembly is the state before the commit: its staged objects are now inside the part.
    if (staged.kind === 's3-part' && upload.assembly.staged?.length) {
      await this.storage.deleteMany(upload.assembly.staged.map((s) => s.key));
    }
  }

  async discard(upload: UploadRef, staged: Staged) {
    if (staged.kind === 's3-stage') await this.storage.delete(staged.key);
    if (staged.kind === 's3-part' && staged.createdMpu) {
      await this.storage.abortMultipart(upload.assembly.key, staged.mpu).catch(() => {});
    }
  }

  async finish(upload: UploadRef) {
    const { key, mpu, parts = [] } = upload.assembly;
    const existing = await this.storage.stat(key);
    if (existing?.size === upload.fileSize) return;
    if (!mpu || parts.length === 0) throw new Error(`upload ${upload.id} has no parts to complete`);
    await this.storage.completeMultipart(
      key,
      mpu,
      parts.map((p) => ({ part: p.n, etag: p.etag })),
    );
  }

  async remove(upload: UploadRef) {
    const { key, mpu, staged = [] } = upload.assembly;
    if (mpu) await this.storage.abortMultipart(key, mpu).catch(() => {});
    if (staged.length) await this.storage.deleteMany(staged.map((s) => s.key)).catch(() => {});
    await this.storage.delete(key);
  }
}

export const createAssembler = (storage: ObjectStorage): Assembler => {
  if (storage instanceof LocalStorage) return new LocalAssembler(storage);
  if (storage instanceof S3Storage) return new S3Assembler(storage);
  throw new Error(`no chunk assembly for storage driver ${storage.driver}`);
};
