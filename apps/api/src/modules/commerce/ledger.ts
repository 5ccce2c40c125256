import { type LedgerAccountKind, Prisma, type PrismaClient } from '../../generated/prisma/client.ts';

export type { Tx } from '../../lib/transaction.ts';

import type { Tx } from '../../lib/transaction.ts';

/** Accounts that belong to one user; the others exist once for the platform. */
const USER_KINDS = new Set<LedgerAccountKind>(['BALANCE', 'INCOME_PENDING', 'INCOME_AVAILABLE', 'WITHDRAWALS_PAYABLE']);

/** Platform accounts that mirror money outside the system (channels, payouts, coupons) and so may run negative. */
const MAY_GO_NEGATIVE = new Set<LedgerAccountKind>(['PAYMENT_CLEARING', 'COUPON_FUNDING', 'PAYOUT_CLEARING']);

export type AccountRef = { kind: LedgerAccountKind; userId?: number };

export const accountCode = ({ kind, userId }: AccountRef) => {
  if (USER_KINDS.has(kind) !== (userId !== undefined)) throw new Error(`ledger account ${kind} and user ${userId}`);
  return userId === undefined ? kind : `${kind}:${userId}`;
};

export interface Posting {
  kind: string;
  memo: string;
  orderId?: number;
  withdrawalId?: number;
  reversesId?: number;
  /** Signed fen per account: positive adds to what the account holds. They must sum to zero. */
  lines: { account: AccountRef; amount: number | bigint }[];
}

/** An account that may not go negative would have: the caller turns it into its own message (余额不足…). */
export class InsufficientFunds extends Error {
  constructor(readonly account: AccountRef) {
    super(`insufficient funds in ${accountCode(account)}`);
    this.name = 'InsufficientFunds';
  }
}

const ensureAccounts = async (tx: Tx, refs: AccountRef[]) => {
  const codes = [...new Set(refs.map(accountCode))];
  const values = refs.map(
    (r) =>
      Prisma.sql`(${accountCode(r)}, ${r.kind}::"LedgerAccountKind", ${r.userId ?? null}::int, ${MAY_GO_NEGATIVE.has(r.kind)})`,
  );
  await tx.$executeRaw`INSERT INTO ledger_accounts (code, kind, user_id, allow_negative)
    VALUES ${Prisma.join(values)} ON CONFLICT (code) DO NOTHING`;
  const rows = await tx.ledgerAccount.findMany({ where: { code: { in: codes } }, select: { id: true, code: true } });
  return new Map(rows.map((r) => [r.code, r.id]));
};

/**
 * Records one balanced money movement and moves the kept balances with it, inside the caller's transaction.
 * Only user accounts keep a balance (it is what the no-overdraft CHECK guards); the platform accounts' balances
 * are derived from their lines, so sales do not all queue on one hot platform row. Balances change in account-id
 * order so concurrent postings never deadlock; an overdraft fails the CHECK constraint and surfaces as
 * InsufficientFunds (the caller's transaction then rolls back).
 */
export const post = async (tx: Tx, posting: Posting) => {
  const lines = posting.lines.filter((l) => BigInt(l.amount) !== 0n);
  const sum = lines.reduce((s, l) => s + BigInt(l.amount), 0n);
  if (sum !== 0n || lines.length < 2) throw new Error(`unbalanced ledger posting ${posting.kind}: ${sum}`);
  const ids = await ensureAccounts(
    tx,
    lines.map((l) => l.account),
  );
  const transaction = await tx.ledgerTransaction.create({
    data: {
      kind: posting.kind,
      memo: posting.memo,
      orderId: posting.orderId ?? null,
      withdrawalId: posting.withdrawalId ?? null,
      reversesId: posting.reversesId ?? null,
    },
  });
  const resolved = lines.map((l) => ({ ...l, accountId: ids.get(accountCode(l.account))!, amount: BigInt(l.amount) }));
  await tx.ledgerLine.createMany({
    data: resolved.map((l) => ({ transactionId: transaction.id, accountId: l.accountId, amount: l.amount })),
  });
  const deltas = new Map<number, { delta: bigint; account: AccountRef }>();
  for (const l of resolved) {
    const d = deltas.get(l.accountId) ?? { delta: 0n, account: l.account };
    d.delta += l.amount;
    deltas.set(l.accountId, d);
  }
  for (const [id, { delta, account }] of [...deltas].sort(([a], [b]) => a - b)) {
    if (delta === 0n || !USER_KINDS.has(account.kind)) continue;
    try {
      await tx.$executeRaw`UPDATE ledger_accounts SET balance = balance + ${delta} WHERE id = ${id}`;
    } catch (error) {
      if (String((error as Error).message).includes('ledger_accounts_no_overdraft'))
        throw new InsufficientFunds(account);
      throw error;
    }
  }
  return transaction;
};

/**
 * Undoes a transaction by posting its lines negated (the ledger itself never changes). `redirect` sends a line's
 * reversal to another account, e.g. a refund of a channel payment to the buyer's balance.
 */
export const reverse = async (
  tx: Tx,
  transactionId: number,
  kind: string,
  memo: string,
  redirect: (account: AccountRef) => AccountRef = (account) => account,
) => {
  const original = await tx.ledgerTransaction.findUniqueOrThrow({
    where: { id: transactionId },
    include: { lines: { include: { account: true } } },
  });
  return post(tx, {
    kind,
    memo,
    orderId: original.orderId ?? undefined,
    withdrawalId: original.withdrawalId ?? undefined,
    reversesId: original.id,
    lines: original.lines.map((l) => ({
      account: redirect({ kind: l.account.kind, ...(l.account.userId === null ? {} : { userId: l.account.userId }) }),
      amount: -l.amount,
    })),
  });
};

