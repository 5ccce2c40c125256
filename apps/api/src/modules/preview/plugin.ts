import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { PreviewQueue } from './queue.ts';
import { detectTools } from './tools.ts';

declare module 'fastify' {
  interface FastifyInstance {
    previews: PreviewQueue;
  }
}

/**
 * The preview and thumbnail queue (`app.previews`): which converters this machine has, and, when PREVIEW_WORKER is
 * on, the background worker that runs them. Features that store files enqueue through `app.previews`.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const tools = await detectTools(config);
    const previews = new PreviewQueue(app.prisma, app.storage, config, tools, app.log);
    app.decorate('previews', previews);
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
    });
    app.addHook('onClose', async () => {
      await previews.stop();
    });
  },
  { name: 'preview', dependencies: ['files'] },
);
