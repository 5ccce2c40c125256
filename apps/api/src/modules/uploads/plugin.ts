import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { ChunkedUploads } from './chunked.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chunkedUploads: ChunkedUploads;
  }
}

/** How often an api instance sweeps expired uploads on its own (`pnpm admin sweep-uploads` does it on demand). */
const SWEEP_EVERY_MS = 15 * 60_000;

/** Chunked uploads (`app.chunkedUploads`) and their sweep of expired uploads; a finished file goes to the previews. */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate(
      'chunkedUploads',
      new ChunkedUploads(
        app.prisma,
        app.storage,
        opts.config,
        app.log,
        (fileId) => app.previews.enqueueFor(fileId),
        (query) => hotRows(app.pg, query),
      ),
    );
    let sweepTimer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      sweepTimer = setInterval(() => {
        app.chunkedUploads.sweep().catch((error) => app.log.warn({ err: error }, 'upload sweep failed'));
      }, SWEEP_EVERY_MS);
      sweepTimer.unref();
    });
    app.addHook('onClose', async () => {
      if (sweepTimer) clearInterval(sweepTimer);
    });
  },
  { name: 'uploads', dependencies: ['files', 'preview'] },
);
