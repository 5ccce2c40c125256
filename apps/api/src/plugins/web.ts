import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HOME_ENTRY_PATHS } from '@zyk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './errors.ts';

const API_PREFIXES = ['/api/', '/es/', '/docs', '/healthz', '/readyz', '/metrics'];

/** The home page's paths get home.html (its frame prerendered, apps/web/prerender.mjs) when the build has it. */
const pageFor = (request: FastifyRequest, hasHomePage: boolean) =>
  hasHomePage && HOME_ENTRY_PATHS.includes(request.url.split('?', 1)[0] ?? '') ? 'home.html' : 'index.html';

const sendPage = (request: FastifyRequest, reply: FastifyReply, webDir: string, hasHomePage: boolean) =>
  reply.header('cache-control', 'no-cache').sendFile(pageFor(request, hasHomePage), webDir);

/**
 * Serves the built web app on the api's port. Unknown api paths answer 404 in the envelope; any other GET
 * falls back to index.html so the client router handles it (its own 404 page included).
 */
export default fp(
  async (app: FastifyInstance, opts: { webDir: string | null }) => {
    const webDir = opts.webDir && existsSync(path.join(opts.webDir, 'index.html')) ? opts.webDir : null;
    const hasHomePage = webDir !== null && existsSync(path.join(webDir, 'home.html'));
    if (webDir) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: true,
        index: false,
        // The web build ships .br/.gz copies of its assets (apps/web/compress.mjs).
        preCompressed: true,
        // Cache headers are ours (setHeaders): hashed assets forever, everything else re-checked.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Vite's hashed assets never change; index.html must always be re-checked.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The root is a folder to @fastify/static (which answers 403 without an index): serve the app itself.
      app.get('/', (request, reply) => sendPage(request, reply, webDir, hasHomePage));
    } else if (opts.webDir) {
      app.log.warn('web build not found: only the api is served (run the build first)');
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
      if (!webDir || isApi || request.method !== 'GET') return sendRouteNotFound(reply);
      return sendPage(request, reply, webDir, hasHomePage);
    });
  },
  { name: 'web' },
);
