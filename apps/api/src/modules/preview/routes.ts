import { MESSAGES, type PreviewInfo, routes } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { readableFile, thumbnailPath } from '../files/routes.ts';

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
      thumbnailUrl: thumbnailPath(file.id),
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
}
