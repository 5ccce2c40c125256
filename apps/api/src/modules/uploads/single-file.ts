import { Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES } from '@zyk/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, isMultipartError } from '../../lib/errors.ts';
import { pipeInto } from '../../lib/streams.ts';

type Limits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/** What is wrong with the rest of a form, for the client; a failure of the connection itself as it is. */
const formError = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', MESSAGES.upload.oneFileOnly);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.request.tooManyFormFields);
  }
  if (isMultipartError(error) || (typeof code === 'string' && code.startsWith('FST_'))) {
    return new AppError('BAD_REQUEST', MESSAGES.request.multipartInvalid);
  }
  return error;
};

/**
 * The file part's bytes, passed on unchanged, except that the last piece is held back until the rest of the form has
 * been read and found to hold no other file: a consumer can never have every byte before that (S3 answers a PUT of
 * known length on its last byte), and on a second file sees a failed read instead of an end, so it keeps nothing.
 */
class OnlyFile extends Transform {
  private held: Buffer | null = null;

  constructor(
    private readonly source: MultipartFile['file'],
    private readonly rest: () => Promise<void>,
  ) {
    super();
  }

  /** Busboy cut the file at the size limit (the consumers refuse it as too large). */
  get truncated() {
    return this.source.truncated;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const previous = this.held;
    this.held = chunk;
    callback(null, previous ?? undefined);
  }

  override _flush(callback: TransformCallback) {
    const release = () => {
      if (this.held) this.push(this.held);
      this.held = null;
      callback();
    };
    // A truncated file is refused as too large whatever follows it.
    if (this.source.truncated) return release();
    this.rest().then(release, callback);
  }
}

/**
 * The one file of a form that takes one file (document upload, video chunk; avatars and covers go through the
 * document upload), or null when the form has none. A second file part refuses the request with 400
 * 一次只能上传一个文件: busboy stops at one file and skips the extra part's bytes, and `file` fails at its end
 * instead of ending, so nothing of the request is stored. `file` must be consumed or resumed, like any file part.
 */
export const onlyFilePart = async (request: FastifyRequest, limits: Limits = {}) => {
  const parts = request.parts({ limits: { ...limits, files: 1 } });
  for (;;) {
    const next = await parts.next();
    if (next.done) return null;
    if (next.value.type !== 'file') continue;
    const { fieldname, filename, fields, file: source } = next.value;
    const rest = async () => {
      for (;;) {
        try {
          if ((await parts.next()).done) return;
        } catch (error) {
          throw formError(error);
        }
      }
    };
    const file = pipeInto(source, new OnlyFile(source, rest));
    // A file resumed unread (an early answer) still reaches its end check: its failure then has no one to tell.
    file.on('error', () => {});
    // One its consumer destroyed no longer pulls the part: the rest of the body is still read to its end.
    file.on('close', () => {
      if (!source.readableEnded) source.resume();
    });
    return { fieldname, filename, fields, file };
  }
};
