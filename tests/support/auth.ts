import { encryptPassword, routes } from '@zyk/shared';
import type { TestApp } from './app.ts';

export const DEMO_PASSWORD = 'Teacher@2026';
export const TRANSPORT_KEY = 'ziyuanku-transport-2026';

/**
 * Solves a real slider puzzle the way a person would end up doing: fetch it, drop the piece where the hole is.
 * The hole's position is read from the server's own record of the puzzle (no bypass switch exists).
 */
export const solveCaptcha = async (t: TestApp, call: ReturnType<TestApp['client']>['call']) => {
  const puzzle = await call(routes.getImgSwipe);
  const serial = puzzle.data.captchaSerialNumber;
  const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  const verified = await call(routes.rstImgSwipe, { body: { captchaSerialNumber: serial, moveEnd_X: x, wbili: 1 } });
  if (verified.data !== 1) throw new Error(`captcha not accepted: ${JSON.stringify(verified)}`);
  return { captchaSerialNumber: serial, moveEnd_X: x, wbili: 1 };
};

/** A client logged in as `username` (user name, phone or ID card) through the real login flow. */
export const loginAs = async (t: TestApp, username: string, password = DEMO_PASSWORD) => {
  const client = t.client();
  const verifyImageResult = await solveCaptcha(t, client.call);
  const res = await client.call(routes.newLogin, {
    body: { username, password: encryptPassword(password, TRANSPORT_KEY), verifyImageResult },
  });
  if (res.code !== 0) throw new Error(`login failed for ${username}: ${res.msg}`);
  return { ...client, memberId: res.data };
};
