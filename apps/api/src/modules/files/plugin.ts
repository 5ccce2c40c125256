import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { FileAccessRule } from '../../lib/file-access.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { PreviewQueue } from '../preview/queue.ts';
import { detectTools } from '../preview/tools.ts';
import storagePlugin from '../storage/plugin.ts';
import { ChunkedUploads } from '../uploads/chunked.ts';
import { FileUrlSigner, type SignedUrlOptions } from './signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrlSigner;
    previews: PreviewQueue;
    chunkedUploads: ChunkedUploads;
  }
}

/** How often an api instance sweeps expired uploads on its own (`pnpm admin sweep-uploads` does it on demand). */
const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * Files as a service for every feature: `app.storage`, signed file URLs (`app.fileUrls`), the preview/thumbnail
 * queue (`app.previews`) and chunked uploads (`app.chunkedUploads`). Routes live in the uploads, files and preview
 * modules.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; fileUrlSecret: Buffer }) => {
    const { config } = opts;
    await app.register(storagePlugin, { config });
    if (!app.hasDecorator('fileAccessRules')) app.decorate('fileAccessRules', [] as FileAccessRule[]);
    app.decorate('fileUrls', new FileUrlSigner(opts.fileUrlSecret));

    const tools = await detectTools(config);
    const previews = new PreviewQueue(app.prisma, app.storage, config, tools, app.log);
    app.decorate('previews', previews);
    app.decorate(
      'chunkedUploads',
      new ChunkedUploads(
        app.prisma,
        app.storage,
        config,
        app.log,
        (fileId) => previews.enqueueFor(fileId),
        (query) => hotRows(app.pg, query),
      ),
    );

    let sweepTimer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      app.log.info(
        {
          soffice: tools.soffice,
          ffmpeg: tools.ffmpeg,
          pdftoppm: tools.pdftoppm,
          isolated: tools.noNetwork.length > 0,
        },
        'preview tools',
      );
      if (config.PREVIEW_WORKER) {
        await previews.requeueUnavailable().catch(() => 0);
        previews.start();
      }
      sweepTimer = setInterval(() => {
        app.chunkedUploads.sweep().catch((error) => app.log.warn({ err: error }, 'upload sweep failed'));
      }, SWEEP_EVERY_MS);
      sweepTimer.unref();
    });
    app.addHook('onClose', async () => {
      if (sweepTimer) clearInterval(sweepTimer);
      await previews.stop();
    });
  },
  { name: 'files', dependencies: ['prisma'] },
);

/** A short-lived URL for a stored file's bytes; decide with canReadFile first (signing.ts). */
export const createSignedFileUrl = (app: FastifyInstance, fileId: string, options: SignedUrlOptions = {}) =>
  app.fileUrls.url(fileId, options);
