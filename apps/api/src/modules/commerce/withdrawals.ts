import { createHmac, timingSafeEqual } from 'node:crypto';
import { fenToYuanText, MESSAGES, makePageBean } from '@zyk/shared';
import type { Prisma, PrismaClient, Withdrawal, WithdrawalStatus } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { sendMessage } from '../messages/service.ts';
import type { AlipayChannel } from './alipay/channel.ts';
import { InsufficientFunds, post, reverse, type Tx } from './ledger.ts';
import { afterTax } from './tax.ts';
import { isIdentityVerified } from './verification.ts';

export const toWithdrawalItem = (w: Withdrawal) => ({
  id: w.id,
  amount: w.amount,
  tax: w.tax,
  netAmount: w.netAmount,
  alipayNickname: w.alipayNickname,
  status: w.status,
  reviewNote: w.reviewNote,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
});

/** `2088********1234`: enough to recognise one's own account. */
const maskAccount = (id: string) =>
  id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : '****';

export interface WithdrawalSettings {
  minWithdrawal: number;
  /** Signs the `state` of an Alipay authorization, so a binding can only finish for the user who started it. */
  stateSecret: Buffer;
}

export const createWithdrawalService = (prisma: PrismaClient, channel: AlipayChannel, settings: WithdrawalSettings) => {
  const stateOf = (userId: number, purpose: string) =>
    createHmac('sha256', settings.stateSecret).update(`alipay-bind\n${userId}\n${purpose}`).digest('base64url');

  const binding = async (userId: number, authorizeUrl: string | null = null) => {
    const account = await prisma.payAccount.findUnique({ where: { userId } });
    return {
      bound: Boolean(account?.alipayUserId),
      nickname: account?.alipayNickname ?? null,
      account: account?.alipayUserId ? maskAccount(account.alipayUserId) : null,
      boundAt: account?.alipayBoundAt?.toISOString() ?? null,
      authorizeUrl,
    };
  };

  /** Without a code: where to authorize. With one: the account it names becomes the user's payee. */
  const bind = async (
    userId: number,
    input: { authCode?: string; state?: string; redirectUri: string },
    purpose: 'bind' | 'replace',
  ) => {
    const current = await prisma.payAccount.findUnique({ where: { userId } });
    if (purpose === 'bind' && current?.alipayUserId) {
      throw new AppError('CONFLICT', MESSAGES.withdrawal.alipayAlreadyBound);
    }
    if (purpose === 'replace' && !current?.alipayUserId)
      throw new AppError('BAD_REQUEST', MESSAGES.withdrawal.alipayNotBound);
    if (!input.authCode)
      return binding(userId, channel.authorizeUrl(input.redirectUri, `${purpose}.${stateOf(userId, purpose)}`));
    const expected = Buffer.from(`${purpose}.${stateOf(userId, purpose)}`);
    const given = Buffer.from(input.state ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('BAD_REQUEST', MESSAGES.withdrawal.authStateMismatch);
    }
    if (purpose === 'replace' && (await prisma.withdrawal.count({ where: { userId, status: 'PENDING' } }))) {
      throw new AppError('CONFLICT', MESSAGES.withdrawal.pendingBlocksReplace);
    }
    let alipay: { userId: string; nickname: string };
    try {
      alipay = await channel.accountOf(input.authCode);
    } catch (error) {
      throw new AppError('BAD_REQUEST', MESSAGES.withdrawal.alipayAuthFailed((error as Error).message));
    }
    const data = { alipayUserId: alipay.userId, alipayNickname: alipay.nickname, alipayBoundAt: new Date() };
    await prisma.payAccount.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    return binding(userId);
  };

  /**
   * Reserves `amount` of the user's available income for a payout to their bound Alipay account. Runs inside
   * the route's idempotent transaction; the ledger's no-overdraft constraint is what keeps parallel requests
   * from reserving more than there is.
   */
  const request = async (tx: Tx, userId: number, amount: number) => {
    if (amount < settings.minWithdrawal) {
      throw new AppError('BAD_REQUEST', MESSAGES.withdrawal.belowMinimum(settings.minWithdrawal));
    }
    if (!(await isIdentityVerified(tx, userId)))
      throw new AppError('FORBIDDEN', MESSAGES.withdrawal.verificationRequired);
    const account = await tx.payAccount.findUnique({ where: { userId } });
    if (!account?.alipayUserId) throw new AppError('BAD_REQUEST', MESSAGES.withdrawal.alipayRequired);
    const { tax, netAmount } = afterTax(amount);
    const withdrawal = await tx.withdrawal.create({
      data: {
        userId,
        amount,
        tax,
        netAmount,
        alipayUserId: account.alipayUserId,
        alipayNickname: account.alipayNickname ?? '',
      },
    });
    try {
      await post(tx, {
        kind: 'WITHDRAWAL_REQUEST',
        memo: `提现申请 ${withdrawal.id}`,
        withdrawalId: withdrawal.id,
        lines: [
          { account: { kind: 'INCOME_AVAILABLE', userId }, amount: -amount },
          { account: { kind: 'WITHDRAWALS_PAYABLE', userId }, amount },
        ],
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new AppError('CONFLICT', MESSAGES.withdrawal.insufficientIncome);
      throw error;
    }
    return toWithdrawalItem(withdrawal);
  };

  const records = async (userId: number, q: { current: number; size: number }) => {
    const where = { userId };
    const [rows, total] = await Promise.all([
      prisma.withdrawal.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (q.current - 1) * q.size,
        take: q.size,
      }),
      prisma.withdrawal.count({ where }),
    ]);
    return { objList: rows.map(toWithdrawalItem), pageBean: makePageBean(q.current, q.size, total) };
  };

  return { binding, bind, request, records };
};

