import { encryptPassword, routes } from '@zyk/shared';
import type { TestApp } from './app.ts';
import { dropEvidence } from './captcha.ts';

export const DEMO_PASSWORD = 'Teacher@2026';
export const TRANSPORT_KEY = 'ziyuanku-transport-2026';

/**
 * Solves a real slider puzzle the way a person would end up doing: fetch it, drag the piece to where the hole is.
 * The hole's position is read from the server's own record of the puzzle (no bypass switch exists).
 */
export const solveCaptcha = async (t: TestApp, call: ReturnType<TestApp['client']>['call']) => {
  const puzzle = await call(routes.getImgSwipe);
  const serial = puzzle.data.captchaSerialNumber;
  const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  const verified = await call(routes.rstImgSwipe, {
    body: { captchaSerialNumber: serial, moveEnd_X: x, wbili: 1, ...dropEvidence(serial, x) },
  });
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

type Client = { call: ReturnType<TestApp['client']>['call'] };

/** Sets the client's pay password (from the demo login password), as the account page does. */
export const setPayPassword = async (client: Client, payPassword: string) => {
  const res = await client.call(routes.verifyAccountChangePassword, {
    body: {
      loginPassword: encryptPassword(DEMO_PASSWORD, TRANSPORT_KEY),
      payPassword: encryptPassword(payPassword, TRANSPORT_KEY),
    },
  });
  if (res.code !== 0) throw new Error(`pay password not set: ${res.msg}`);
};

/** A pay token from `password/check`, as every balance payment and withdrawal needs. */
export const payTokenOf = async (client: Client, payPassword: string) => {
  const res = await client.call(routes.payPasswordCheck, {
    body: { password: encryptPassword(payPassword, TRANSPORT_KEY) },
  });
  if (res.code !== 0) throw new Error(`pay password check failed: ${res.msg}`);
  return res.data.payToken;
};
