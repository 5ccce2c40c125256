import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD } from '@zyk/shared';
import type { ChunkWriter } from '../storage/chunk-claims.ts';
import { LocalStorage } from '../storage/local.ts';
import { S3_MIN_PART, S3Storage } from '../storage/s3.ts';
import { ByteCounter, type ObjectStorage } from '../storage/types.ts';
import { RecentStages } from './recent-stages.ts';

/**
 * How a chunk's bytes are stored, and how acknowledged chunks become one object, per storage driver. The stages of a
 * chunk are listed in ChunkedUploads.append; the driver's part of them is here, in the same order: `claim` (before any
 * byte is read), `write` and `sync` (the chunk stored durably where it can be used without copying it again, no
 * database lock held while bytes arrive over the network); then one conditional UPDATE makes it part of the upload
 * only if the upload still stands where the chunk starts (`commitState` answers the state that UPDATE writes);
 * `afterCommit` lets go of what the committed chunk no longer needs, and `discard` undoes a chunk that lost.
 *
 * - Local disk: the claim is on the chunk's offset (storage/chunk-claims.ts): it makes the writer the only one writing
 *   there, on every instance sharing the disk, so acknowledged bytes are never written again. The chunk is written
 *   straight into the upload's data file at its offset and fsynced — one write per byte, no staging file and no copy.
 *   At the end the data file is renamed to its object key.
 * - S3: parts must be ≥ 5 MiB except the last, chunks are 1–4 MiB. A chunk is stored as a staging object (under a key
 *   of its own) until the staged bytes plus the arriving chunk reach 5 MiB; then the staged objects and the live chunk
 *   are streamed together as the next part of the upload's multipart upload. The last chunk always closes a part. A
 *   staging object's bytes are also kept in memory for a while (recent-stages.ts), so the part is usually sent without
 *   reading them back; only another instance or a restarted one reads them from S3. Completion is
 *   S3's CompleteMultipartUpload (server-side). Every acknowledged byte is in a staging object or an uploaded part,
 *   recorded in Postgres, so a restart or another instance carries on. Each attempt at a part claims a part number of
 *   its own from a counter in the row (`nextPart`): two copies of a chunk racing to close the same part upload two
 *   parts, and only the committed one is listed at completion. Had they shared a number, the one uploaded last would
 *   be what S3 keeps, whichever was committed, and completion would fail on its ETag (or keep the wrong bytes).
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
  /** S3: the next unused part number (allocated in the database, never by writing the whole state). */
  nextPart?: number;
}

/** The database, as a chunk's claim may need it. */
export interface StageContext {
  /** Whether the upload still stands at the chunk's start (local disk: before taking over a writer's claim). */
  stillAt(): Promise<boolean>;
  /** S3: a part number no other attempt gets, higher than any committed part's. */
  nextPartNumber(): Promise<number>;
}

/** S3 numbers parts 1 to 10000. */
const MAX_PART_NUMBER = 10_000;

/** Where a claimed chunk may write: the offset's writer, a staging object's key, or a part of the multipart upload. */
export type Claimed =
  | { kind: 'local'; writer: ChunkWriter }
  | { kind: 's3-stage'; key: string }
  | { kind: 's3-part'; n: number; mpu: string; createdMpu: boolean; size: number };

export type Staged =
  | { kind: 'local'; writer: ChunkWriter; bytes: number }
  | { kind: 's3-stage'; key: string; bytes: number }
  | { kind: 's3-part'; n: number; etag: string; size: number; bytes: number; mpu: string; createdMpu: boolean };

/** Another writer has the chunk's offset (`busy`), or the upload's bytes are gone (`gone`): nothing was stored. */
export class ChunkBusyError extends Error {
  constructor(readonly reason: 'busy' | 'gone') {
    super(`chunk offset ${reason}`);
    this.name = 'ChunkBusyError';
  }
}

