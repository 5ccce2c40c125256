import { RequestError } from '@zyk/shared';

/**
 * One Idempotency-Key per intent (one click of 确认支付 or 确认提现): the same request sent again after it got no
 * answer (network down, timeout) reuses the key, so the server pays at most once; any other request, or the same
 * one after the server answered, gets a new key.
 */
export const createIntentKeys = () => {
  let last: { signature: string; key: string; answered: boolean } | null = null;
  return {
    keyFor(signature: string): string {
      if (last && last.signature === signature && !last.answered) return last.key;
      last = { signature, key: crypto.randomUUID(), answered: false };
      return last.key;
    },
    /** The outcome of the request that used the key: only a request that never got an answer may be retried. */
    settle(error: unknown) {
      if (last) last.answered = !(error instanceof RequestError);
    },
  };
};
