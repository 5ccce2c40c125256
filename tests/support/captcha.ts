import { createHash, randomInt } from 'node:crypto';
import { CAPTCHA_PROOF_BITS, leadingZeroBits, proofInput } from '@zyk/shared';
import { PNG } from 'pngjs';

type Track = [number, number, number][];

/** The proof of work a page would find for a puzzle (a drag's, or the keyboard's larger one). */
export const proofFor = (serial: string, kind: keyof typeof CAPTCHA_PROOF_BITS = 'drag') => {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash('sha256')
      .update(proofInput(serial, String(nonce)))
      .digest();
    if (leadingZeroBits(digest) >= CAPTCHA_PROOF_BITS[kind]) return String(nonce);
  }
};

/** A proof enough for a drag and too small for a keyboard answer (to show the keyboard pays more). */
export const dragOnlyProof = (serial: string) => {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash('sha256')
      .update(proofInput(serial, String(nonce)))
      .digest();
    const bits = leadingZeroBits(digest);
    if (bits >= CAPTCHA_PROOF_BITS.drag && bits < CAPTCHA_PROOF_BITS.keyboard) return String(nonce);
  }
};

/** Smooth start and stop, as a hand moves: the fraction of the way covered at `f` of the time. */
export const easeInOut = (f: number) => (f < 0.5 ? 4 * f ** 3 : 1 - (-2 * f + 2) ** 3 / 2);

/**
 * A drag as a hand makes it, to `dropX` pixels: speeding up and slowing down, overshooting a little and coming back,
 * drifting up and down by a pixel or two, with uneven times between pointer events. What the page would send.
 */
export const handTrack = (dropX: number): Track => {
  const track: Track = [[0, 0, 0]];
  const overshoot = dropX + randomInt(3, 8);
  const moves = randomInt(18, 28);
  let t = 0;
  for (let i = 1; i <= moves; i++) {
    t += randomInt(12, 30);
    const wobble = Math.round(Math.sin(i / 3) * 15) / 10 + randomInt(-3, 4) / 10;
    track.push([Math.round(overshoot * easeInOut(i / moves) * 10) / 10, wobble, t]);
  }
  for (const x of [overshoot - 2, dropX + 1, dropX]) {
    t += randomInt(30, 60);
    track.push([x, randomInt(-10, 11) / 10, t]);
  }
  return track;
};

/** What a page sends with a drop at `dropX` on puzzle `serial`: a hand's drag and the drag proof. */
export const dropEvidence = (serial: string, dropX: number) => ({ track: handTrack(dropX), nonce: proofFor(serial) });

export const decodePng = (dataUrl: string) =>
  PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

/**
 * The textbook attack on a slider puzzle: slide the piece, darkened like a hole, along its row and rank the offsets
 * by how little they differ from the background (sum of squared differences over the piece's opaque pixels). The
 * best `count` offsets at least 9 px apart, best first.
 */
export const templateMatch = (srcImage: string, cutImage: string, y: number, count = 1) => {
  const bg = decodePng(srcImage);
  const piece = decodePng(cutImage);
  const scores: { x: number; score: number }[] = [];
  for (let x = 0; x + piece.width <= bg.width; x++) {
    let score = 0;
    for (let py = 0; py < piece.height && y + py < bg.height; py++) {
      for (let px = 0; px < piece.width; px++) {
        const p = (py * piece.width + px) * 4;
        if (piece.data[p + 3]! < 200) continue;
        const b = ((y + py) * bg.width + x + px) * 4;
        for (let k = 0; k < 3; k++) score += (piece.data[p + k]! * 0.45 - bg.data[b + k]!) ** 2;
      }
    }
    scores.push({ x, score });
  }
  const best: number[] = [];
  for (const { x } of scores.sort((a, b) => a.score - b.score)) {
    if (best.every((other) => Math.abs(other - x) >= 9)) best.push(x);
    if (best.length === count) break;
  }
  return best;
};
