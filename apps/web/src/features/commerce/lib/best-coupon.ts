/** The coupon fields the choice depends on. */
interface CouponLike {
  amountOff: number;
  validTo: string;
}

/**
 * The usable coupon that takes the most off `price` (a coupon never takes off more than the price), or undefined
 * when there is none. The server lists usable coupons by face value, largest first; once two coupons both cover the
 * whole price the larger one is no better, so among equal discounts the one expiring first wins, then the smaller
 * one, keeping the bigger coupon for a dearer order.
 */
export const bestCoupon = <C extends CouponLike>(coupons: readonly C[], price: number): C | undefined => {
  let best: C | undefined;
  for (const c of coupons) {
    if (!best) {
      best = c;
      continue;
    }
    const off = Math.min(c.amountOff, price);
    const bestOff = Math.min(best.amountOff, price);
    if (
      off > bestOff ||
      (off === bestOff && (c.validTo < best.validTo || (c.validTo === best.validTo && c.amountOff < best.amountOff)))
    ) {
      best = c;
    }
  }
  return best;
};
