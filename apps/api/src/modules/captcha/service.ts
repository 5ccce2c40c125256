import { createHash, randomBytes } from 'node:crypto';
import { CAPTCHA_PROOF_BITS, leadingZeroBits, MESSAGES, proofInput } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { type AddressAllowance, ONE_CLIENT_PER_ADDRESS } from '../../lib/address-allowance.ts';
import { type Clock, nowMs, systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createThrottle, forClients, type ThrottleRule } from '../throttle/service.ts';
import { DECOY_SLACK_PX, generatePuzzle } from './image.ts';
import { type TrackPoint, trackFault } from './track.ts';

export const CAPTCHA_TTL_MS = 2 * 60_000;
/** How far (natural pixels) the dropped piece may be from the hole. */
export const CAPTCHA_TOLERANCE_PX = 4;
/** Misses allowed on one puzzle before a new one is required. */
export const CAPTCHA_MAX_FAILURES = 3;
/**
 * A drop this close to where the piece would sit on a decoy hole chose that hole, and uses the puzzle up at once. A
 * person who matches outlines rarely picks a decoy, and gets a new puzzle when they do; a bot that finds the holes but
 * cannot tell them apart would otherwise try each in turn within its three tries.
 */
export const CAPTCHA_DECOY_REACH_PX = DECOY_SLACK_PX + CAPTCHA_TOLERANCE_PX;
/** Misses allowed from one client before it must wait. */
const CLIENT_RULE: ThrottleRule = { limit: 20, windowMs: 10 * 60_000, lockMs: 10 * 60_000 };

/** Verification answers of the spec: 1 success, 0 failure (try again), 2 failure that needs a new puzzle. */
export type CaptchaResult = 0 | 1 | 2;

const clientKey = (ip: string) => `captcha:${ip}`;

/** How the handle got there: the drag the page saw (absent for the keyboard), and the puzzle's proof of work. */
export interface DropEvidence {
  track?: readonly TrackPoint[] | undefined;
  nonce?: string | undefined;
}

/**
 * Could a person have made this drop? A drag must look like a hand's and carry the drag proof; a keyboard answer,
 * with no drag to judge, carries the larger proof.
 */
export const isPersonLike = (serial: string, moveEndX: number, evidence: DropEvidence) => {
  if (evidence.nonce === undefined) return false;
  const dragged = evidence.track !== undefined && evidence.track.length > 0;
  const needed = dragged ? CAPTCHA_PROOF_BITS.drag : CAPTCHA_PROOF_BITS.keyboard;
  const digest = createHash('sha256').update(proofInput(serial, evidence.nonce)).digest();
  if (leadingZeroBits(digest) < needed) return false;
  return !dragged || trackFault(evidence.track!, moveEndX) === null;
};

/**
 * The piece's position in natural pixels, from what the client reports at its display scale. Capped so a tiny wbili
 * cannot overflow the integer column (such a guess is a miss either way).
 */
const naturalX = (moveEndX: number, wbili: number) => Math.min(Math.round(moveEndX / wbili), 1_000_000);

export const createCaptchaService = (
  prisma: PrismaClient,
  clock: Clock = systemClock,
  allowance: AddressAllowance = ONE_CLIENT_PER_ADDRESS,
) => {
  const throttle = createThrottle(prisma, clock);
  let lastSweep = 0;

  /** Expired puzzles are swept now and then, not on a timer, so every instance can do it. */
  const sweep = async () => {
    if (nowMs(clock) - lastSweep < 60_000) return;
    lastSweep = nowMs(clock);
    await prisma.captchaChallenge.deleteMany({ where: { expiresAt: { lt: new Date(nowMs(clock) - CAPTCHA_TTL_MS) } } });
  };

  return {
    create: async (ip: string) => {
      if (await throttle.lockedUntil(clientKey(ip))) throw new AppError('RATE_LIMITED', MESSAGES.captcha.tooMany);
      await sweep();
      const puzzle = generatePuzzle();
      const serial = randomBytes(16).toString('hex');
      await prisma.captchaChallenge.create({
        data: {
          serial,
          x: puzzle.x,
          y: puzzle.y,
          decoyXs: puzzle.decoyXs,
          clientKey: ip,
          expiresAt: new Date(nowMs(clock) + CAPTCHA_TTL_MS),
        },
      });
      return { serial, ...puzzle };
    },

    /**
     * Checks a drop. Deciding the pass and counting the miss is one conditional UPDATE: Postgres re-checks the WHERE
     * on the newest row version under the row lock, so N concurrent guesses on one puzzle are N tries. A drop no
     * person made is a miss like any other: same answer, same count. A drop on a decoy hole uses up every try left.
     */
    verify: async (
      ip: string,
      serial: string,
      moveEndX: number,
      wbili: number,
      evidence: DropEvidence,
    ): Promise<CaptchaResult> => {
      if (await throttle.lockedUntil(clientKey(ip))) return 2;
      const x = naturalX(moveEndX, wbili);
      const hit = isPersonLike(serial, moveEndX, evidence)
        ? Prisma.sql`abs(x - ${x}::int) <= ${CAPTCHA_TOLERANCE_PX}`
        : Prisma.sql`false`;
      const now = clock.now();
      const rows = await prisma.$queryRaw<{ passed: boolean; failures: number }[]>`
        UPDATE captcha_challenges SET
          failures = CASE
            WHEN ${hit} THEN failures
            WHEN EXISTS (SELECT 1 FROM unnest(decoy_xs) AS decoy WHERE abs(decoy - ${x}::int) <= ${CAPTCHA_DECOY_REACH_PX})
              THEN ${CAPTCHA_MAX_FAILURES}
            ELSE failures + 1
          END,
          verified_at = CASE WHEN ${hit} THEN ${now}::timestamptz END,
          verified_x = CASE WHEN ${hit} THEN ${x}::int END
        WHERE serial = ${serial} AND verified_at IS NULL AND consumed_at IS NULL AND expires_at > ${now}
          AND failures < ${CAPTCHA_MAX_FAILURES}
        RETURNING verified_at IS NOT NULL AS passed, failures`;
      const row = rows[0];
      if (row?.passed) return 1;
      // Misses on unknown, expired or used-up puzzles count towards the client rule as well.
      await throttle.fail(clientKey(ip), forClients(CLIENT_RULE, allowance(ip)));
      return row === undefined || row.failures >= CAPTCHA_MAX_FAILURES ? 2 : 0;
    },

    /**
     * Uses up a verified puzzle for one login: the same serial and position that passed, not expired, never used.
     * Returns false when there is no such puzzle (the login must then be refused).
     */
    consume: async (serial: string, moveEndX: number, wbili: number): Promise<boolean> => {
      const x = naturalX(moveEndX, wbili);
      const now = clock.now();
      const used = await prisma.$queryRaw<{ serial: string }[]>`
        UPDATE captcha_challenges SET consumed_at = ${now}
        WHERE serial = ${serial} AND verified_at IS NOT NULL AND consumed_at IS NULL AND expires_at > ${now}
          AND verified_x = ${x}
        RETURNING serial`;
      return used.length > 0;
    },
  };
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;
