import { encryptPassword, routes } from '@zyk/shared';
import { PNG } from 'pngjs';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../apps/api/src/lib/password.ts';
import { CAPTCHA, generatePuzzle } from '../../apps/api/src/modules/captcha/image.ts';
import { dropEvidence } from '../support/captcha.ts';
import { percentile, report, round, runConcurrent, startBenchApp } from './support.ts';

/**
 * Identity benchmarks, each a ratio against a reference measured in the same run:
 * - captcha: one puzzle (draw + two PNG encodes) vs encoding a flat PNG of the same size (the floor of any PNG answer);
 * - login: full POST /api/newLogin over HTTP (captcha consume, throttle checks, argon2id verify, session insert)
 *   vs bare argon2id verifications at the same concurrency (the limit the password hash sets).
 */
const CAPTCHA_ROUNDS = 200;
const LOGINS = 120;
const CONCURRENCY = 8;
const TRANSPORT_KEY = 'ziyuanku-transport-2026';

const flatPng = () => {
  const png = new PNG({ width: CAPTCHA.width, height: CAPTCHA.height });
  png.data.fill(128);
  return PNG.sync.write(png, { filterType: 1, deflateLevel: 6, colorType: 2 }).toString('base64');
};

const time = (rounds: number, fn: () => unknown) => {
  for (let i = 0; i < 10; i++) fn(); // warm up
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  return (performance.now() - t0) / rounds;
};

const puzzleMs = time(CAPTCHA_ROUNDS, generatePuzzle);
const flatMs = time(CAPTCHA_ROUNDS, flatPng);
const sample = generatePuzzle();

// Reference: argon2id verifications alone, same concurrency.
const hash = await hashPassword('Teacher@2026');
const raw = await runConcurrent(LOGINS, CONCURRENCY, async () => {
  await verifyPassword(hash, 'Teacher@2026');
});

const bench = await startBenchApp();
try {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${bench.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  // Solve the puzzles up front so the timed part is the login call alone.
  const solved: { captchaSerialNumber: string; moveEnd_X: number; wbili: number }[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const res = await fetch(`${bench.url}${routes.getImgSwipe.path}`);
    const serial = (await res.json()).data.captchaSerialNumber as string;
    const { x } = await bench.app.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
    await post(routes.rstImgSwipe.path, {
      captchaSerialNumber: serial,
      moveEnd_X: x,
      wbili: 1,
      ...dropEvidence(serial, x),
    });
    solved.push({ captchaSerialNumber: serial, moveEnd_X: x, wbili: 1 });
  }
  const password = encryptPassword('Teacher@2026', TRANSPORT_KEY);
  const users = ['zhangxm', 'lijg', 'wangcy', 'liujy', 'chensy'];
  let failures = 0;
  const api = await runConcurrent(LOGINS, CONCURRENCY, async (i) => {
    const res = await post(routes.newLogin.path, {
      username: users[i % users.length],
      password,
      verifyImageResult: solved[i],
    });
    if ((await res.json()).code !== 0) failures++;
  });
  if (failures > 0) throw new Error(`${failures} logins failed`);

  const apiPerSec = LOGINS / (api.wallMs / 1000);
  const rawPerSec = LOGINS / (raw.wallMs / 1000);
  report('identity', {
    captcha: {
      msPerPuzzle: round(puzzleMs),
      referenceFlatPngMs: round(flatMs),
      ratioToFlatPng: round(puzzleMs / flatMs),
      bytes: { srcImage: sample.srcImage.length, cutImage: sample.cutImage.length },
    },
    login: {
      argon2: ARGON2_OPTIONS,
      concurrency: CONCURRENCY,
      apiLoginsPerSec: round(apiPerSec, 1),
      apiP50Ms: round(percentile(api.latencies, 50), 1),
      apiP99Ms: round(percentile(api.latencies, 99), 1),
      rawArgon2VerifiesPerSec: round(rawPerSec, 1),
      rawVerifyP50Ms: round(percentile(raw.latencies, 50), 1),
      ratioApiToArgon2: round(apiPerSec / rawPerSec),
    },
  });
} finally {
  await bench.close();
}
