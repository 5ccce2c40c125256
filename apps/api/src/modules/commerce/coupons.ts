import { type CouponView, MESSAGES } from '@zyk/shared';
import type { Coupon, Prisma, PrismaClient, ResourceType } from '../../generated/prisma/client.ts';
import type { Tx } from './ledger.ts';

/** What a coupon is checked against: the order it would pay. */
export interface CouponTarget {
  orderId: number;
  price: number;
  resourceType: ResourceType;
}

/** Why a coupon cannot pay this order now (null: it can). The one place coupon rules live. */
export const couponProblem = (coupon: Coupon, target: CouponTarget | null, now = new Date()): string | null => {
  const problem = MESSAGES.coupon.problem;
  if (coupon.usedAt) return problem.used;
  if (coupon.validTo <= now) return problem.expired;
  if (coupon.validFrom > now) return problem.notYetValid;
  if (coupon.orderId !== null && coupon.orderId !== target?.orderId) return problem.heldByOtherOrder;
  if (!target) return null;
  if (target.price < coupon.threshold) return problem.belowThreshold;
  if (coupon.resourceType && coupon.resourceType !== target.resourceType) return problem.wrongResourceType;
  return null;
};

/** The discount a coupon gives: its face value, never more than the price. */
export const discountOf = (coupon: Coupon, price: number) => Math.min(coupon.amountOff, price);

export const toCouponView = (c: Coupon, reason: string | null): CouponView => ({
  id: c.id,
  name: c.name,
  amountOff: c.amountOff,
  threshold: c.threshold,
  resourceType: c.resourceType,
  validFrom: c.validFrom.toISOString(),
  validTo: c.validTo.toISOString(),
  usedAt: c.usedAt?.toISOString() ?? null,
  reason,
});

/** The user's coupons split by whether they can pay `target` (or any order, without one). */
export const listCoupons = async (
  prisma: PrismaClient,
  userId: number,
  target: CouponTarget | null,
  now = new Date(),
) => {
  const all = await prisma.coupon.findMany({ where: { userId }, orderBy: [{ validTo: 'asc' }, { id: 'asc' }] });
  const usable: CouponView[] = [];
  const unusable: CouponView[] = [];
  for (const c of all) {
    const problem = couponProblem(c, target, now);
    if (problem) unusable.push(toCouponView(c, problem));
    else usable.push(toCouponView(c, null));
  }
  usable.sort((a, b) => b.amountOff - a.amountOff || a.validTo.localeCompare(b.validTo));
  return { usable, unusable };
};

/**
 * Reserves a coupon for an order inside the payment transaction, under a row lock, so one coupon pays one order
 * even when two payments race. Returns the coupon, or the reason it cannot be used.
 */
export const claimCoupon = async (tx: Tx, userId: number, couponId: number, target: CouponTarget, now: Date) => {
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM coupons WHERE id = ${couponId}
    AND user_id = ${userId} FOR UPDATE`;
  if (!locked) return { problem: MESSAGES.coupon.notFound } as const;
  const coupon = await tx.coupon.findUniqueOrThrow({ where: { id: couponId } });
  const problem = couponProblem(coupon, target, now);
  if (problem) return { problem: MESSAGES.coupon.unusable(problem) } as const;
  return { coupon } as const;
};

export type CouponState = 'UNUSED' | 'USED' | 'EXPIRED';

/** Where a granted coupon stands at `now`: spent, past its validity, or still to be used. */
export const couponState = (c: Coupon, now: Date): CouponState =>
  c.usedAt ? 'USED' : c.validTo <= now ? 'EXPIRED' : 'UNUSED';

const couponStateWhere = (state: CouponState, now: Date): Prisma.CouponWhereInput =>
  state === 'USED'
    ? { usedAt: { not: null } }
    : state === 'EXPIRED'
      ? { usedAt: null, validTo: { lte: now } }
      : { usedAt: null, validTo: { gt: now } };

/** The console's list of granted coupons, newest first, by state and owner. */
export const couponPage = async (
  db: PrismaClient | Tx,
  q: { status?: CouponState; userId?: number; now: Date; current: number; size: number },
) => {
  const where: Prisma.CouponWhereInput = {
    ...(q.status ? couponStateWhere(q.status, q.now) : {}),
    ...(q.userId ? { userId: q.userId } : {}),
  };
  const [rows, total] = await Promise.all([
    db.coupon.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.current - 1) * q.size,
      take: q.size,
    }),
    db.coupon.count({ where }),
  ]);
  return { rows, total };
};
