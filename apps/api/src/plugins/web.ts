import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './errors.ts';

const API_PREFIXES = ['/api/', '/es/', '/docs', '/healthz', '/readyz'];

/**
 * Serves the built web app on the api's port. Unknown api paths answer 404 in the envelope; any other GET
 * falls back to index.html so the client router handles it (its own 404 page included).
 */
export default fp(
  async (app: FastifyInstance, opts: { webDir: string | null }) => {
    const webDir = opts.webDir && existsSync(path.join(opts.webDir, 'index.html')) ? opts.webDir : null;
    if (webDir) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: true,
        index: false,
        setHeaders: (res, filePath) => {
          // Vite's hashed assets never change; index.html must always be re-checked.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn('web build not found: only the api is served (run the build first)');
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
      if (!webDir || isApi || request.method !== 'GET') return sendRouteNotFound(reply);
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDir);
    });
  },
  { name: 'web' },
);
