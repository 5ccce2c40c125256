import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@zyk/shared';
import { type Clock, nowMs, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

const TTL_MS = 5 * 60_000;

/**
 * After `password/check` accepts the pay password it hands out a pay token: an HMAC over the user and an expiry,
 * good for five minutes, so the password itself never travels in a payment's query string (balance/pay is a GET
 * in the spec) and is not asked again for each step of one checkout.
 */
export class PayTokens {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock = systemClock,
  ) {}

  private mac(body: string) {
    return createHmac('sha256', this.secret).update(`pay-token\n${body}`).digest('base64url');
  }

  issue(userId: number) {
    const body = `${userId}.${nowMs(this.clock) + TTL_MS}.${randomBytes(8).toString('base64url')}`;
    return { payToken: `${body}.${this.mac(body)}`, expiresInSeconds: TTL_MS / 1000 };
  }

  /** Throws the Chinese answer the buyer sees when the token is not theirs, forged or stale. */
  verify(userId: number, token: string) {
    const at = token.lastIndexOf('.');
    const body = token.slice(0, at);
    const given = Buffer.from(token.slice(at + 1));
    const expected = Buffer.from(this.mac(body));
    const [owner, expires] = body.split('.');
    if (at < 0 || given.length !== expected.length || !timingSafeEqual(given, expected) || Number(owner) !== userId) {
      throw new AppError('FORBIDDEN', MESSAGES.payment.tokenInvalid);
    }
    if (Number(expires) < nowMs(this.clock)) throw new AppError('FORBIDDEN', MESSAGES.payment.tokenExpired);
  }
}
