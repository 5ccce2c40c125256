import { MESSAGES, type PreviewInfo, pathOf, routes } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { canReadFile } from '../../lib/file-access.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { derivedName, idParam, readableFile, storedFile } from '../files/readable.ts';
import { serveStoredFile } from '../files/serve.ts';
import { placeholderPng } from './placeholder.ts';

/** Signed URLs for playback outlive a long lesson; documents get shorter ones. */
const MEDIA_TTL = 6 * 3600;
const DOCUMENT_TTL = 30 * 60;

const origin = (config: Config, request: FastifyRequest) =>
  (config.PUBLIC_BASE_URL || `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/**
 * The spec's onlinePreview: what to show for a file and where its bytes are. Who may preview is decided by
 * canReadFile (owner, administrator, or a feature's rule such as "published free resource").
 */
export default async function previewRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;

  registerRoute(app, routes.onlinePreview, async ({ request, user, query }): Promise<PreviewInfo> => {
    const file = await readableFile(app, user, query.fileId);
    const family = familyOf(file.extension);
    const base = {
      fileId: file.id,
      fileName: file.originalName,
      fileType: file.extension,
      thumbnailUrl: pathOf(routes.fileThumbnail, { id: file.id }),
    };
    const direct = (mode: PreviewInfo['mode'], ttlSeconds = DOCUMENT_TTL): PreviewInfo => ({
      ...base,
      mode,
      url: app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds }),
      msg: null,
    });
    const unavailable = (msg: string): PreviewInfo => ({ ...base, mode: 'unavailable', url: null, msg });

    if (file.kind === 'video') return direct('video', MEDIA_TTL);
    if (file.kind === 'audio') return direct('audio', MEDIA_TTL);
    if (file.kind === 'image') return direct('image');
    if (family === 'pdf') return direct('pdf');
    if (family === 'text') return direct('text');
    if (!family || !isOfficeFamily(family)) return unavailable(MESSAGES.preview.notSupported);

    if (config.PREVIEW_HOST) {
      // kkFileView style: ?url=<base64 of a file URL the preview server can fetch>; fullfilename names the type.
      const signed = app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds: DOCUMENT_TTL });
      const fileUrl = `${origin(config, request)}${signed}&fullfilename=${encodeURIComponent(file.originalName)}`;
      const host = config.PREVIEW_HOST.replace(/\/+$/, '');
      return {
        ...base,
        mode: 'external',
        url: `${host}/onlinePreview?url=${encodeURIComponent(Buffer.from(fileUrl).toString('base64'))}`,
        msg: null,
      };
    }

    const derivative = await app.prisma.fileDerivative.findUnique({
      where: { fileId_variant: { fileId: file.id, variant: 'preview' } },
    });
    if (derivative?.status === 'ready') {
      return {
        ...base,
        mode: 'pdf',
        url: app.fileUrls.url(file.id, { variant: 'preview', disposition: 'inline', ttlSeconds: DOCUMENT_TTL }),
        msg: null,
      };
    }
    if (!app.previews.tools.soffice) return unavailable(MESSAGES.preview.unavailable);
    if (Number(file.size) > config.PREVIEW_MAX_BYTES) return unavailable(MESSAGES.preview.tooLarge);
    if (derivative?.status === 'failed') return unavailable(MESSAGES.preview.failed);
    if (!derivative) await app.previews.enqueue(file.id, 'preview');
    else if (derivative.status === 'unavailable') {
      await app.prisma.fileDerivative.update({
        where: { id: derivative.id },
        data: { status: 'pending', attempts: 0, error: null },
      });
      app.previews.wake();
    }
    return { ...base, mode: 'converting', url: null, msg: MESSAGES.preview.converting };
  });

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
