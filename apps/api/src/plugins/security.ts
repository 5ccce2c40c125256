import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { ERRORS } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { type AddressAllowance, createAddressAllowance } from '../lib/address-allowance.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many clients a request's address stands for in limits kept per address (a school's network: more). */
    addressAllowance: AddressAllowance;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const HELMET_OPTIONS: HelmetOptions = {
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
};

type HeaderStep = { set: string; value: string | number | readonly string[] } | { remove: string };

/**
 * What helmet's middleware does to a response with these options, recorded once on a stand-in response. The
 * options are constants (no per-request directives or nonces), so every response gets the same steps; building
 * the middleware per request, as @fastify/helmet does, cost about a tenth of a cached page's CPU.
 */
const recordHelmet = (options: HelmetOptions): HeaderStep[] => {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push({ set: name, value }),
    removeHeader: (name: string) => steps.push({ remove: name }),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return steps;
};

/**
 * Security headers (helmet's, set on the raw response as helmet does, so a route's own header of the same name
 * still wins), the Origin check on state-changing requests (the session cookie is SameSite=Lax; this
 * closes the rest), and the rate-limit plugin, off by default: each feature sets its own limits per route. The
 * assembly passes the store that keeps the counters (shared by the instances; in memory when none is given).
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; rateLimitStore?: RateLimitPluginOptions['store'] }) => {
    app.decorate('addressAllowance', createAddressAllowance(opts.config));
    const headerSteps = recordHelmet(HELMET_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (const step of headerSteps) {
        if ('set' in step) res.setHeader(step.set, step.value);
        else res.removeHeader(step.remove);
      }
      done();
    });

    if (opts.config.RATE_LIMITS) {
      await app.register(rateLimit, {
        global: false,
        ...(opts.rateLimitStore ? { store: opts.rateLimitStore } : {}),
        errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      });
    }

    const allowed = new Set(opts.config.ALLOWED_ORIGINS);
    // A callback hook, not an async one: it runs on every request and most return at once.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING.has(request.method)) return done();
      const origin = request.headers.origin;
      if (!origin) return done(); // not a browser cross-site request (browsers always send Origin on these)
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return done(new AppError('ORIGIN_REJECTED'));
      }
      if (originHost === request.headers.host || allowed.has(origin)) return done();
      request.log.warn({ origin }, 'rejected cross-origin request');
      done(new AppError('ORIGIN_REJECTED', ERRORS.ORIGIN_REJECTED.msg));
    });
  },
  { name: 'security' },
);