export interface Assembler {
  /**
   * Claim: the right to store `length` fresh bytes for offset `start`, taken before any of them is read. Throws
   * ChunkBusyError when another writer has that offset.
   */
  claim(upload: UploadRef, start: number, length: number, db: StageContext): Promise<Claimed>;
  /** Write: stores the chunk's `length` bytes from `body` where the claim allows, not yet part of the upload. */
  write(upload: UploadRef, claimed: Claimed, body: Readable, length: number): Promise<Staged>;
  /** Sync: makes the written bytes durable; throws if they are not all there. */
  sync(staged: Staged): Promise<void>;
  /** The state to commit with the chunk (the upload still stands at `start`); throws if it may not be committed. */
  commitState(upload: UploadRef, staged: Staged): AssemblyState;
  /** After the database commit: removes what the chunk no longer needs. `upload` is the state before the commit. */
  afterCommit(upload: UploadRef, staged: Staged): Promise<void>;
  /** The chunk was not committed: undo its stage. */
  discard(upload: UploadRef, staged: Staged): Promise<void>;
  /** Whether the chunk was committed is unknown (the database failed): free resources, destroy nothing it may use. */
  abandon(upload: UploadRef, staged: Staged): Promise<void>;
  /** Every byte is acknowledged: make the object at `assembly.key`. Safe to repeat after a crash. */
  finish(upload: UploadRef): Promise<void>;
  /** Removes every byte of an upload (expiry, failure, rejected content). */
  remove(upload: UploadRef): Promise<void>;
  /** A local file holding the upload's acknowledged bytes at their offsets (local disk), or null. */
  localData(upload: UploadRef): string | null;
}

const nonce = () => randomBytes(6).toString('hex');

/** A chunk on the local disk whose bytes stop coming for this long is abandoned (its claim released). */
const STALL_MS = 15_000;

class LocalAssembler implements Assembler {
  constructor(private readonly storage: LocalStorage) {}

  /** Claim: the offset, so this writer is the only one writing there (a live writer holding it is waited for). */
  async claim(upload: UploadRef, start: number, _length: number, db: StageContext): Promise<Claimed> {
    const writer = await this.storage.claimChunk(upload.id, start, () => db.stillAt());
    if (typeof writer === 'string') throw new ChunkBusyError(writer);
    return { kind: 'local', writer };
  }

  /** Write: straight into the data file at the claimed offset. A failed write gives the claim back. */
  async write(_upload: UploadRef, claimed: Claimed, body: Readable, length: number): Promise<Staged> {
    if (claimed.kind !== 'local') throw new Error('foreign claim');
    const { writer } = claimed;
    // The claim keeps other writers of this offset waiting: a chunk whose bytes stop coming is given up.
    const watchdog = setInterval(() => {
      if (performance.now() - writer.lastActivity > STALL_MS) body.destroy(new Error('chunk stalled'));
    }, 1_000);
    try {
      await pipeline(body, writer.stream()).finally(() => clearInterval(watchdog));
    } catch (error) {
      await writer.release();
      throw error;
    }
    return { kind: 'local', writer, bytes: length };
  }

  /** Sync: fsync, and every byte of the chunk written. A failed sync gives the claim back. */
  async sync(staged: Staged) {
    if (staged.kind !== 'local') throw new Error('foreign stage');
    const { writer } = staged;
    try {
      await writer.sync();
      if (writer.written !== staged.bytes) throw new Error(`wrote ${writer.written} of ${staged.bytes} bytes`);
    } catch (error) {
      await writer.release();
      throw error;
    }
  }

  commitState(upload: UploadRef, staged: Staged) {
    if (staged.kind !== 'local') throw new Error('foreign stage');
    staged.writer.assertHeld();
    return upload.assembly;
  }

  async afterCommit(_upload: UploadRef, staged: Staged) {
    // Not waited for: closing the data file and marking the claim as no longer held need not delay the answer.
    if (staged.kind === 'local') staged.writer.keep().catch(() => {});
  }

  async discard(_upload: UploadRef, staged: Staged) {
    if (staged.kind === 'local') await staged.writer.release();
  }

  async abandon(_upload: UploadRef, staged: Staged) {
    if (staged.kind === 'local') await staged.writer.keep();
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

  localData(upload: UploadRef) {
    return this.storage.uploadDataPath(upload.id);
  }
}

/** Staged bytes kept in memory per process: two 4 MiB chunks for each of 8 uploads at once; older ones are read back. */
const RECENT_STAGE_BYTES = 64 * 1024 * 1024;

class S3Assembler implements Assembler {
  private readonly recent = new RecentStages(RECENT_STAGE_BYTES, UPLOAD.chunkMaxBytes);

  constructor(private readonly storage: S3Storage) {}