/** Administrator side: pay out (tax withheld) or reject (funds return to the seller's available income). */
export const createWithdrawalAdmin = (prisma: PrismaClient) => {
  const decide = (id: number, outcome: 'PAID' | 'REJECTED', note: string | null) =>
    transaction(prisma, async (tx) => {
      const claimed = await tx.withdrawal.updateMany({
        where: { id, status: 'PENDING' },
        data: { status: outcome, reviewNote: note, reviewedAt: new Date() },
      });
      if (!claimed.count) {
        // Someone decided it first (a concurrent approval): a conflict, not a missing request.
        const exists = await tx.withdrawal.count({ where: { id } });
        throw new AppError(exists ? 'CONFLICT' : 'NOT_FOUND', MESSAGES.withdrawal.notFoundOrHandled(id));
      }
      const w = await tx.withdrawal.findUniqueOrThrow({ where: { id } });
      if (outcome === 'PAID') {
        await post(tx, {
          kind: 'WITHDRAWAL_PAID',
          memo: `提现 ${w.id} 已打款至支付宝 ${w.alipayNickname}`,
          withdrawalId: w.id,
          lines: [
            { account: { kind: 'WITHDRAWALS_PAYABLE', userId: w.userId }, amount: -w.amount },
            { account: { kind: 'PAYOUT_CLEARING' }, amount: w.netAmount },
            { account: { kind: 'TAX_WITHHELD' }, amount: w.tax },
          ],
        });
      } else {
        const requested = await tx.ledgerTransaction.findFirstOrThrow({
          where: { withdrawalId: w.id, kind: 'WITHDRAWAL_REQUEST' },
        });
        await reverse(tx, requested.id, 'WITHDRAWAL_REJECTED', `提现 ${w.id} 被驳回，金额退回可提现收入`);
      }
      await sendMessage(tx, {
        userId: w.userId,
        type: 'withdrawal',
        title: `${outcome === 'PAID' ? '提现已到账' : '提现被驳回'}：${fenToYuanText(w.amount)} 元`,
        content:
          outcome === 'PAID'
            ? `您申请的 ${fenToYuanText(w.amount)} 元提现已打款至支付宝（${w.alipayNickname}），代扣个人所得税 ${fenToYuanText(w.tax)} 元，实际到账 ${fenToYuanText(w.netAmount)} 元。`
            : `您申请的 ${fenToYuanText(w.amount)} 元提现被驳回：${note}。金额已退回可提现收入。`,
        link: '/personSpace/account/income/withdrawalRecords',
      });
      return w;
    });

  return {
    pending: () => prisma.withdrawal.findMany({ where: { status: 'PENDING' }, orderBy: { createdAt: 'asc' } }),
    approve: (id: number) => decide(id, 'PAID', null),
    reject: (id: number, reason: string) => decide(id, 'REJECTED', reason),
  };
};

type Db = PrismaClient | Prisma.TransactionClient;

/** The console's list: pending requests first, oldest first (paid out in turn); decided ones latest first. */
export const withdrawalPage = async (
  db: Db,
  q: { status?: WithdrawalStatus; userId?: number; current: number; size: number },
) => {
  const where = { ...(q.status ? { status: q.status } : {}), ...(q.userId ? { userId: q.userId } : {}) };
  const orderBy: Prisma.WithdrawalOrderByWithRelationInput[] =
    q.status && q.status !== 'PENDING'
      ? [{ reviewedAt: 'desc' }, { id: 'desc' }]
      : [{ status: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];
  const [rows, total, pending] = await Promise.all([
    db.withdrawal.findMany({ where, orderBy, skip: (q.current - 1) * q.size, take: q.size }),
    db.withdrawal.count({ where }),
    db.withdrawal.aggregate({ where: { status: 'PENDING' }, _sum: { amount: true } }),
  ]);
  return { rows, total, pendingTotal: pending._sum.amount ?? 0 };
};

export const withdrawalById = (db: Db, id: number) => db.withdrawal.findUnique({ where: { id } });
