import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import type { CaptchaAnswer } from './captcha.ts';

/**
 * Whether the server holds a live session for this browser: true/false, or null when the answer is not usable
 * (a non-zero code). Request errors reject.
 */
export const getAlreadyLogin = async (): Promise<boolean | null> => {
  const res = await api(routes.alreadyLogin);
  return res.code === 0 ? Boolean(res.data) : null;
};

export type LoginResult = { ok: true; memberId: string } | { ok: false; msg: string };

/** POST /api/newLogin with the already encrypted password; a refusal carries the server's Chinese msg. */
export const postLogin = async (body: {
  username: string;
  password: string;
  verifyImageResult: CaptchaAnswer;
}): Promise<LoginResult> => {
  const res = await api(routes.newLogin, { body });
  if (res.code === 0 && res.success) return { ok: true, memberId: res.data };
  return { ok: false, msg: res.msg || '登录失败，请稍后重试' };
};

/** Ends the server session; true when the server confirmed it (code 0). */
export const postLogout = async (): Promise<boolean> => (await api(routes.logout)).code === 0;
