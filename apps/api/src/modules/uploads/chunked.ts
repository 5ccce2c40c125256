import type { Readable } from 'node:stream';
import { ERRORS, type ErrorName, MESSAGES, pathOf, routes, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { pipeInto } from '../../lib/streams.ts';
import { batch, lockKey, transaction } from '../../lib/transaction.ts';
import { extensionOf, isAudioExtension, isMediaExtension, safeFileName } from '../files/file-types.ts';
import { createStoredFile } from '../files/records.ts';
import { detectMedia, HEAD_BYTES } from '../files/sniff.ts';
import { fileObjectKey, newId } from '../storage/keys.ts';
import type { ObjectStorage } from '../storage/types.ts';
import {
  type Assembler,
  type AssemblyState,
  ChunkBusyError,
  createAssembler,
  type StageContext,
  type Staged,
  type UploadRef,
} from './assembly.ts';
import { type HashFork, RunningHashes, sha256OfStream } from './hasher.ts';
import { listUploadLeftovers } from './leftovers.ts';
import { ChunkDataError, ChunkSlicer } from './slicer.ts';
import { rangeReader, readHead } from './storage-read.ts';

/** One answer of the chunk protocol: `{ result, received }` plus the envelope's code and message. */
export interface ChunkReply {
  status: number;
  code: number;
  msg: string;
  result: number;
  received: number;
  fileId: string | null;
}

export interface PositionQuery {
  ccvid: string;
  uid: string;
  filename?: string;
  filesize?: number;
  servicetype?: string;
}

export interface UploadRow {
  id: string;
  ownerId: number;
  fileName: string;
  fileSize: number;
  extension: string;
  serviceType: string;
  received: number;
  status: string;
  driver: string;
  assembly: AssemblyState;
  storedFileId: string | null;
  expiresAt: Date;
}

/** An upload's row as SQL answers it (bigint columns as strings from pg, as BigInt through Prisma). */
interface UploadRecord {
  id: string;
  owner_id: number;
  file_name: string;
  file_size: string | bigint;
  extension: string;
  service_type: string;
  received: string | bigint;
  status: string;
  driver: string;
  assembly: AssemblyState;
  stored_file_id: string | null;
  expires_at: Date;
}

/**
 * Runs one statement and answers its rows. The api passes its pg pool's (lib/hot-sql.ts): every chunk reads and
 * commits its upload's row, and Prisma's query layer costs more per chunk than the SQL. Without one (the CLI),
 * statements go through Prisma.
 */
export type SqlRows = <T extends Record<string, unknown>>(query: Prisma.Sql) => Promise<T[]>;

const ok = (result: number, received: number, fileId: string | null = null): ChunkReply => ({
  status: 200,
  code: 0,
  msg: '操作成功',
  result,
  received,
  fileId,
});

const fail = (kind: ErrorName, msg: string, result: number, received: number): ChunkReply => ({
  status: ERRORS[kind].status,
  code: ERRORS[kind].code,
  msg,
  result,
  received,
  fileId: null,
});

/** The answer to a chunk that does not match its Content-Range; `received` is where the upload stands. */
const dataError = (received: number, kind: ErrorName = 'BAD_REQUEST') =>
  fail(kind, MESSAGES.upload.dataError, UPLOAD_RESULT.failRetryIfProgress, received);

/** One chunk on its way through the stages of `ChunkedUploads.append`. */
interface Chunk {
  user: SessionUser;
  query: { ccvid: string; uid: string };
  row: UploadRow;
  upload: UploadRef;
  /** Where the upload stood when the chunk came: its fresh bytes start here. */
  at: number;
  /** How many of the chunk's bytes are not stored yet. */
  fresh: number;
  /** The request's file part, as it arrives. */
  body: Readable;
  /** The fresh bytes of `body`, checked against the chunk's range (and hashed on the way, off the local disk). */
  bytes: ChunkSlicer;
  /** The chunk's running SHA-256, when its bytes are hashed on the way in. */
  hash: HashFork | null;
  /** Local disk: the data file the hash worker reads the chunk from once it is committed. */
  localData: string | null;
  /** The database, as the claim may need it. */
  db: StageContext;
}

/** `bytes start-end/total` (inclusive end), or null. */
export const parseContentRange = (header: string | undefined) => {
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header?.trim() ?? '');
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end < start || end >= total) return null;
  return { start, end, total };
};

/** Unfinished uploads (with progress within the last hour) one user may have: as many as one selection holds. */
export const MAX_ACTIVE_UPLOADS = UPLOAD.maxFilesPerSelection;

