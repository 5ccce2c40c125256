import { createHash } from 'node:crypto';
import { CAPTCHA_PROOF_BITS, leadingZeroBits, proofInput } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { CAPTCHA, HOLE_CENTRES, holeCentres } from '../../apps/api/src/modules/captcha/image.ts';
import { CAPTCHA_TOLERANCE_PX, isPersonLike } from '../../apps/api/src/modules/captcha/service.ts';
import { type TrackPoint, trackFault } from '../../apps/api/src/modules/captcha/track.ts';
import { dragOnlyProof, handTrack, proofFor } from '../support/captcha.ts';

const DRAWS = 2_000;
const BOX = CAPTCHA.box;

describe('where the piece’s hole goes', () => {
  const draws = Array.from({ length: DRAWS }, () => holeCentres(2));

  it('spreads evenly over the whole range: χ² against uniform over 10 bins', () => {
    const { lo, hi } = HOLE_CENTRES;
    const width = hi - lo + 1;
    const bins = new Array<number>(10).fill(0);
    for (const [piece] of draws) bins[Math.min(9, Math.floor(((piece! - lo) / width) * 10))]! += 1;
    const expected = DRAWS / 10;
    const chiSquared = bins.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: above 33.7 with chance 1e-4 when the spread is even. Three bands gave several hundred.
    expect(chiSquared).toBeLessThan(33.7);
    expect(Math.min(...draws.map(([piece]) => piece!))).toBeLessThan(lo + width / 20);
    expect(Math.max(...draws.map(([piece]) => piece!))).toBeGreaterThan(hi - width / 20);
  });

  it('leaves a blind client no better than its fair odds with three fixed guesses', () => {
    const { lo, hi } = HOLE_CENTRES;
    const width = hi - lo + 1;
    const span = 3 * (2 * CAPTCHA_TOLERANCE_PX + 1); // three guesses side by side cover this many centres
    const fair = span / width;
    let best = 0;
    for (let first = lo; first + span - 1 <= hi; first++) {
      const hits = draws.filter(([piece]) => piece! >= first && piece! < first + span).length / DRAWS;
      best = Math.max(best, hits);
    }
    // The best placement of the three guesses, chosen after seeing the draws, still stays near 27/190 (14%).
    expect(best).toBeLessThan(fair + 0.05);
  });

  it('always places two decoys on the row, apart from each other and from the piece’s hole', () => {
    for (const centres of draws) {
      expect(centres).toHaveLength(3);
      for (const c of centres) {
        expect(c).toBeGreaterThanOrEqual(HOLE_CENTRES.lo);
        expect(c).toBeLessThanOrEqual(HOLE_CENTRES.hi);
      }
      expect(Math.abs(centres[1]! - centres[0]!)).toBeGreaterThanOrEqual((BOX + 62) / 2 + 4);
      expect(Math.abs(centres[2]! - centres[0]!)).toBeGreaterThanOrEqual((BOX + 62) / 2 + 4);
      expect(Math.abs(centres[2]! - centres[1]!)).toBeGreaterThanOrEqual(62 + 4);
    }
  });
});

/** A drag of evenly spaced steps at even times: what a script moving the mouse in a loop sends. */
const glide = (to: number, steps = 20, ms = 400): TrackPoint[] =>
  Array.from({ length: steps + 1 }, (_, i) => [(to * i) / steps, i % 3 === 0 ? 1 : 0, (ms * i) / steps] as const);

describe('judging the drag', () => {
  it('takes a hand’s drag: speeding up, overshooting, drifting', () => {
    for (let i = 0; i < 500; i++) {
      const dropX = 62 + (i % 190);
      expect(trackFault(handTrack(dropX), dropX)).toBeNull();
    }
  });

  it('refuses each kind of drag no hand makes', () => {
    const hand = handTrack(150);
    const cases: [string, TrackPoint[], ReturnType<typeof trackFault>][] = [
      [
        'one jump',
        [
          [0, 0, 0],
          [150, 0, 300],
        ],
        'too-few',
      ],
      [
        'a single jump among small moves',
        [
          [0, 0, 0],
          [1, 1, 60],
          [2, 0, 120],
          [3, 1, 180],
          [148, 0, 240],
          [149, 1, 300],
          [150, 0, 360],
        ],
        'jump',
      ],
      ['constant speed', glide(150), 'constant-speed'],
      ['constant speed, many steps', glide(150, 90, 900), 'constant-speed'],
      ['no vertical wobble', hand.map(([x, , t]) => [x, 0, t] as const), 'no-wobble'],
      ['under 150 ms', hand.map(([x, y, t]) => [x, y, (t * 120) / hand.at(-1)![2]] as const), 'too-fast'],
      ['points out of order', hand.map(([x, y, t], i) => [x, y, i === 5 ? 0 : t] as const), 'out-of-order'],
      ['ends elsewhere than the drop', handTrack(120), 'elsewhere'],
    ];
    for (const [label, track, fault] of cases) expect(trackFault(track, 150), label).toBe(fault);
  });
});

describe('proof of work', () => {
  it('is a nonce whose hash starts with the required zero bits, bound to its puzzle', () => {
    const nonce = proofFor('serial-a');
    const digest = createHash('sha256').update(proofInput('serial-a', nonce)).digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(CAPTCHA_PROOF_BITS.drag);
    expect(leadingZeroBits(Uint8Array.of(0, 0, 0x10))).toBe(19);
    expect(leadingZeroBits(Uint8Array.of(0x80))).toBe(0);
    const track = handTrack(100);
    expect(isPersonLike('serial-a', 100, { track, nonce })).toBe(true);
    expect(isPersonLike('serial-b', 100, { track, nonce: proofFor('serial-a', 'keyboard') })).toBe(false);
    expect(isPersonLike('serial-a', 100, { track })).toBe(false);
  });

  it('asks more of a keyboard answer, which has no drag to judge', () => {
    const nonce = dragOnlyProof('serial-k');
    expect(isPersonLike('serial-k', 100, { nonce })).toBe(false);
    expect(isPersonLike('serial-k', 100, { track: [], nonce })).toBe(false);
    expect(isPersonLike('serial-k', 100, { nonce: proofFor('serial-k', 'keyboard') })).toBe(true);
    expect(isPersonLike('serial-k', 100, { track: glide(100), nonce: proofFor('serial-k', 'keyboard') })).toBe(false);
  });
});