  /**
   * Claim: a staging object's key of its own (racing copies of a chunk never share one); or, for a chunk that closes a
   * part, a part number of its own from the row's counter, and the upload's multipart upload (started with its first
   * part).
   */
  async claim(upload: UploadRef, start: number, length: number, db: StageContext): Promise<Claimed> {
    const state = upload.assembly;
    const pending = (state.staged ?? []).reduce((sum, s) => sum + s.size, 0);
    const isLast = start + length === upload.fileSize;
    if (pending + length < S3_MIN_PART && !isLast) {
      return { kind: 's3-stage', key: `u/${upload.id}/${start}-${nonce()}` };
    }
    const n = await db.nextPartNumber();
    if (n > MAX_PART_NUMBER) throw new Error(`upload ${upload.id} has used every S3 part number`);
    const createdMpu = !state.mpu;
    const mpu = state.mpu ?? (await this.storage.createMultipart(state.key));
    return { kind: 's3-part', n, mpu, createdMpu, size: pending + length };
  }

  /**
   * Write: a staging object (its bytes also kept in memory), or the staged objects first and then the live chunk, as
   * one part of known length. A part that fails aborts the multipart upload it started.
   */
  async write(upload: UploadRef, claimed: Claimed, body: Readable, length: number): Promise<Staged> {
    if (claimed.kind === 's3-stage') {
      const copy = this.recent.collect(body, length);
      const { size } = await this.storage.put(claimed.key, copy.stream, { size: length });
      copy.keep(claimed.key, size);
      return { kind: 's3-stage', key: claimed.key, bytes: size };
    }
    if (claimed.kind !== 's3-part') throw new Error('foreign claim');
    const { n, mpu, createdMpu, size } = claimed;
    const { key } = upload.assembly;
    const staged = upload.assembly.staged ?? [];
    const joined = new PassThrough({ highWaterMark: 1 << 20 });
    const live = new ByteCounter();
    const feed = (async () => {
      for (const s of staged) {
        const source = this.recent.get(s.key, s.size) ?? (await this.storage.get(s.key));
        for await (const chunk of source) if (!joined.write(chunk)) await once(joined, 'drain');
      }
      await pipeline(body, live, joined);
    })();
    feed.catch((error) => joined.destroy(error));
    try {
      const etag = await this.storage.uploadPart(key, mpu, n, joined, size);
      await feed;
      return { kind: 's3-part', n, etag, size, bytes: live.bytes, mpu, createdMpu };
    } catch (error) {
      joined.destroy(error as Error);
      if (createdMpu) await this.storage.abortMultipart(key, mpu).catch(() => {});
      throw error;
    }
  }

  /** Sync: nothing to do, S3 answers a write once its bytes are durable. */
  async sync() {}

  commitState(upload: UploadRef, staged: Staged): AssemblyState {
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
      for (const s of upload.assembly.staged) this.recent.release(s.key);
      await this.storage.deleteMany(upload.assembly.staged.map((s) => s.key));
    }
  }

  async discard(upload: UploadRef, staged: Staged) {
    if (staged.kind === 's3-stage') {
      this.recent.release(staged.key);
      await this.storage.delete(staged.key);
    }
    if (staged.kind === 's3-part' && staged.createdMpu) {
      await this.storage.abortMultipart(upload.assembly.key, staged.mpu).catch(() => {});
    }
  }

  async abandon() {
    // The staging object or a new multipart upload may be recorded: keep them. If they are not, the orphan sweep
    // removes a staging object once the upload is over; an unrecorded multipart upload is left to the bucket's
    // lifecycle rule for incomplete uploads.
  }

  async finish(upload: UploadRef) {
    const { key, mpu, parts = [] } = upload.assembly;
    const existing = await this.storage.stat(key);
    if (existing?.size === upload.fileSize) return;
    if (!mpu || parts.length === 0) throw new Error(`upload ${upload.id} has no parts to complete`);
    // Listed in ascending order, as S3 requires; parts uploaded by attempts that lost are left out (S3 drops them).
    const listed = [...parts].sort((a, b) => a.n - b.n).map((p) => ({ part: p.n, etag: p.etag }));
    await this.storage.completeMultipart(key, mpu, listed);
  }

  async remove(upload: UploadRef) {
    const { key, mpu, staged = [] } = upload.assembly;
    for (const s of staged) this.recent.forget(s.key);
    if (mpu) await this.storage.abortMultipart(key, mpu).catch(() => {});
    if (staged.length) await this.storage.deleteMany(staged.map((s) => s.key)).catch(() => {});
    await this.storage.delete(key);
  }

  localData() {
    return null;
  }
}

export const createAssembler = (storage: ObjectStorage): Assembler => {
  if (storage instanceof LocalStorage) return new LocalAssembler(storage);
  if (storage instanceof S3Storage) return new S3Assembler(storage);
  throw new Error(`no chunk assembly for storage driver ${storage.driver}`);
};