/** Called when a stored file is complete (thumbnails, previews). */
export type FileCreatedHook = (fileId: string) => Promise<void>;

/**
 * The spec's chunked video/audio upload: state in Postgres, bytes in object storage; `received`
 * only ever counts bytes already durable. `append` lists the stages of a chunk; assembly.ts holds each storage
 * driver's part of them, and how chunks become one object.
 */
export class ChunkedUploads {
  readonly assembler: Assembler;
  private readonly hashes = new RunningHashes();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly storage: ObjectStorage,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly onFileCreated: FileCreatedHook = async () => {},
    private readonly sql: SqlRows = (query) => prisma.$queryRaw(query),
    /** Hears the bytes of each chunk stored (metrics). */
    private readonly onBytesReceived: (bytes: number) => void = () => {},
  ) {
    this.assembler = createAssembler(storage);
  }

  private expiry() {
    return new Date(Date.now() + this.config.UPLOAD_EXPIRE_HOURS * 3_600_000);
  }

  private async load(id: string): Promise<UploadRow | null> {
    const [row] = await this.sql<UploadRecord & Record<string, unknown>>(Prisma.sql`
      SELECT id, owner_id, file_name, file_size, extension, service_type, received, status, driver, assembly,
        stored_file_id, expires_at
      FROM chunked_uploads WHERE id = ${id}`);
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      fileName: row.file_name,
      fileSize: Number(row.file_size),
      extension: row.extension,
      serviceType: row.service_type,
      received: Number(row.received),
      status: row.status,
      driver: row.driver,
      assembly: row.assembly,
      storedFileId: row.stored_file_id,
      expiresAt: row.expires_at,
    };
  }

  private ref(row: UploadRow): UploadRef {
    return { id: row.id, fileSize: row.fileSize, assembly: row.assembly };
  }

  /**
   * Starts reading an upload's row before the request's user is known (see the chunk route); pass the promise to
   * `append`, which checks ownership before using it. Never rejects unhandled.
   */
  preload(id: string): Promise<UploadRow | null> {
    const row = this.load(id);
    row.catch(() => {});
    return row;
  }

  /** Starts an upload: the spec's video upload info `{ uri, ccvid, uid, metauri, servicetype }`. */
  async init(user: SessionUser, input: { filename: string; filesize: number }) {
    const name = safeFileName(input.filename);
    if (!name) throw new AppError('BAD_REQUEST', MESSAGES.upload.fileNameRequired);
    const extension = extensionOf(name);
    if (!isMediaExtension(extension)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.mediaTypeNotAllowed);
    if (input.filesize > this.config.UPLOAD_VIDEO_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.upload.videoTooLarge);
    }
    if (input.filesize < 1) throw new AppError('BAD_REQUEST', MESSAGES.upload.emptyFile);
    const id = newId();
    const serviceType: 'audio' | 'video' = isAudioExtension(extension) ? 'audio' : 'video';
    // Count and insert under a per-user lock: without it, 50 simultaneous inits all counted fewer than the limit
    // and all started.
    await transaction(this.prisma, async (tx) => {
      await lockKey(tx, `upload-init:${user.id}`);
      const active = await tx.chunkedUpload.count({
        where: { ownerId: user.id, status: 'uploading', updatedAt: { gt: new Date(Date.now() - 3_600_000) } },
      });
      if (active >= MAX_ACTIVE_UPLOADS) throw new AppError('RATE_LIMITED', MESSAGES.upload.tooManyActiveUploads);
      await tx.chunkedUpload.create({
        data: {
          id,
          ownerId: user.id,
          fileName: name,
          fileSize: BigInt(input.filesize),
          extension,
          serviceType,
          driver: this.storage.driver,
          assembly: { key: fileObjectKey() },
          expiresAt: this.expiry(),
        },
      });
    });
    return {
      uri: pathOf(routes.videoUploadChunk, undefined, { ccvid: id, uid: user.memberId }),
      ccvid: id,
      uid: user.memberId,
      metauri: pathOf(routes.videoUploadMeta),
      servicetype: serviceType,
      errMsg: null,
      errorType: null,
    };
  }

  /** The upload if it belongs to this user and can still take chunks or answer; else the failure to answer. */
  private async owned(
    user: SessionUser,
    ccvid: string,
    uid: string,
    preloaded?: Promise<UploadRow | null>,
  ): Promise<UploadRow | ChunkReply> {
    const row = await (preloaded ?? this.load(ccvid));
    if (!row || row.ownerId !== user.id || uid !== user.memberId || row.driver !== this.storage.driver) {
      return fail('NOT_FOUND', MESSAGES.upload.uploadNotFound, UPLOAD_RESULT.failNoRetry, 0);
    }
    if (row.status === 'failed') return fail('CONFLICT', MESSAGES.upload.uploadFailed, UPLOAD_RESULT.failNoRetry, 0);
    if (row.status === 'done') return ok(UPLOAD_RESULT.done, row.fileSize, row.storedFileId);
    if (row.expiresAt.getTime() < Date.now()) {
      return fail('NOT_FOUND', MESSAGES.upload.uploadNotFound, UPLOAD_RESULT.failNoRetry, 0);
    }
    return row;
  }

  /** `GET metauri`: where to resume. */
  async position(user: SessionUser, query: PositionQuery): Promise<ChunkReply> {
    const row = await this.owned(user, query.ccvid, query.uid);
    if (!('ownerId' in row)) return row;
    if (query.filesize !== undefined && query.filesize !== row.fileSize) {
      return fail('BAD_REQUEST', MESSAGES.upload.dataError, UPLOAD_RESULT.failNoRetry, row.received);
    }
    if (query.servicetype && query.servicetype !== row.serviceType) {
      return fail('BAD_REQUEST', MESSAGES.upload.dataError, UPLOAD_RESULT.failNoRetry, row.received);
    }
    if (row.received === row.fileSize) return this.complete(row.id);
    return ok(UPLOAD_RESULT.resume, row.received);
  }

  /**
   * `POST uri`: one chunk (`Content-Range: bytes a-b/total`, file part `body`). A gap or a duplicate answers 0 with
   * the true position; an overlap stores only the new bytes; a chunk racing another for the same bytes loses
   * without harm. `body` must be consumed or resumed by the caller when this returns early.
   */
  async append(
    user: SessionUser,
    query: { ccvid: string; uid: string },
    contentRange: string | undefined,
    body: Readable | null,
    preloaded?: Promise<UploadRow | null>,
  ): Promise<ChunkReply> {
    const row = await this.owned(user, query.ccvid, query.uid, preloaded);
    if (!('ownerId' in row)) return row;
    const R = row.received;
    if (!body) return fail('BAD_REQUEST', MESSAGES.upload.noFile, UPLOAD_RESULT.failRetryIfProgress, R);
    const range = parseContentRange(contentRange);
    if (!range || range.total !== row.fileSize) return dataError(R);
    const length = range.end - range.start + 1;
    if (length > UPLOAD.chunkMaxBytes) return dataError(R, 'PAYLOAD_TOO_LARGE');
    if (length < UPLOAD.chunkMinBytes && range.end + 1 !== row.fileSize) return dataError(R);
    if (R === row.fileSize) return this.complete(row.id);
    if (range.start > R || range.end < R) return ok(UPLOAD_RESULT.resume, R);

    // The stages of a chunk. Their order is what makes a chunk safe to retry, race and crash at any point:
    // - claim before any byte is written: the offset (local disk), or a key or part number of the chunk's own (S3), so
    //   racing copies of a chunk never write over each other or over acknowledged bytes;
    // - write, then sync, before the commit: `received` only ever counts bytes that are durable;
    // - commit: one conditional UPDATE, so the chunk counts only if the upload still stands where the chunk starts;
    // - hash only once the chunk counts (a chunk that lost must not enter the upload's running SHA-256), and before
    //   assemble, whose completion of the last chunk takes the digest that must cover it;
    // - assemble last: it lets go of what the committed chunk no longer needs, and the last chunk makes the file.
    // The body is read from before the claim (receive), so a claim that waits overlaps the bytes' arrival.
    const chunk = this.receive(user, query, row, range.start, range.end + 1 - R, body);
    let staged: Staged;
    try {
      const claimed = await this.assembler.claim(chunk.upload, chunk.at, chunk.fresh, chunk.db);
      staged = await this.assembler.write(chunk.upload, claimed, chunk.bytes, chunk.fresh);
      await this.assembler.sync(staged);
    } catch (error) {
      return this.notStored(chunk, error);
    }
    this.onBytesReceived(staged.bytes);
    const received = chunk.at + staged.bytes;
    const notCommitted = await this.commit(chunk, staged, received);
    if (notCommitted) return notCommitted;
    this.hash(chunk, received);
    return this.assemble(chunk, staged, received);
  }

  /**
   * Starts reading a chunk's `fresh` bytes from `body` (which starts at `start`): the bytes already stored are
   * skipped, the rest checked against the range and, except on the local disk, hashed on the way in.
   */
  private receive(
    user: SessionUser,
    query: { ccvid: string; uid: string },
    row: UploadRow,
    start: number,
    fresh: number,
    body: Readable,
  ): Chunk {
    const at = row.received;
    const upload = this.ref(row);
    // Local disk: the worker reads the acknowledged bytes from the data file after the commit (the hash stage).
    const localData = this.assembler.localData(upload);
    const hash = localData ? null : this.hashes.fork(row.id, at);
    const bytes = new ChunkSlicer(at - start, fresh, hash);
    // The write stage re-raises the slicer's error; this listener only keeps an error raised before that stage has
    // attached its own (a short chunk can be read whole in between) from becoming an uncaught exception.
    bytes.on('error', () => {});
    pipeInto(body, bytes);
    const db: StageContext = {
      stillAt: async () => {
        const current = await this.load(row.id);
        return current?.status === 'uploading' && current.received === at;
      },
      nextPartNumber: () => this.nextPartNumber(row.id),
    };
    return { user, query, row, upload, at, fresh, body, bytes, hash, localData, db };
  }

  /**
   * Commit: one statement, under the row's lock: the chunk counts only if the upload still stands where it starts. The
   * part counter is kept as it is in the row (other attempts may have taken numbers since this row was read). Answers
   * null when the chunk counts; otherwise what is stored of it is undone (or left, when the outcome is unknown) and
   * the answer is where the upload stands or that storage failed.
   */
  private async commit(chunk: Chunk, staged: Staged, received: number): Promise<ChunkReply | null> {
    const { row, upload, at } = chunk;
    let next: AssemblyState;
    try {
      next = this.assembler.commitState(upload, staged);
    } catch (error) {
      this.forgetHash(chunk);
      this.log.warn({ err: error, upload: row.id }, 'chunk may not be committed');
      await this.assembler.discard(upload, staged).catch(() => {});
      return fail('UNAVAILABLE', MESSAGES.upload.storageUnavailable, UPLOAD_RESULT.failRetry, at);
    }
    let won: boolean;
    try {
      const committed = await this.sql(Prisma.sql`
        UPDATE chunked_uploads SET received = ${received},
          assembly = ${JSON.stringify(next)}::jsonb
            || jsonb_strip_nulls(jsonb_build_object('nextPart', assembly->'nextPart')),
          updated_at = now(), expires_at = ${this.expiry()}
        WHERE id = ${row.id} AND received = ${at} AND status = 'uploading'
        RETURNING id`);
      won = committed.length === 1;
    } catch (error) {
      this.forgetHash(chunk);
      this.log.warn({ err: error, upload: row.id }, 'chunk could not be committed');
      await this.assembler.abandon(upload, staged).catch(() => {});
      return fail('UNAVAILABLE', MESSAGES.upload.storageUnavailable, UPLOAD_RESULT.failRetry, at);
    }
    if (won) return null;
    this.forgetHash(chunk);
    await this.assembler.discard(upload, staged).catch(() => {});
    return this.standing(chunk.user, chunk.query, at, false);
  }

  /**
   * Hash: the committed chunk joins the upload's running SHA-256. On the local disk the worker now reads it from the
   * data file; elsewhere the hash it went through on the way in becomes the upload's.
   */
  private hash(chunk: Chunk, received: number) {
    if (chunk.localData) this.hashes.follow(chunk.row.id, chunk.localData, received);
    else if (chunk.hash) this.hashes.commit(chunk.row.id, chunk.hash, received);
  }

  /**
   * Assemble: the committed chunk is part of the upload's object as its driver builds it, which now lets go of what
   * the chunk no longer needs (local disk: the data file is closed, the offset's claim kept as taken; S3: the staged
   * objects now inside a part). The last chunk completes the upload: the object and its StoredFile.
   */
  private async assemble(chunk: Chunk, staged: Staged, received: number): Promise<ChunkReply> {
    await this.assembler.afterCommit(chunk.upload, staged).catch((error) => {
      this.log.warn({ err: error, upload: chunk.row.id }, 'staged chunk cleanup failed (the sweep retries)');
    });
    if (received === chunk.row.fileSize) return this.complete(chunk.row.id);
    return ok(UPLOAD_RESULT.resume, received);
  }

  /**
   * The answer for a chunk whose claim, write or sync failed: nothing of it was stored (a claim it held is given
   * back). Bytes that do not match the range are the client's error; anything else is storage's, unless a racing
   * copy of the chunk was stored meanwhile.
   */
  private async notStored(chunk: Chunk, error: unknown): Promise<ChunkReply> {
    const { row, at, body, bytes } = chunk;
    this.forgetHash(chunk);
    if (error instanceof ChunkBusyError) {
      // Another writer has this offset: nothing was stored or read; answer where the upload stands now.
      body.unpipe(bytes);
      bytes.destroy();
      return this.standing(chunk.user, chunk.query, at, error.reason === 'gone');
    }
    if (error instanceof ChunkDataError) return dataError(at);
    // The form around the chunk was refused (onlyFilePart: a second file, a broken tail): sending it again won't help.
    if (error instanceof AppError) return fail(error.kind, error.message, UPLOAD_RESULT.failNoRetry, at);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return dataError(at, 'PAYLOAD_TOO_LARGE');
    if (body.destroyed && (body as { truncated?: boolean }).truncated) return dataError(at, 'PAYLOAD_TOO_LARGE');
    // A racing copy of this chunk may have been stored meanwhile (on S3 its commit deletes the staged objects this
    // one was reading): then this failure does not matter, and the answer is where the upload stands now.
    const now = await this.load(row.id).catch(() => null);
    if (now && now.received !== at) {
      body.unpipe(bytes);
      bytes.destroy();
      return this.standing(chunk.user, chunk.query, at, false);
    }
    this.log.warn({ err: error, upload: row.id }, 'chunk could not be staged');
    return fail('UNAVAILABLE', MESSAGES.upload.storageUnavailable, UPLOAD_RESULT.failRetry, at);
  }

  /** The chunk will not count: the hash it went through is forgotten. */
  private forgetHash(chunk: Chunk) {
    if (chunk.hash) this.hashes.discard(chunk.hash);
  }

  /**
   * A part number for one attempt at an S3 part, from the row's counter (atomic, so racing attempts on any instance
   * get different numbers; increasing, so parts committed later have higher numbers). Uploads without the counter
   * yet start after their committed parts.
   */
  private async nextPartNumber(id: string) {
    const [allocated] = await this.sql<{ n: number }>(Prisma.sql`
      UPDATE chunked_uploads SET assembly = jsonb_set(assembly, '{nextPart}', to_jsonb(
        COALESCE((assembly->>'nextPart')::int, COALESCE(jsonb_array_length(assembly->'parts'), 0) + 1) + 1))
      WHERE id = ${id}
      RETURNING (assembly->>'nextPart')::int - 1 AS n`);
    if (!allocated) throw new Error(`upload ${id} is gone`);
    return Number(allocated.n);
  }

  /**
   * The answer for a chunk that was not stored because the upload moved on (or another writer has its offset): where
   * the upload stands now. `gone` means its bytes vanished from storage: if it still stands at `at`, that is an error.
   */
  private async standing(user: SessionUser, query: { ccvid: string; uid: string }, at: number, gone: boolean) {
    const current = await this.owned(user, query.ccvid, query.uid);
    if (!('ownerId' in current)) return current;
    if (gone && current.received === at) {
      this.log.error({ upload: current.id }, 'the upload’s stored bytes are missing');
      return fail('UNAVAILABLE', MESSAGES.upload.storageUnavailable, UPLOAD_RESULT.failRetry, at);
    }
    if (current.received === current.fileSize) return this.complete(current.id);
    return ok(UPLOAD_RESULT.resume, current.received);
  }

  /**
   * Every byte is in: assemble the object, check its content is really audio or video, record size and SHA-256,
   * create the StoredFile. Claimed through the row's status so one instance does it; safe to retry after a crash.
   */
  private async complete(id: string): Promise<ChunkReply> {
    const claimed = await this.prisma.$executeRaw`
      UPDATE chunked_uploads SET status = 'completing', updated_at = now()
      WHERE id = ${id} AND received = file_size
        AND (status = 'uploading' OR (status = 'completing' AND updated_at < now() - interval '5 minutes'))`;
    const row = await this.load(id);
    if (!row) return fail('NOT_FOUND', MESSAGES.upload.uploadNotFound, UPLOAD_RESULT.failNoRetry, 0);
    if (claimed === 0) {
      if (row.status === 'done') return ok(UPLOAD_RESULT.done, row.fileSize, row.storedFileId);
      if (row.status === 'failed') return fail('CONFLICT', MESSAGES.upload.uploadFailed, UPLOAD_RESULT.failNoRetry, 0);
      return ok(UPLOAD_RESULT.resume, row.received);
    }
    const ref = this.ref(row);
    const key = row.assembly.key;
    try {
      await this.assembler.finish(ref);
      const stat = await this.storage.stat(key);
      if (stat?.size !== row.fileSize) throw new Error(`assembled ${stat?.size} of ${row.fileSize} bytes`);
      const head = await readHead(this.storage, key, Math.min(HEAD_BYTES, row.fileSize));
      const detected = await detectMedia(
        head,
        row.fileSize,
        rangeReader(this.storage, key, row.fileSize),
        row.extension,
      );
      if (!detected) {
        this.hashes.drop(id);
        await this.assembler.remove(ref).catch(() => {});
        await this.prisma.chunkedUpload.update({
          where: { id },
          data: { status: 'failed', failReason: 'content', updatedAt: new Date() },
        });
        return fail('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.contentMismatch, UPLOAD_RESULT.failNoRetry, 0);
      }
      const objectPath = this.storage.localPath(key);
      const running = objectPath
        ? this.hashes.fileDigest(id, objectPath, row.fileSize)
        : this.hashes.digest(id, row.fileSize);
      const sha256 = (await running) ?? (await sha256OfStream(() => this.storage.get(key)));
      const fileId = newId();
      await batch(this.prisma, [
        createStoredFile(
          this.prisma,
          {
            ownerId: row.ownerId,
            storageKey: key,
            originalName: row.fileName,
            size: row.fileSize,
            mimeType: detected.mime,
            extension: row.extension,
            kind: detected.kind,
            sha256,
          },
          fileId,
        ),
        this.prisma.chunkedUpload.update({
          where: { id },
          data: { status: 'done', storedFileId: fileId, updatedAt: new Date() },
        }),
      ]);
      await this.onFileCreated(fileId).catch((error) => this.log.warn({ err: error, fileId }, 'file hook failed'));
      return ok(UPLOAD_RESULT.done, row.fileSize, fileId);
    } catch (error) {
      this.log.error({ err: error, upload: id }, 'upload could not be completed');
      await this.prisma.$executeRaw`
        UPDATE chunked_uploads SET status = 'uploading' WHERE id = ${id} AND status = 'completing'`;
      return fail('UNAVAILABLE', MESSAGES.upload.storageUnavailable, UPLOAD_RESULT.failRetry, row.received);
    }
  }

  /**
   * Removes uploads without progress for UPLOAD_EXPIRE_HOURS (their staged chunks, parts and data), rows of failed
   * uploads after a week, and upload leftovers in storage that no row points at.
   */
  async sweep(now = new Date()) {
    let expired = 0;
    for (;;) {
      const batch = await this.prisma.$queryRaw<{ id: string }[]>`
        UPDATE chunked_uploads SET status = 'expired'
        WHERE id IN (
          SELECT id FROM chunked_uploads
          WHERE (status IN ('uploading', 'completing') AND expires_at < ${now}) OR status = 'expired'
          ORDER BY expires_at LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id`;
      if (batch.length === 0) break;
      for (const { id } of batch) {
        const row = await this.load(id);
        if (!row) continue;
        this.hashes.drop(id);
        try {
          await this.assembler.remove(this.ref(row));
          await this.prisma.chunkedUpload.delete({ where: { id } });
          expired++;
        } catch (error) {
          this.log.warn({ err: error, upload: id }, 'expired upload could not be removed (next sweep retries)');
        }
      }
      if (batch.length < 100) break;
    }
    const { count: failed } = await this.prisma.chunkedUpload.deleteMany({
      where: { status: 'failed', updatedAt: { lt: new Date(now.getTime() - 7 * 86_400_000) } },
    });
    const orphans = await this.sweepOrphans(now);
    return { expired, failed, orphans };
  }

  private async sweepOrphans(now: Date) {
    const leftovers = await listUploadLeftovers(this.storage);
    let removed = 0;
    const cutoff = now.getTime() - this.config.UPLOAD_EXPIRE_HOURS * 3_600_000;
    for (const { id, modifiedAt, remove } of leftovers) {
      if (modifiedAt > cutoff) continue;
      const row = await this.prisma.chunkedUpload.findUnique({ where: { id }, select: { status: true } });
      if (row && row.status !== 'done') continue;
      await remove();
      removed++;
    }
    return removed;
  }
}