/** What a user holds, per account kind, in fen (accounts never used read 0). */
export const userBalances = async (db: Tx | PrismaClient, userId: number) => {
  const rows = await db.ledgerAccount.findMany({ where: { userId }, select: { kind: true, balance: true } });
  const of = (kind: LedgerAccountKind) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0n);
  return {
    balance: of('BALANCE'),
    pendingIncome: of('INCOME_PENDING'),
    availableIncome: of('INCOME_AVAILABLE'),
    withdrawing: of('WITHDRAWALS_PAYABLE'),
  };
};

export interface LedgerProblem {
  problem: string;
  detail: string;
}

/** An account's balance: kept for user accounts, derived from the lines for platform accounts. */
export const platformBalance = async (db: PrismaClient | Tx, kind: LedgerAccountKind) => {
  const [row] = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT SUM(l.amount)::bigint AS total FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
    WHERE a.code = ${accountCode({ kind })}`;
  return Number(row?.total ?? 0n);
};

/**
 * The invariant: every transaction sums to zero (so all lines together do), every kept balance equals the sum
 * of its account's lines, platform accounts keep none, and no user account is negative. Empty means healthy.
 */
export const checkLedger = async (db: PrismaClient | Tx): Promise<LedgerProblem[]> => {
  const unbalanced = await db.$queryRaw<{ id: number; total: bigint }[]>`
    SELECT transaction_id AS id, SUM(amount) AS total FROM ledger_lines GROUP BY transaction_id HAVING SUM(amount) <> 0`;
  const drifted = await db.$queryRaw<{ code: string; balance: bigint; total: bigint }[]>`
    SELECT a.code, a.balance, COALESCE(SUM(l.amount), 0)::bigint AS total
    FROM ledger_accounts a LEFT JOIN ledger_lines l ON l.account_id = a.id
    GROUP BY a.id HAVING a.balance <> CASE WHEN a.user_id IS NULL THEN 0 ELSE COALESCE(SUM(l.amount), 0) END`;
  const negative = await db.$queryRaw<{ code: string; balance: bigint }[]>`
    SELECT code, balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0`;
  const [sum] = await db.$queryRaw<{ total: bigint | null }[]>`SELECT SUM(amount)::bigint AS total FROM ledger_lines`;
  const total = sum?.total ?? 0n;
  return [
    ...unbalanced.map((r) => ({ problem: '交易借贷不平', detail: `交易 ${r.id} 合计 ${r.total}` })),
    ...drifted.map((r) => ({ problem: '余额与分录不符', detail: `${r.code} 余额 ${r.balance}，分录合计 ${r.total}` })),
    ...negative.map((r) => ({ problem: '余额为负', detail: `${r.code} 余额 ${r.balance}` })),
    ...(total !== 0n ? [{ problem: '全部分录合计不为零', detail: String(total) }] : []),
  ];
};

/**
 * What the ledger says about the platform as a whole, in fen: sales at list price net of refunds (the commission
 * and seller-income lines of purchases and their reversals), the platform's commission, tax withheld, money paid
 * out, and what users hold (balances, income, withdrawals awaiting payout). Platform figures come from the lines,
 * user figures from the kept balances.
 */
export const ledgerReport = async (db: PrismaClient | Tx) => {
  const [counts] = await db.$queryRaw<{ accounts: bigint; transactions: bigint }[]>`
    SELECT (SELECT COUNT(*) FROM ledger_accounts) AS accounts, (SELECT COUNT(*) FROM ledger_transactions) AS transactions`;
  const platform = await db.$queryRaw<{ kind: LedgerAccountKind; total: bigint | null }[]>`
    SELECT a.kind, SUM(l.amount)::bigint AS total FROM ledger_accounts a JOIN ledger_lines l ON l.account_id = a.id
    WHERE a.user_id IS NULL GROUP BY a.kind`;
  const users = await db.$queryRaw<{ kind: LedgerAccountKind; total: bigint | null }[]>`
    SELECT kind, SUM(balance)::bigint AS total FROM ledger_accounts WHERE user_id IS NOT NULL GROUP BY kind`;
  const [sales] = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT SUM(l.amount)::bigint AS total FROM ledger_lines l
    JOIN ledger_accounts a ON a.id = l.account_id JOIN ledger_transactions t ON t.id = l.transaction_id
    WHERE t.kind IN ('PURCHASE', 'REFUND') AND a.kind IN ('PLATFORM_COMMISSION', 'INCOME_PENDING')`;
  const of = (rows: { kind: LedgerAccountKind; total: bigint | null }[], kind: LedgerAccountKind) =>
    Number(rows.find((r) => r.kind === kind)?.total ?? 0n);
  return {
    accounts: Number(counts?.accounts ?? 0n),
    transactions: Number(counts?.transactions ?? 0n),
    totals: {
      sales: Number(sales?.total ?? 0n),
      commission: of(platform, 'PLATFORM_COMMISSION'),
      taxWithheld: of(platform, 'TAX_WITHHELD'),
      pendingPayouts: of(users, 'WITHDRAWALS_PAYABLE'),
      paidOut: of(platform, 'PAYOUT_CLEARING'),
      balances: of(users, 'BALANCE'),
      incomePending: of(users, 'INCOME_PENDING'),
      incomeAvailable: of(users, 'INCOME_AVAILABLE'),
      // Coupon funding gives (negative lines); what it gave is the discount the platform bore.
      couponFunded: -of(platform, 'COUPON_FUNDING'),
    },
  };
};
