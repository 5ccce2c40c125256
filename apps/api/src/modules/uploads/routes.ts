import multipart, { type MultipartFile } from '@fastify/multipart';
import { findInputTextProblem, MESSAGES, routes, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { inputTextError } from '../../plugins/input.ts';
import type { ChunkReply } from './chunked.ts';
import { storeDocument } from './document.ts';
import { onlyFilePart } from './single-file.ts';

/** The envelope of the chunk protocol, with `result`/`received` also at the top level. */
const chunkBody = (r: ChunkReply) => ({
  code: r.code,
  success: r.code === 0,
  msg: r.msg,
  data: { result: r.result, received: r.received, fileId: r.fileId },
  result: r.result,
  received: r.received,
});

/**
 * The form fields sent before a file part follow the same text rule as every other request field. The file's own
 * name is not refused: it is only metadata, kept with control characters removed (safeFileName).
 */
const checkPartText = (part: Pick<MultipartFile, 'fields'>) => {
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      (Array.isArray(field) ? field : [field]).flatMap((f) => (f && 'value' in f ? [[name, f.value]] : [])),
    ),
  );
  const problem = findInputTextProblem(fields);
  if (problem) throw inputTextError('表单字段', problem);
};

/**
 * Upload endpoints: documents by form, video/audio by the spec's chunk protocol. Multipart parsing is registered
 * here only, so no other route accepts multipart bodies by accident.
 */
export default async function uploadRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_DOCUMENT_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    throwFileSizeLimit: true,
  });
  registerRoute(
    app,
    routes.uploadDocument,
    async ({ request, reply, user }) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.noFile);
      const part = await onlyFilePart(request);
      if (!part) throw new AppError('BAD_REQUEST', MESSAGES.upload.noFile);
      try {
        checkPartText(part);
        // The contract names the field: a file sent under another name is not this form's file.
        if (part.fieldname !== routes.uploadDocument.upload?.field) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', MESSAGES.upload.noFile);
        }
        return await storeDocument(app, config, user, part);
      } catch (error) {
        // The rest of a refused upload is not read: close the connection rather than reuse it.
        reply.header('connection', 'close');
        throw error;
      }
    },
    { successMsg: '上传成功' },
  );

  registerRoute(app, routes.videoUploadInit, ({ user, body }) => app.chunkedUploads.init(user, body));

  registerRoute(app, routes.videoUploadMeta, async ({ user, query, reply }) => {
    const answer = await app.chunkedUploads.position(user, query);
    reply.status(answer.status);
    return chunkBody(answer);
  });

  // Without a session cookie the answer is 401 before the query is validated; with one, the session is checked
  // in the handler, alongside reading the upload's row.
  registerRoute(
    app,
    routes.videoUploadChunk,
    async ({ request, reply, query, authorize }) => {
      // The upload's row is read while the session is checked (one database round trip less per chunk); nothing
      // about it is used or answered before the session's user is known and found to own it.
      const upload = app.chunkedUploads.preload(query.ccvid);
      const user = await authorize();
      const range = request.headers['content-range'];
      let answer: ChunkReply;
      if (!request.isMultipart()) {
        answer = await app.chunkedUploads.append(user, query, range, null, upload);
      } else {
        const part = await onlyFilePart(request, { fileSize: UPLOAD.chunkMaxBytes });
        try {
          if (part) checkPartText(part);
          answer = await app.chunkedUploads.append(user, query, range, part?.file ?? null, upload);
        } catch (error) {
          // An unexpected failure: the chunk may be left half read, so the connection is not reused.
          reply.header('connection', 'close');
          throw error;
        } finally {
          // Whatever was not read (an early answer) is read to the end so the connection stays usable.
          if (part && !part.file.readableEnded) part.file.resume();
        }
      }
      if (answer.result === UPLOAD_RESULT.failRetry) reply.header('retry-after', '1');
      // A refused chunk may not have been read to its end: do not reuse the connection for the next request.
      if (answer.code !== 0) reply.header('connection', 'close');
      return reply.status(answer.status).send(chunkBody(answer));
    },
    { session: 'handler' },
  );
}
