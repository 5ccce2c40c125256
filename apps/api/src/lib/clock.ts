/**
 * The time the app's deadlines are measured against: session and captcha expiry, signed-URL and pay-token
 * lifetimes, SMS codes, login and pay-password locks, order timeouts, coupon validity, settlement of income.
 * buildApp takes another (AppOptions.clock) for tests and simulations. Records of when something happened
 * (created_at, reviewed_at…) and the leases of background workers keep the database's and the process's time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds since the epoch by `clock`. */
export const nowMs = (clock: Clock) => clock.now().getTime();

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
