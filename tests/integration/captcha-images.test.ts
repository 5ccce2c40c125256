import { routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TOLERANCE_PX } from '../../apps/api/src/modules/captcha/service.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { decodePng, templateMatch } from '../support/captcha.ts';

// Locating the hole by template matching the piece against the background, on puzzles from the real app.

let t: TestApp;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });

describe('slider captcha images', () => {
  it('do not give the hole away to template matching the piece against the background', async () => {
    const { call } = t.client();
    const PUZZLES = 100;
    let found = 0;
    for (let i = 0; i < PUZZLES; i++) {
      const puzzle = await call(routes.getImgSwipe);
      const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({
        where: { serial: puzzle.data.captchaSerialNumber },
      });
      const [guess] = templateMatch(puzzle.data.srcImage, puzzle.data.cutImage, puzzle.data.yposition);
      if (Math.abs(guess! - x) <= CAPTCHA_TOLERANCE_PX) found++;
    }
    // Exact darkened copies gave away about 90% of the holes. With decoys that the piece's outline fits into and
    // one interior shared by all holes, about a third are found (more than half: chance below 1e-3).
    expect(found).toBeLessThanOrEqual(PUZZLES / 2);
  });

  it('cut a differently shaped piece from puzzle to puzzle', async () => {
    const { call } = t.client();
    const outlines = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const piece = decodePng((await call(routes.getImgSwipe)).data.cutImage);
      let outline = '';
      for (let p = 3; p < piece.data.length; p += 4) outline += piece.data[p]! >= 128 ? '1' : '0';
      outlines.add(outline);
    }
    expect(outlines.size).toBeGreaterThanOrEqual(8);
  });
});
