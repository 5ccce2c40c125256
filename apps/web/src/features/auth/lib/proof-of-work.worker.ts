/// <reference lib="webworker" />
import { sha256 } from '@noble/hashes/sha2.js';
// The rule alone, not the whole contract (zod and its locale) in the worker's bundle.
import { leadingZeroBits, proofInput } from '@zyk/shared/captcha-proof';

/**
 * Finds the slider puzzle's proofs of work off the main thread, so the drag stays smooth while it runs: one nonce per
 * target, smallest first. A pure JavaScript hash: WebCrypto exists only on HTTPS, and districts also serve the site
 * over plain HTTP on their LAN.
 */
const encoder = new TextEncoder();

self.onmessage = (event: MessageEvent<{ serial: string; targets: number[] }>) => {
  const { serial } = event.data;
  const targets = [...event.data.targets].sort((a, b) => a - b);
  for (let nonce = 0; targets.length > 0; nonce++) {
    const bits = leadingZeroBits(sha256(encoder.encode(proofInput(serial, String(nonce)))));
    while (targets.length > 0 && bits >= targets[0]!)
      self.postMessage({ bits: targets.shift()!, nonce: String(nonce) });
  }
};
