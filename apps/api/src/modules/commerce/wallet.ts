import { fenToYuanText, MESSAGES } from '@zyk/shared';
import type { Prisma, PrismaClient, ResourceType } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';
import { post } from './ledger.ts';

/**
 * Money into a user's wallet from outside (an administrator recording an offline top-up, or demo data): the
 * payment channel account gives, the user's balance receives.
 */
export const creditBalance = (prisma: PrismaClient, userId: number, amount: number, memo: string) => {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new AppError('BAD_REQUEST', MESSAGES.wallet.topUpAmountInvalid(amount));
  return transaction(prisma, async (tx) => {
    await post(tx, {
      kind: 'TOP_UP',
      memo,
      lines: [
        { account: { kind: 'PAYMENT_CLEARING' }, amount: -amount },
        { account: { kind: 'BALANCE', userId }, amount },
      ],
    });
    await sendMessage(tx, {
      userId,
      type: 'purchase',
      title: '余额到账',
      content: `您的账户余额增加 ${fenToYuanText(amount)} 元（${memo}）。`,
      link: '/personSpace/account/expenditure/expenditure',
    });
  });
};

export interface NewCoupon {
  userId: number;
  name: string;
  amountOff: number;
  threshold: number;
  resourceType: ResourceType | null;
  validFrom: Date;
  validTo: Date;
}

/** Gives a user a coupon (administrator or demo data); `db` may be the caller's transaction (the console's audit). */
export const grantCoupon = (db: PrismaClient | Prisma.TransactionClient, coupon: NewCoupon) => {
  if (!Number.isSafeInteger(coupon.amountOff) || coupon.amountOff <= 0)
    throw new AppError('BAD_REQUEST', MESSAGES.coupon.amountOffInvalid);
  if (!Number.isSafeInteger(coupon.threshold) || coupon.threshold < 0)
    throw new AppError('BAD_REQUEST', MESSAGES.coupon.thresholdInvalid);
  if (coupon.validTo <= coupon.validFrom) throw new AppError('BAD_REQUEST', MESSAGES.coupon.validityInvalid);
  return db.coupon.create({ data: coupon });
};
