import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { MESSAGES } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError, isMultipartError } from '../../lib/errors.ts';
import { pipeInto } from '../../lib/streams.ts';
import {
  extensionOf,
  type Family,
  familyOf,
  isDocumentExtension,
  isMediaExtension,
  safeFileName,
} from '../files/file-types.ts';
import { createStoredFile } from '../files/records.ts';
import { detectDocument, fitsFamily, HEAD_BYTES, TextValidator } from '../files/sniff.ts';
import { toStoredFileView } from '../files/view.ts';
import { fileObjectKey } from '../storage/keys.ts';
import { rangeReader } from './storage-read.ts';

/** The content does not fit the extension: stops the upload early, nothing is kept. */
class ContentError extends Error {
  constructor(readonly msg: string) {
    super(msg);
    this.name = 'ContentError';
  }
}

/** Quick look at the first bytes: which container a family needs (the full check runs on the stored object). */
const headFits = (family: Family, head: Buffer) => {
  const h = head.subarray(0, 8);
  const isZip = h.readUInt32LE(0) === 0x04034b50;
  const isOle = h.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  switch (family) {
    case 'word':
      return isZip || isOle || head.subarray(0, 5).toString('latin1') === '{\\rtf';
    case 'excel':
    case 'powerpoint':
      return isZip || isOle;
    case 'pdf':
      return head.subarray(0, 1024).includes('%PDF-');
    default:
      return true;
  }
};

/**
 * Watches an upload stream go by: counts, hashes (SHA-256), keeps the first HEAD_BYTES, and rejects as early as it
 * can (binary bytes in a .txt, a .pdf that does not start like one…) so a wrong file is never stored whole.
 */
class Inspector extends Transform {
  bytes = 0;
  readonly hash = createHash('sha256');
  private readonly headParts: Buffer[] = [];
  private headLength = 0;
  private checkedHead = false;
  readonly text: TextValidator | null;

  constructor(private readonly family: Family) {
    super({ highWaterMark: 1 << 20 });
    this.text = family === 'text' ? new TextValidator() : null;
  }

  get head() {
    return Buffer.concat(this.headParts, this.headLength);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const take = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headParts.push(take);
      this.headLength += take.length;
    }
    if (this.text) {
      this.text.update(chunk);
      if (this.text.failed) return callback(new ContentError(MESSAGES.upload.textNotReadable));
    }
    if (!this.checkedHead && this.headLength >= 1024) {
      this.checkedHead = true;
      if (!headFits(this.family, this.head)) return callback(new ContentError(MESSAGES.upload.contentMismatch));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (!this.checkedHead && this.headLength > 0 && !headFits(this.family, this.head)) {
      return callback(new ContentError(MESSAGES.upload.contentMismatch));
    }
    if (this.text && this.bytes > 0 && !this.text.result()) {
      return callback(new ContentError(MESSAGES.upload.textNotReadable));
    }
    callback();
  }
}

const tooLarge = (error: unknown) => (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A document from a form upload: streamed into storage (never held whole), checked by content on the way and once
 * stored (OOXML package parts, OLE stream names), recorded as a StoredFile. On any rejection nothing remains.
 */
export const storeDocument = async (
  app: FastifyInstance,
  config: Config,
  user: SessionUser,
  part: { filename: string; file: Readable & { truncated?: boolean } },
  /** `background`: nobody waits for its preview (files a seed stores), so a teacher's upload goes first. */
  { background = false }: { background?: boolean } = {},
) => {
  const name = safeFileName(part.filename ?? '');
  const extension = extensionOf(name);
  const reject = (error: AppError): never => {
    part.file.resume();
    throw error;
  };
  if (!name) reject(new AppError('BAD_REQUEST', MESSAGES.upload.fileNameRequired));
  if (!isDocumentExtension(extension)) {
    reject(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        isMediaExtension(extension) ? MESSAGES.upload.mediaTypeNotAllowed : MESSAGES.upload.documentTypeNotAllowed,
      ),
    );
  }
  const family = familyOf(extension)!;
  const key = fileObjectKey();
  const inspector = new Inspector(family);
  inspector.on('error', () => {}); // re-raised by the storage put; see ChunkedUploads.append
  try {
    await app.storage.put(key, pipeInto(part.file, inspector));
  } catch (error) {
    part.file.resume();
    await app.storage.delete(key).catch(() => {});
    // The form around the file was refused (onlyFilePart: a second file, a broken tail).
    if (error instanceof AppError) throw error;
    if (error instanceof ContentError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', error.msg);
    if (tooLarge(error) || part.file.truncated)
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.upload.attachmentTooLarge);
    if ((error as { code?: string }).code === 'ECONNRESET' || (error as Error).message === 'aborted') throw error;
    if (isMultipartError(error)) throw new AppError('BAD_REQUEST', MESSAGES.request.multipartInvalid);
    app.log.error({ err: error }, 'document could not be stored');
    throw new AppError('UNAVAILABLE', MESSAGES.upload.storageUnavailable);
  } finally {
    // What was read, kept or not (a rejected file was received all the same).
    app.metrics.uploadedBytes.inc({ kind: 'document' }, inspector.bytes);
  }
  const discard = async (error: AppError): Promise<never> => {
    await app.storage.delete(key).catch(() => {});
    throw error;
  };
  if (part.file.truncated || inspector.bytes > config.UPLOAD_DOCUMENT_MAX_BYTES) {
    await discard(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.upload.attachmentTooLarge));
  }
  if (inspector.bytes === 0) await discard(new AppError('BAD_REQUEST', MESSAGES.upload.emptyFile));

  let mimeType: string;
  let kind: 'document' | 'image';
  if (family === 'text') {
    mimeType = `text/plain; charset=${inspector.text!.result()}`;
    kind = 'document';
  } else {
    const detected = await detectDocument(
      inspector.head,
      inspector.bytes,
      rangeReader(app.storage, key, inspector.bytes),
    );
    if (!detected || !fitsFamily(detected, family)) {
      return discard(new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.contentMismatch));
    }
    mimeType = detected.mime;
    kind = detected.kind === 'image' ? 'image' : 'document';
  }
  try {
    const file = await createStoredFile(app.prisma, {
      ownerId: user.id,
      storageKey: key,
      originalName: name,
      size: inspector.bytes,
      mimeType,
      extension,
      kind,
      sha256: inspector.hash.digest('hex'),
    });
    await app.previews
      .enqueueFor(file.id, { background })
      .catch((error) => app.log.warn({ err: error }, 'enqueue failed'));
    return toStoredFileView(file);
  } catch (error) {
    await app.storage.delete(key).catch(() => {});
    throw error;
  }
};
