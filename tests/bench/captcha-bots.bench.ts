import { createHash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { CAPTCHA_PROOF_BITS, leadingZeroBits, proofInput, routes } from '@zyk/shared';
import { handTrack, proofFor, templateMatch } from '../support/captcha.ts';
import { percentile, report, round, startBenchApp } from './support.ts';

/**
 * How often bots pass the slider puzzle, over HTTP against the real app, and what the proof of work costs:
 * - template: finds the hole by template matching and drops on its three best matches, with a forged hand's drag
 *   and the proof (the image's own strength), and the same with a straight glide (a naive script);
 * - blind: never looks at the picture; three fixed guesses side by side where holes were most often;
 * - glide: knows the answer (as if it saw perfectly) and sends it with a constant-speed straight drag;
 * - proof: the page's search (the pure JavaScript hash it runs in a worker) against node's native hash, the bot's.
 */
const PUZZLES = 100;
const PROOFS = 40;
/** x 150, 159, 168: side by side, they cover the middle band where holes sat most often. */
const BLIND_GUESSES = [150, 159, 168];

// Each puzzle from its own forwarded address, as a bot with many addresses plays: the per-client lockout after 20
// misses would otherwise end the run, and this measures what one puzzle gives away.
const bench = await startBenchApp({ TRUST_PROXY: 'true' });
let address = 0;
const headers = () => ({
  'content-type': 'application/json',
  'x-forwarded-for': `10.88.${address >> 8}.${(address & 255) + 1}`,
});
const post = (p: string, body: unknown) =>
  fetch(`${bench.url}${p}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(body),
  })
    .then((res) => res.json())
    .then((body) => body.data as number);

type Track = [number, number, number][];
const glide = (to: number): Track =>
  Array.from({ length: 21 }, (_, i) => [(to * i) / 20, i % 2, i * 20] as [number, number, number]);

/** Plays one puzzle: drops on each guess in turn until one passes or the puzzle is used up. */
const play = async (
  guesses: (puzzle: { x: number; src: string; cut: string; y: number }) => number[],
  track: (x: number) => Track,
) => {
  address++;
  const res = await (await fetch(`${bench.url}${routes.getImgSwipe.path}`, { headers: headers() })).json();
  const serial = res.data.captchaSerialNumber as string;
  const { x } = await bench.app.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  const nonce = proofFor(serial);
  for (const guess of guesses({ x, src: res.data.srcImage, cut: res.data.cutImage, y: res.data.yposition })) {
    const result = await post(routes.rstImgSwipe.path, {
      captchaSerialNumber: serial,
      moveEnd_X: guess,
      wbili: 1,
      track: track(guess),
      nonce,
    });
    if (result === 1) return true;
    if (result !== 0) return false;
  }
  return false;
};

const rate = async (bot: Parameters<typeof play>[0], track: (x: number) => Track) => {
  let passed = 0;
  for (let i = 0; i < PUZZLES; i++) if (await play(bot, track)) passed++;
  return round(passed / PUZZLES, 2);
};

const proofMs = (hash: (text: string) => Uint8Array, bits: number) => {
  const times: number[] = [];
  for (let i = 0; i < PROOFS; i++) {
    const serial = createHash('sha256').update(`bench-${bits}-${i}`).digest('hex').slice(0, 32);
    const t0 = performance.now();
    for (let n = 0; leadingZeroBits(hash(proofInput(serial, String(n)))) < bits; n++);
    times.push(performance.now() - t0);
  }
  return { p50: round(percentile(times, 50), 1), p90: round(percentile(times, 90), 1) };
};

try {
  const template = (p: { src: string; cut: string; y: number }) => templateMatch(p.src, p.cut, p.y, 3);
  const encoder = new TextEncoder();
  const browserHash = (text: string) => sha256(encoder.encode(text));
  const nativeHash = (text: string) => createHash('sha256').update(text).digest();
  report('captcha-bots', {
    puzzles: PUZZLES,
    passRate: {
      templateMatchWithHandTrack: await rate(template, handTrack),
      templateMatchWithGlide: await rate(template, glide),
      blindThreeGuesses: await rate(() => BLIND_GUESSES, handTrack),
      knownAnswerWithGlide: await rate((p) => [p.x], glide),
      knownAnswerWithHandTrack: await rate((p) => [p.x], handTrack),
    },
    proofMs: {
      bits: CAPTCHA_PROOF_BITS,
      pageDrag: proofMs(browserHash, CAPTCHA_PROOF_BITS.drag),
      pageKeyboard: proofMs(browserHash, CAPTCHA_PROOF_BITS.keyboard),
      nativeDrag: proofMs(nativeHash, CAPTCHA_PROOF_BITS.drag),
    },
  });
} finally {
  await bench.close();
}
