import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ERRORS } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, the Origin check on state-changing requests (the session cookie is SameSite=Lax; this
 * closes the rest), and the rate-limit plugin, off by default: each feature sets its own limits per route.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // antd (cssinjs) writes <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });

    if (opts.config.RATE_LIMITS) {
      await app.register(rateLimit, {
        global: false,
        errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      });
    }

    const allowed = new Set(opts.config.ALLOWED_ORIGINS);
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const origin = request.headers.origin;
      if (!origin) return; // not a browser cross-site request (browsers always send Origin on these)
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw new AppError('ORIGIN_REJECTED');
      }
      if (originHost === request.headers.host || allowed.has(origin)) return;
      request.log.warn({ origin }, 'rejected cross-origin request');
      throw new AppError('ORIGIN_REJECTED', ERRORS.ORIGIN_REJECTED.msg);
    });
  },
  { name: 'security' },
);
