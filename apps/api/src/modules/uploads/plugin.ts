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

/**
 * Chunked uploads (`app.chunkedUploads`); a finished file goes to the previews. Expired uploads are swept by a job
 * every 15 minutes (jobs/tasks.ts), or on demand with `pnpm admin sweep-uploads`.
 */
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
        (bytes) => app.metrics.uploadedBytes.inc({ kind: 'chunk' }, bytes),
      ),
    );
  },
  { name: 'uploads', dependencies: ['files', 'preview', 'metrics'] },
);
