import { decryptPassword, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type AddressAllowance, ONE_CLIENT_PER_ADDRESS } from '../../lib/address-allowance.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { CaptchaService } from '../captcha/service.ts';
import { createThrottle, forClients, type ThrottleRule } from '../throttle/service.ts';
import { recordLogin } from './security.ts';
import { findUserByIdentifier } from './users.ts';

/** 5 wrong passwords on one account within 15 minutes lock it for 15 minutes; 20 from one address lock the address. */
export const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const IP_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export const accountKey = (userId: number) => `account:${userId}`;
const ipKey = (ip: string) => `ip:${ip}`;

export interface LoginInput {
  username: string;
  password: string;
  verifyImageResult: { captchaSerialNumber: string; moveEnd_X: number; wbili: number };
}

export const createAuthService = (
  prisma: PrismaClient,
  captcha: CaptchaService,
  transportKey: string,
  clock: Clock = systemClock,
  allowance: AddressAllowance = ONE_CLIENT_PER_ADDRESS,
) => {
  const throttle = createThrottle(prisma, clock);
  // Unknown accounts still cost one argon2 verification, so timing does not tell which accounts exist.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hashPassword('no-such-account-timing-guard');
    return dummyHash;
  };

  return {
    /**
     * Checks captcha, throttles and credentials; returns the user id and member id of a successful login. Every
     * attempt on an existing account goes into its login history.
     */
    login: async (input: LoginInput, ip: string, userAgent?: string) => {
      const { captchaSerialNumber, moveEnd_X, wbili } = input.verifyImageResult;
      if (!(await captcha.consume(captchaSerialNumber, moveEnd_X, wbili))) {
        throw new AppError('BAD_REQUEST', MESSAGES.login.captchaInvalid);
      }
      if (await throttle.lockedUntil(ipKey(ip))) throw new AppError('RATE_LIMITED', MESSAGES.login.locked);

      const user = await findUserByIdentifier(prisma, input.username);
      if (user && (await throttle.lockedUntil(accountKey(user.id)))) {
        await recordLogin(prisma, user.id, { ip, userAgent, failure: 'LOCKED' });
        throw new AppError('RATE_LIMITED', MESSAGES.login.locked);
      }
      const plain = decryptPassword(input.password, transportKey);
      const ok = plain !== null && (await verifyPassword(user?.passwordHash ?? (await dummy()), plain));
      if (!user || !ok) {
        await throttle.fail(ipKey(ip), forClients(IP_RULE, allowance(ip)));
        if (user) {
          await throttle.fail(accountKey(user.id), ACCOUNT_RULE);
          await recordLogin(prisma, user.id, { ip, userAgent, failure: 'BAD_PASSWORD' });
        }
        throw new AppError('UNAUTHORIZED', MESSAGES.login.badCredentials);
      }
      // The password was right: say why this account cannot log in (registration waiting, refused, or disabled).
      if (user.status === 'PENDING') throw new AppError('FORBIDDEN', MESSAGES.registration.pendingLogin);
      if (user.status === 'REJECTED') throw new AppError('FORBIDDEN', MESSAGES.registration.rejectedLogin);
      if (user.status !== 'ACTIVE') {
        await recordLogin(prisma, user.id, { ip, userAgent, failure: 'DISABLED' });
        throw new AppError('FORBIDDEN', MESSAGES.login.accountDisabled);
      }
      await throttle.reset(accountKey(user.id));
      await recordLogin(prisma, user.id, { ip, userAgent });
      return { userId: user.id, memberId: user.memberId };
    },
  };
};
