import { MESSAGES, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';

export interface Puzzle {
  srcImage: string;
  cutImage: string;
  yposition: number;
  captchaSerialNumber: string;
  width: number;
  height: number;
}

/** What the login sends once the puzzle is solved (verifyImageResult). */
export interface CaptchaAnswer {
  captchaSerialNumber: string;
  moveEnd_X: number;
  wbili: number;
}

/** A new puzzle. A refusal (e.g. too many misses) rejects with the server's message. */
export const getPuzzle = async (): Promise<Puzzle> => {
  const res = await api(routes.getImgSwipe);
  if (res.code !== 0) throw new Error(res.msg || MESSAGES.captcha.failed);
  return res.data;
};

/** 1 success; 0 failure, same puzzle; anything else failure needing a new puzzle. */
export type VerifyOutcome = { result: 'success' } | { result: 'retry' } | { result: 'renew'; msg: string };

/** How the handle got there: the drag as the page saw it ([x, y, ms]; none for the keyboard) and the proof of work. */
export interface DropEvidence {
  track?: [number, number, number][];
  nonce: string;
}

export const verifyPuzzle = async (answer: CaptchaAnswer, evidence: DropEvidence): Promise<VerifyOutcome> => {
  const res = await api(routes.rstImgSwipe, { body: { ...answer, ...evidence } });
  if (res.code === 0 && res.data === 1) return { result: 'success' };
  if (res.code === 0 && res.data === 0) return { result: 'retry' };
  return { result: 'renew', msg: res.code === 0 || !res.msg ? MESSAGES.captcha.failed : res.msg };
};
