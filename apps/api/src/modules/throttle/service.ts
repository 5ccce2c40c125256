import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Tx } from '../../lib/transaction.ts';

export interface ThrottleRule {
  /** Failures within the window that trigger a lockout. */
  limit: number;
  windowMs: number;
  lockMs: number;
}

/** A rule kept per client address, for an address that stands for `clients` clients (a school's network). */
export const forClients = (rule: ThrottleRule, clients: number): ThrottleRule => ({
  ...rule,
  limit: rule.limit * clients,
});

/**
 * Failure counters with lockouts, shared by every api instance through Postgres (login per account and per IP,
 * captcha misses per client). Counting is one atomic upsert, so concurrent failures are never lost.
 */
export const createThrottle = (prisma: PrismaClient | Tx, clock: Clock = systemClock) => ({
  /** The time until which the key is locked, or null. */
  lockedUntil: async (key: string): Promise<Date | null> => {
    const row = await prisma.loginThrottle.findUnique({ where: { key } });
    return row?.lockedUntil && row.lockedUntil > clock.now() ? row.lockedUntil : null;
  },

  /** Counts a failure; returns true when this failure triggered a lockout. */
  fail: async (key: string, rule: ThrottleRule): Promise<boolean> => {
    const windowSeconds = rule.windowMs / 1000;
    const now = clock.now();
    const rows = await prisma.$queryRaw<{ failures: number }[]>`
      INSERT INTO login_throttles (key, failures, window_start) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_start < ${now}::timestamptz - make_interval(secs => ${windowSeconds})
                        THEN 1 ELSE login_throttles.failures + 1 END,
        window_start = CASE WHEN login_throttles.window_start < ${now}::timestamptz - make_interval(secs => ${windowSeconds})
                            THEN ${now} ELSE login_throttles.window_start END
      RETURNING failures`;
    if ((rows[0]?.failures ?? 0) < rule.limit) return false;
    await prisma.$executeRaw`
      UPDATE login_throttles SET failures = 0, window_start = ${now},
        locked_until = ${now}::timestamptz + make_interval(secs => ${rule.lockMs / 1000})
      WHERE key = ${key}`;
    return true;
  },

  /** Forgets the key's failures and lock; answers whether there was anything to forget. */
  reset: async (key: string) => (await prisma.loginThrottle.deleteMany({ where: { key } })).count > 0,
});

export type Throttle = ReturnType<typeof createThrottle>;
