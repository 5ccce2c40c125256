import { MESSAGES, pathOf, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { nowMs } from '../../lib/clock.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { findFileVariant } from './plugin.ts';
import { derivedName, idParam, readableFile, storedFile } from './readable.ts';
import { serveStoredFile } from './serve.ts';
import { toStoredFileView } from './view.ts';

export default async function fileRoutes(app: FastifyInstance) {
  registerRoute(app, routes.fileInfo, async ({ params, user }) => {
    const file = await readableFile(app, user, params.id);
    return {
      ...toStoredFileView(file),
      url: app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds: 3600 }),
      downloadUrl: app.fileUrls.url(file.id, { disposition: 'attachment', ttlSeconds: 3600 }),
      thumbnailUrl: pathOf(routes.fileThumbnail, { id: file.id }),
    };
  });

  // The signature alone authorises the bytes: no session lookup (range requests of a playing video are many).
  registerRoute(
    app,
    routes.fileContent,
    async ({ request, reply, params: { id }, query: q }) => {
      const verdict = app.fileUrls.verify(id, { v: q.v, exp: q.exp, dl: q.dl, sig: q.sig });
      if (verdict !== 'ok') throw new AppError('FORBIDDEN', MESSAGES.file.linkExpired);
      const file = await storedFile(app, id);
      const disposition = q.dl === '1' ? 'attachment' : 'inline';
      const maxAgeSeconds = Math.max(0, Math.min(3600, q.exp - Math.floor(nowMs(app.clock) / 1000)));
      if (!q.v) return serveStoredFile(request, reply, file, { disposition, maxAgeSeconds });
      const derivative = await findFileVariant(app, id, q.v);
      if (!derivative) throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
      if (!derivative.storageKey) return serveStoredFile(request, reply, file, { disposition, maxAgeSeconds });
      return serveStoredFile(
        request,
        reply,
        {
          storageKey: derivative.storageKey,
          originalName: derivedName(file.originalName, derivative.extension),
          size: derivative.size,
          mimeType: derivative.mimeType,
          sha256: `${file.sha256.slice(0, 24)}-${derivative.id}`,
          createdAt: derivative.updatedAt,
        },
        { disposition, maxAgeSeconds },
      );
    },
    { session: 'none', params: idParam },
  );
}
