import { CAPTCHA_PROOF_BITS } from '@zyk/shared';

export type ProofKind = keyof typeof CAPTCHA_PROOF_BITS;

/**
 * The proofs of work for one puzzle (one for a drag, a larger one for the keyboard), searched in a worker from the
 * moment the puzzle arrives and awaited when the piece is dropped: by then a person's drag has usually outlasted the
 * search. `stop` ends it for a puzzle no longer shown.
 */
export const startProofs = (serial: string) => {
  const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
  const kinds = Object.keys(CAPTCHA_PROOF_BITS) as ProofKind[];
  const settle = new Map<number, { resolve: (nonce: string) => void; reject: (error: Error) => void }>();
  const proofs = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      new Promise<string>((resolve, reject) => settle.set(CAPTCHA_PROOF_BITS[kind], { resolve, reject })),
    ]),
  ) as Record<ProofKind, Promise<string>>;
  // Nobody may be waiting on the keyboard proof; an unhandled rejection would still be reported.
  for (const kind of kinds) proofs[kind].catch(() => undefined);
  worker.onmessage = (event: MessageEvent<{ bits: number; nonce: string }>) => {
    settle.get(event.data.bits)?.resolve(event.data.nonce);
    settle.delete(event.data.bits);
    if (settle.size === 0) worker.terminate();
  };
  worker.onerror = (event) => {
    for (const { reject } of settle.values()) reject(new Error(event.message));
    worker.terminate();
  };
  worker.postMessage({ serial, targets: Object.values(CAPTCHA_PROOF_BITS) });
  return { proof: (kind: ProofKind) => proofs[kind], stop: () => worker.terminate() };
};
