/**
 * The slider puzzle's proof of work: a nonce such that SHA-256 of `${serial}:${nonce}` starts with a number of zero
 * bits. The page finds it while the person looks at the puzzle, so a person does not wait; a client that tries
 * puzzles by the thousand pays for each one. Keyboard answers carry no drag to judge, so they pay more.
 */
export const CAPTCHA_PROOF_BITS = { drag: 14, keyboard: 16 } as const;

/** The text whose SHA-256 the proof is about. */
export const proofInput = (serial: string, nonce: string) => `${serial}:${nonce}`;

/** How many zero bits a digest starts with. */
export const leadingZeroBits = (digest: Uint8Array) => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};
