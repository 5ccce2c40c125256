import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { registerFileVariantSource } from '../files/plugin.ts';
import type { MediaConverters } from './producers.ts';
import { PreviewQueue } from './queue.ts';
import { describeTools, detectTools } from './tools.ts';

declare module 'fastify' {
  interface FastifyInstance {
    previews: PreviewQueue;
  }
}

/**
 * Previews, thumbnails and media renditions (`app.previews`): which converters this machine has and the job that
 * makes each derivative (run by the job queue's workers, jobs/tasks.ts). Features that store files enqueue through
 * `app.previews`.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; converters?: Partial<MediaConverters> }) => {
    const { config } = opts;
    const tools = await detectTools(config);
    const previews = new PreviewQueue(
      app.prisma,
      app.storage,
      config,
      tools,
      app.log,
      app.jobs,
      (variant, outcome, s) => app.metrics.mediaSeconds.observe({ variant, outcome }, s),
      opts.converters,
    );
    app.decorate('previews', previews);
    // Signed file URLs with `?v=preview` or `?v=thumbnail` serve what the jobs produced.
    registerFileVariantSource(app, async (fileId, variant) => {
      const derivative = await app.prisma.fileDerivative.findUnique({ where: { fileId_variant: { fileId, variant } } });
      if (derivative?.status !== 'ready') return null;
      return {
        id: derivative.id,
        storageKey: derivative.storageKey,
        size: derivative.size ?? 0n,
        mimeType: derivative.mimeType ?? 'application/octet-stream',
        extension: variant === 'preview' ? 'pdf' : (derivative.storageKey?.split('.').pop() ?? 'bin'),
        updatedAt: derivative.updatedAt,
      };
    });
    app.addHook('onReady', async () => {
      app.log.info(
        {
          soffice: tools.soffice,
          ffmpeg: tools.ffmpeg,
          ffprobe: tools.ffprobe,
          pdftoppm: tools.pdftoppm,
          builtinDocuments: tools.builtinDocuments,
          isolated: tools.noNetwork.length > 0,
        },
        describeTools(tools).join('；'),
      );
    });
  },
  { name: 'preview', dependencies: ['files', 'jobs', 'metrics'] },
);
