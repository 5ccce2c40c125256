import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts against the caller's cap of requests in flight (set by registerRoute). */
    inFlight?: boolean;
  }
}

/** Session tokens remembered as valid; the oldest is forgotten first (its requests then count by address). */
const KNOWN_SESSIONS = 50_000;

/**
 * Caps the api requests one caller has in flight, so that one session (a script, a runaway tab) cannot fill the
 * database pool's queue and make everyone else's queries wait: over the cap the answer is 429 at once, before any
 * work. The caller is its session when this process has seen the session's token resolve to a user; otherwise
 * (visitors, a first request, a made-up cookie) its client address, under a larger cap since a school's visitors
 * may share one address. A request counts from onRequest until its response closes: sent, failed or cut off.
 * Per process; off with RATE_LIMITS=false, like the per-route limits.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    if (!config.RATE_LIMITS) return;
    const perSession = config.MAX_IN_FLIGHT_PER_SESSION;
    const perAddress = config.MAX_IN_FLIGHT_PER_ADDRESS;
    const inFlight = new Map<string, number>();
    // A made-up token is not a session of its own: only tokens seen valid get the session's cap.
    const known = new Map<string, true>();
    const remember = (token: string) => {
      known.delete(token);
      known.set(token, true);
      if (known.size > KNOWN_SESSIONS) known.delete(known.keys().next().value!);
    };

    // A callback hook, not an async one: it runs on every request.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.inFlight !== true) return done();
      const token = request.cookies[SESSION_COOKIE];
      const bySession = token !== undefined && known.has(token);
      const cap = bySession ? perSession : perAddress * app.addressAllowance(request.ip);
      if (cap === 0) return done();
      const key = bySession ? `s ${token}` : `a ${request.ip}`;
      const count = inFlight.get(key) ?? 0;
      if (count >= cap) {
        reply.header('retry-after', '1');
        return done(new AppError('RATE_LIMITED'));
      }
      inFlight.set(key, count + 1);
      // 'close' comes once per response whatever its end: finished, failed, or its connection cut.
      reply.raw.once('close', () => {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
        if (token !== undefined && request.user) remember(token);
      });
      done();
    });
  },
  { name: 'in-flight', dependencies: ['errors', '@fastify/cookie'] },
);
