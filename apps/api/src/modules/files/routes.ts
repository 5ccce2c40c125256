import { MESSAGES, pathOf, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerRoute, type SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { canReadFile } from '../../lib/file-access.ts';
import { placeholderPng } from '../preview/placeholder.ts';
import { serveStoredFile } from './serve.ts';
import { toStoredFileView } from './view.ts';

const idParam = z.object({ id: z.string().max(64) });
const ID = /^[a-z2-7]{26}$/;

/** The stored file behind an id; 404 otherwise. */
const storedFile = async (app: FastifyInstance, id: string) => {
  const file = ID.test(id) ? await app.prisma.storedFile.findUnique({ where: { id } }) : null;
  if (!file) throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
  return file;
};

/** The stored file behind an id, if this user (or visitor) may read it; 404/401/403 otherwise. */
export const readableFile = async (app: FastifyInstance, user: SessionUser | null, id: string) => {
  const file = await storedFile(app, id);
  if (!(await canReadFile(app, user, file))) throw new AppError(user ? 'FORBIDDEN' : 'UNAUTHORIZED');
  return file;
};

/** Where a file's thumbnail is served (to those who may see it). */
export const thumbnailPath = (id: string) => pathOf(routes.fileThumbnail, { id });

/** Thumbnail / preview derivatives are served under a name derived from the original's. */
const derivedName = (original: string, ext: string) => `${original.replace(/\.[^.]*$/, '') || 'file'}.${ext}`;

export default async function fileRoutes(app: FastifyInstance) {
  registerRoute(app, routes.fileInfo, async ({ params, user }) => {
    const file = await readableFile(app, user, params.id);
    return {
      ...toStoredFileView(file),
      url: app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds: 3600 }),
      downloadUrl: app.fileUrls.url(file.id, { disposition: 'attachment', ttlSeconds: 3600 }),
      thumbnailUrl: thumbnailPath(file.id),
    };
  });

  // The signature alone authorises the bytes: no session lookup (range requests of a playing video are many).
  registerRoute(
    app,
    routes.fileContent,
    async ({ request, reply, params: { id }, query: q }) => {
      const verdict = app.fileUrls.verify(id, { v: q.v, exp: q.exp, dl: q.dl, sig: q.sig });
      if (verdict !== 'ok') throw new AppError('FORBIDDEN', MESSAGES.file.linkExpired);
      const file = ID.test(id) ? await app.prisma.storedFile.findUnique({ where: { id } }) : null;
      if (!file) throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
      const disposition = q.dl === '1' ? 'attachment' : 'inline';
      const maxAgeSeconds = Math.max(0, Math.min(3600, q.exp - Math.floor(Date.now() / 1000)));
      if (!q.v) return serveStoredFile(request, reply, file, { disposition, maxAgeSeconds });
      const derivative = await app.prisma.fileDerivative.findUnique({
        where: { fileId_variant: { fileId: id, variant: q.v } },
      });
      if (derivative?.status !== 'ready') throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
      if (!derivative.storageKey) return serveStoredFile(request, reply, file, { disposition, maxAgeSeconds });
      return serveStoredFile(
        request,
        reply,
        {
          storageKey: derivative.storageKey,
          originalName: derivedName(
            file.originalName,
            q.v === 'preview' ? 'pdf' : derivative.storageKey.split('.').pop()!,
          ),
          size: derivative.size ?? 0n,
          mimeType: derivative.mimeType ?? 'application/octet-stream',
          sha256: `${file.sha256.slice(0, 24)}-${derivative.id}`,
          createdAt: derivative.updatedAt,
        },
        { disposition, maxAgeSeconds },
      );
    },
    { session: 'none', params: idParam },
  );

  // The session is looked up only once the id has passed validation: a malformed id is a 400 without a query.
  registerRoute(
    app,
    routes.fileThumbnail,
    async ({ reply, request, params, authorize }) => {
      const user = await authorize();
      const file = await storedFile(app, params.id);
      // A paid resource's cards show its thumbnails to everyone; the file itself stays for those who may read it.
      if (!(await canReadFile(app, user, file, 'thumbnail'))) throw new AppError(user ? 'FORBIDDEN' : 'UNAUTHORIZED');
      const thumb = await app.prisma.fileDerivative.findUnique({
        where: { fileId_variant: { fileId: file.id, variant: 'thumbnail' } },
      });
      // An image is its own thumbnail when there was no ffmpeg to scale it: that is the content, not a thumbnail.
      const servable =
        thumb?.status === 'ready' && (thumb.storageKey !== null || (await canReadFile(app, user, file, 'content')));
      if (thumb && servable) {
        const served = thumb.storageKey
          ? {
              storageKey: thumb.storageKey,
              originalName: derivedName(file.originalName, thumb.storageKey.split('.').pop()!),
              size: thumb.size ?? 0n,
              mimeType: thumb.mimeType ?? 'image/png',
              sha256: `${file.sha256.slice(0, 24)}-${thumb.id}`,
              createdAt: thumb.updatedAt,
            }
          : file;
        return serveStoredFile(request, reply, served, { disposition: 'inline', maxAgeSeconds: 3600 });
      }
      if (!thumb) await app.previews.enqueueFor(file.id);
      return reply
        .status(200)
        .header('content-type', 'image/png')
        .header('cache-control', 'no-cache')
        .header('x-thumbnail', 'placeholder')
        .send(placeholderPng(file.kind));
    },
    { session: 'handler', params: idParam },
  );
}
