import { createHash } from 'node:crypto';
import { MESSAGES, type PreviewInfo, type PreviewMedia, pathOf, routes } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { nowMs } from '../../lib/clock.ts';
import { registerRoute, type SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { canReadFile } from '../../lib/file-access.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { derivedName, idParam, storedFile } from '../files/readable.ts';
import { serveStoredFile } from '../files/serve.ts';
import { placeholderPng } from './placeholder.ts';
import { canMake, type DerivativeMeta, mediaContentType, type Variant } from './producers.ts';

/** Browsers play these as they are, while the renditions are being made. */
const DIRECTLY_PLAYABLE = new Set(['mp4', 'm4v', 'webm', 'mp3', 'm4a', 'wav', 'ogg', 'oga']);
/** The derivatives served by name under a signed prefix. */
const MEDIA_VARIANTS = new Set(['hls', 'sample', 'pages']);

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

  /** A video's or audio's renditions (the whole, or the sample) as the player needs them. */
  const mediaOf = async (
    file: { id: string; ownerId: number },
    variant: 'hls' | 'sample',
    user: SessionUser | null,
  ): Promise<PreviewMedia> => {
    let row = await app.prisma.fileDerivative.findUnique({ where: { fileId_variant: { fileId: file.id, variant } } });
    if (!row && app.previews.canMake(variant)) {
      // A file stored before the media pipeline existed: made on first view.
      await app.previews.enqueue(file.id, variant);
      row = await app.prisma.fileDerivative.findUnique({ where: { fileId_variant: { fileId: file.id, variant } } });
    }
    const state = (row?.status ?? 'unavailable') as PreviewMedia['state'];
    const meta = (row?.meta ?? {}) as DerivativeMeta;
    const ready = state === 'ready' && row?.storageKey;
    const base = ready ? app.fileUrls.mediaBase(file.id, variant, MEDIA_TTL) : '';
    const mayRetry = !!user && (user.id === file.ownerId || user.isAdmin);
    return {
      state,
      progress: state === 'running' ? (row?.progress ?? 0) : state === 'pending' ? 0 : null,
      error:
        state === 'failed' ? (row?.error ?? null) : state === 'unavailable' ? MESSAGES.preview.mediaUnavailable : null,
      hlsUrl: ready && meta.master ? base + meta.master : null,
      mp4Url: ready && meta.fallback ? base + meta.fallback : null,
      posterUrl: ready && meta.poster ? base + meta.poster : null,
      durationSeconds: meta.durationSeconds ?? null,
      sampleSeconds: variant === 'sample' ? (meta.sampleSeconds ?? config.PREVIEW_SAMPLE_SECONDS) : null,
      canRetry: mayRetry && (state === 'failed' || (state === 'unavailable' && app.previews.canMake(variant))),
    };
  };

  /** A paid document's sample: its first pages as watermarked images, or why there are none (yet). */
  const pagesOf = async (file: { id: string }): Promise<Pick<PreviewInfo, 'mode' | 'msg' | 'pages'>> => {
    const row = await app.prisma.fileDerivative.findUnique({
      where: { fileId_variant: { fileId: file.id, variant: 'pages' } },
    });
    const meta = (row?.meta ?? {}) as DerivativeMeta;
    if (row?.status === 'ready' && row.storageKey && meta.images?.length) {
      const base = app.fileUrls.mediaBase(file.id, 'pages', DOCUMENT_TTL);
      return {
        mode: 'pages',
        msg: null,
        pages: { pageCount: meta.pageCount ?? null, images: meta.images.map((name) => base + name) },
      };
    }
    if (row?.status === 'pending' || row?.status === 'running') {
      return { mode: 'converting', msg: MESSAGES.preview.converting, pages: null };
    }
    return { mode: 'locked', msg: MESSAGES.preview.locked, pages: null };
  };

  registerRoute(app, routes.onlinePreview, async ({ request, user, query }): Promise<PreviewInfo> => {
    const file = await storedFile(app, query.fileId);
    const whole = await canReadFile(app, user, file);
    // A paid resource's visitors who have not bought it see a sample: the first seconds, the first pages.
    if (!whole && !(await canReadFile(app, user, file, 'sample'))) {
      throw new AppError(user ? 'FORBIDDEN' : 'UNAUTHORIZED');
    }
    const family = familyOf(file.extension);
    const base = {
      fileId: file.id,
      fileName: file.originalName,
      fileType: file.extension,
      thumbnailUrl: pathOf(routes.fileThumbnail, { id: file.id }),
      sample: !whole,
      media: null,
      pages: null,
    };
    const direct = (mode: PreviewInfo['mode'], ttlSeconds = DOCUMENT_TTL): PreviewInfo => ({
      ...base,
      mode,
      url: app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds }),
      msg: null,
    });
    const unavailable = (msg: string): PreviewInfo => ({ ...base, mode: 'unavailable', url: null, msg });

    if (file.kind === 'video' || file.kind === 'audio') {
      const media = await mediaOf(file, whole ? 'hls' : 'sample', user);
      // Until the renditions are ready, a browser plays the original if it can.
      const playable = whole && media.state !== 'ready' && DIRECTLY_PLAYABLE.has(file.extension);
      return {
        ...base,
        mode: file.kind,
        url: playable ? app.fileUrls.url(file.id, { disposition: 'inline', ttlSeconds: MEDIA_TTL }) : null,
        msg: null,
        media,
      };
    }
    if (!whole) {
      if (family === 'pdf' || (family && isOfficeFamily(family)))
        return { ...base, url: null, ...(await pagesOf(file)) };
      return { ...base, mode: 'locked', url: null, msg: MESSAGES.preview.locked };
    }
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
    if (!canMake(app.previews.tools, 'preview')) return unavailable(MESSAGES.preview.unavailable);
    if (Number(file.size) > config.PREVIEW_MAX_BYTES) return unavailable(MESSAGES.preview.tooLarge);
    if (derivative?.status === 'failed') return unavailable(MESSAGES.preview.failed);
    // Converted at upload; a file stored before that (or whose converter was missing then) is queued now.
    if (!derivative || derivative.status === 'unavailable') {
      await app.previews.enqueue(file.id, 'preview', { again: !!derivative });
    } else if (derivative.status === 'pending') {
      await app.previews.promote(file.id, 'preview');
    }
    return { ...base, mode: 'converting', url: null, msg: MESSAGES.preview.converting };
  });

  registerRoute(app, routes.retryMediaProcessing, async ({ user, body }) => {
    const file = await storedFile(app, body.fileId);
    if (!(user.id === file.ownerId || user.isAdmin)) throw new AppError('FORBIDDEN', MESSAGES.preview.retryNotAllowed);
    const rows = await app.prisma.fileDerivative.findMany({
      where: { fileId: file.id, status: { in: ['failed', 'unavailable'] } },
      select: { variant: true },
    });
    const again = rows.map((r) => r.variant as Variant).filter((variant) => app.previews.canMake(variant));
    if (again.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.preview.retryNotNeeded);
    for (const variant of again) await app.previews.enqueue(file.id, variant, { again: true });
    return null;
  });

  // The signature in the path authorises every object of one derivative (playlists name their segments relatively).
  registerRoute(
    app,
    routes.fileMedia,
    async ({ request, reply, params }) => {
      const { id, variant, sig } = params;
      const name = (params as { '*'?: string })['*'] ?? '';
      const exp = Number(params.exp);
      const verdict = Number.isSafeInteger(exp) ? app.fileUrls.verifyMedia(id, variant, exp, sig) : 'invalid';
      if (verdict !== 'ok') throw new AppError('FORBIDDEN', MESSAGES.file.linkExpired);
      const row = MEDIA_VARIANTS.has(variant)
        ? await app.prisma.fileDerivative.findUnique({ where: { fileId_variant: { fileId: id, variant } } })
        : null;
      const size = (row?.meta as DerivativeMeta | null)?.files?.[name];
      if (row?.status !== 'ready' || !row.storageKey || size === undefined) {
        throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
      }
      const key = `${row.storageKey}/${name}`;
      return serveStoredFile(
        request,
        reply,
        {
          storageKey: key,
          originalName: name.split('/').pop() ?? name,
          size: BigInt(size),
          mimeType: mediaContentType(name),
          sha256: createHash('sha256').update(key).digest('hex'),
          createdAt: row.updatedAt,
        },
        // Objects under a derivative's prefix never change (a re-run writes a new prefix).
        {
          disposition: 'inline',
          maxAgeSeconds: Math.max(0, Math.min(3600, exp - Math.floor(nowMs(app.clock) / 1000))),
        },
      );
    },
    {
      session: 'none',
      params: z.object({
        id: z.string().max(64),
        variant: z.string().max(16),
        exp: z.string().max(16),
        sig: z.string().max(128),
        '*': z.string().max(200),
      }),
    },
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
