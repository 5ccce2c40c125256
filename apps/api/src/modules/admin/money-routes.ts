import {
  type AdminCouponItem,
  type AdminInvoiceItem,
  type AdminOrderItem,
  type AdminVerificationItem,
  type AdminWithdrawalItem,
  fenToYuanText,
  MESSAGES,
  makePageBean,
  routes,
} from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Coupon, IdentityVerification, Order, Withdrawal } from '../../generated/prisma/client.ts';
import type { AdminContext } from '../../lib/contract.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';
import { confirmPassword } from '../auth/permissions.ts';
import { userById, userByUserName } from '../auth/users.ts';
import { couponPage, couponState } from '../commerce/coupons.ts';
import { createInvoiceAdmin, invoiceById, invoicePage } from '../commerce/invoices.ts';
import { checkLedger, ledgerReport } from '../commerce/ledger.ts';
import { adminOrderPage, isRefundable, orderByNo } from '../commerce/orders.ts';
import { refundOrder } from '../commerce/payments.ts';
import {
  createVerificationAdmin,
  rejectedVerificationsOf,
  verificationById,
  verificationPage,
} from '../commerce/verification.ts';
import { grantCoupon } from '../commerce/wallet.ts';
import { createWithdrawalAdmin, withdrawalById, withdrawalPage } from '../commerce/withdrawals.ts';
import { createSignedFileUrl } from '../files/plugin.ts';
import { sendMessage } from '../messages/service.ts';
import { audited } from './audited.ts';

type Db = FastifyInstance['prisma'] | Tx;
type Person = { userId: number; userName: string; realName: string };

const MSG = MESSAGES.console.money;
/** ID photos are shown through URLs that stop working soon after the page asked for them. */
const PHOTO_URL_SECONDS = 600;
const DAY_MS = 86_400_000;

/** Money is district business: a school or subject scope does not reach it even if a role holds the permission. */
const districtOnly = (admin: AdminContext) => {
  if (!admin.scope.all) throw new AppError('FORBIDDEN', MSG.districtOnly);
};

/** Name and user name of each account (a page holds at most 100 rows, so at most 200 people). */
const peopleById = async (db: Db, ids: number[]) => {
  const users = await Promise.all([...new Set(ids)].map((id) => userById(db, id)));
  return new Map<number, Person>(
    users.map((u) => [u.id, { userId: u.id, userName: u.userName, realName: u.realName }]),
  );
};
const personOf = (people: Map<number, Person>, id: number): Person =>
  people.get(id) ?? { userId: id, userName: '', realName: '' };

/** The id of the user named in a list filter; undefined without a filter, null when nobody has that name. */
const filterUserId = async (db: Db, userName: string | undefined) => {
  if (!userName) return undefined;
  return (await userByUserName(db, userName))?.id ?? null;
};
const emptyPage = (current: number, size: number) => ({ objList: [], pageBean: makePageBean(current, size, 0) });

const toVerification = (v: IdentityVerification, who: Person): AdminVerificationItem => ({
  ...who,
  id: v.id,
  claimedName: v.realName,
  idCard: v.idCard,
  status: v.status,
  reviewNote: v.reviewNote,
  createdAt: v.createdAt.toISOString(),
  reviewedAt: v.reviewedAt?.toISOString() ?? null,
});

const toWithdrawal = (w: Withdrawal, who: Person): AdminWithdrawalItem => ({
  ...who,
  id: w.id,
  amount: w.amount,
  tax: w.tax,
  netAmount: w.netAmount,
  alipayAccount: w.alipayUserId,
  alipayNickname: w.alipayNickname,
  status: w.status,
  reviewNote: w.reviewNote,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
});

const toCoupon = (c: Coupon, who: Person, now: Date): AdminCouponItem => ({
  ...who,
  id: c.id,
  name: c.name,
  amountOff: c.amountOff,
  threshold: c.threshold,
  resourceType: c.resourceType,
  validFrom: c.validFrom.toISOString(),
  validTo: c.validTo.toISOString(),
  status: couponState(c, now),
  usedAt: c.usedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

const toOrder = (o: Order, people: Map<number, Person>): AdminOrderItem => ({
  id: o.id,
  orderNo: o.orderNo,
  title: o.title,
  resourceId: o.resourceId,
  resourceType: o.resourceType,
  buyer: personOf(people, o.buyerId),
  seller: personOf(people, o.sellerId),
  price: o.price,
  discount: o.discount,
  payAmount: o.payAmount,
  payMethod: o.payMethod,
  commission: o.commission,
  sellerIncome: o.sellerIncome,
  status: o.status as 'PAID' | 'REFUNDED',
  paidAt: o.paidAt?.toISOString() ?? null,
  settledAt: o.settledAt?.toISOString() ?? null,
  refundedAt: o.refundedAt?.toISOString() ?? null,
  refundable: isRefundable(o),
});

/** What the audit log keeps of a decision: the state, and what the user was told. */
const decisionState = (row: { status: string; reviewNote: string | null }) => ({
  status: row.status,
  reviewNote: row.reviewNote,
});

/** The console's money pages: verifications, withdrawals, invoices, coupons, refunds and the ledger check. */
export default async function moneyRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const verifications = createVerificationAdmin(app.prisma);
  const withdrawals = createWithdrawalAdmin(app.prisma);
  const invoices = createInvoiceAdmin(app.prisma);

  // --- Real-name verifications ---

  const verificationOr404 = async (db: Db, id: number) => {
    const found = await verificationById(db, id);
    if (!found) throw new AppError('NOT_FOUND', MSG.verificationNotFound(id));
    return found;
  };

  registerRoute(app, routes.adminVerificationList, async ({ admin, query }) => {
    districtOnly(admin);
    const userId = await filterUserId(app.prisma, query.userName);
    if (userId === null) return emptyPage(query.current, query.size);
    const { rows, total } = await verificationPage(app.prisma, { ...query, userId });
    const people = await peopleById(
      app.prisma,
      rows.map((r) => r.userId),
    );
    return {
      objList: rows.map((r) => toVerification(r, personOf(people, r.userId))),
      pageBean: makePageBean(query.current, query.size, total),
    };
  });

  // The photos are the one thing a reviewer needs and nobody else may see: their signed URLs are made here, after
  // the route's guard has checked money.verify, and expire within minutes; the files themselves stay private.
  registerRoute(app, routes.adminVerificationDetail, async ({ admin, query }) => {
    districtOnly(admin);
    const v = await verificationOr404(app.prisma, query.id);
    const [people, earlier] = await Promise.all([
      peopleById(app.prisma, [v.userId]),
      rejectedVerificationsOf(app.prisma, v.userId),
    ]);
    const photo = (fileId: string) =>
      createSignedFileUrl(app, fileId, { disposition: 'inline', ttlSeconds: PHOTO_URL_SECONDS });
    return {
      ...toVerification(v, personOf(people, v.userId)),
      frontUrl: photo(v.frontFileId),
      backUrl: photo(v.backFileId),
      earlier,
    };
  });

  registerRoute(app, routes.adminVerificationApprove, async ({ admin, body, request }) => {
    districtOnly(admin);
    return audited(app, request, admin, async (tx) => {
      const before = await verificationOr404(tx, body.id);
      await verifications.approve(body.id);
      const after = await verificationOr404(tx, body.id);
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toVerification(after, who),
        audit: {
          action: 'verification.approve',
          targetType: 'identity_verification',
          targetId: body.id,
          summary: MSG.verificationApproved(`${who.realName}（${who.userName}）`),
          before: decisionState(before),
          after: decisionState(after),
        },
      };
    });
  });

  registerRoute(app, routes.adminVerificationReject, async ({ admin, body, request }) => {
    districtOnly(admin);
    return audited(app, request, admin, async (tx) => {
      const before = await verificationOr404(tx, body.id);
      await verifications.reject(body.id, body.reason);
      const after = await verificationOr404(tx, body.id);
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toVerification(after, who),
        audit: {
          action: 'verification.reject',
          targetType: 'identity_verification',
          targetId: body.id,
          summary: `${MSG.verificationRejected(`${who.realName}（${who.userName}）`)}：${body.reason}`,
          before: decisionState(before),
          after: decisionState(after),
        },
      };
    });
  });

  // --- Withdrawals ---

  /** A pending withdrawal, read in the deciding transaction (the decision itself claims it atomically). */
  const pendingWithdrawal = async (tx: Tx, id: number) => {
    const found = await withdrawalById(tx, id);
    if (!found) throw new AppError('NOT_FOUND', MSG.withdrawalNotFound(id));
    if (found.status !== 'PENDING') throw new AppError('CONFLICT', MSG.withdrawalHandled(id));
    return found;
  };

  registerRoute(app, routes.adminWithdrawalList, async ({ admin, query }) => {
    districtOnly(admin);
    const userId = await filterUserId(app.prisma, query.userName);
    const { rows, total, pendingTotal } = await withdrawalPage(app.prisma, {
      ...query,
      // Nobody by that name: a filter no row matches.
      userId: userId === null ? -1 : userId,
    });
    const people = await peopleById(
      app.prisma,
      rows.map((r) => r.userId),
    );
    return {
      objList: rows.map((r) => toWithdrawal(r, personOf(people, r.userId))),
      pageBean: makePageBean(query.current, query.size, total),
      pendingTotal,
    };
  });

  registerRoute(app, routes.adminWithdrawalApprove, async ({ admin, body, request }) => {
    districtOnly(admin);
    // Paying out is sensitive: the password first, outside the transaction (a miss is counted and must stay).
    await confirmPassword(app.prisma, admin.userId, body.confirmPassword);
    return audited(app, request, admin, async (tx) => {
      const before = await pendingWithdrawal(tx, body.id);
      // Joins this transaction; its conditional update lets exactly one of two concurrent approvals through.
      await withdrawals.approve(body.id);
      const after = (await withdrawalById(tx, body.id))!;
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toWithdrawal(after, who),
        audit: {
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: body.id,
          summary: `${MSG.withdrawalPaid(fenToYuanText(after.amount))}（${who.realName}（${who.userName}），代扣个税 ${fenToYuanText(after.tax)} 元，实发 ${fenToYuanText(after.netAmount)} 元）`,
          before: { ...decisionState(before), amount: before.amount },
          after: { ...decisionState(after), amount: after.amount, tax: after.tax, netAmount: after.netAmount },
        },
      };
    });
  });

  registerRoute(app, routes.adminWithdrawalReject, async ({ admin, body, request }) => {
    districtOnly(admin);
    return audited(app, request, admin, async (tx) => {
      const before = await pendingWithdrawal(tx, body.id);
      await withdrawals.reject(body.id, body.reason);
      const after = (await withdrawalById(tx, body.id))!;
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toWithdrawal(after, who),
        audit: {
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: body.id,
          summary: `${MSG.withdrawalRejected(fenToYuanText(after.amount))}（${who.realName}（${who.userName}）：${body.reason}）`,
          before: { ...decisionState(before), amount: before.amount },
          after: { ...decisionState(after), amount: after.amount },
        },
      };
    });
  });

  // --- Invoices ---

  const invoiceOr404 = async (db: Db, id: number) => {
    const found = await invoiceById(db, id);
    if (!found) throw new AppError('NOT_FOUND', MSG.invoiceNotFound(id));
    return found;
  };
  const toInvoice = (
    { userId, ...invoice }: Awaited<ReturnType<typeof invoiceOr404>>,
    who: Person,
  ): AdminInvoiceItem => ({ ...invoice, ...who, userId });

  registerRoute(app, routes.adminInvoiceList, async ({ admin, query }) => {
    districtOnly(admin);
    const userId = await filterUserId(app.prisma, query.userName);
    if (userId === null) return emptyPage(query.current, query.size);
    const { rows, total } = await invoicePage(app.prisma, { ...query, userId });
    const people = await peopleById(
      app.prisma,
      rows.map((r) => r.userId),
    );
    return {
      objList: rows.map((r) => toInvoice(r, personOf(people, r.userId))),
      pageBean: makePageBean(query.current, query.size, total),
    };
  });

  registerRoute(app, routes.adminInvoiceIssue, async ({ admin, body, request }) => {
    districtOnly(admin);
    return audited(app, request, admin, async (tx) => {
      const before = await invoiceOr404(tx, body.id);
      await invoices.issue(body.id, body.invoiceNo);
      const after = await invoiceOr404(tx, body.id);
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toInvoice(after, who),
        audit: {
          action: 'invoice.issue',
          targetType: 'invoice',
          targetId: body.id,
          summary: `${MSG.invoiceIssued(body.invoiceNo)}（抬头 ${after.title}，¥${fenToYuanText(after.amount)}）`,
          before: { status: before.status, invoiceNo: before.invoiceNo },
          after: { status: after.status, invoiceNo: after.invoiceNo },
        },
      };
    });
  });

  registerRoute(app, routes.adminInvoiceReject, async ({ admin, body, request }) => {
    districtOnly(admin);
    return audited(app, request, admin, async (tx) => {
      const before = await invoiceOr404(tx, body.id);
      await invoices.reject(body.id, body.reason);
      const after = await invoiceOr404(tx, body.id);
      const who = personOf(await peopleById(tx, [after.userId]), after.userId);
      return {
        data: toInvoice(after, who),
        audit: {
          action: 'invoice.reject',
          targetType: 'invoice',
          targetId: body.id,
          summary: `驳回开票申请（抬头 ${after.title}，¥${fenToYuanText(after.amount)}）：${body.reason}`,
          before: { ...decisionState(before), orderIds: before.orders.map((o) => o.id) },
          after: { ...decisionState(after), orderIds: [] },
        },
      };
    });
  });

  // --- Coupons ---

  registerRoute(app, routes.adminCouponList, async ({ admin, query }) => {
    districtOnly(admin);
    const userId = await filterUserId(app.prisma, query.userName);
    if (userId === null) return emptyPage(query.current, query.size);
    const now = app.clock.now();
    const { rows, total } = await couponPage(app.prisma, { ...query, userId, now });
    const people = await peopleById(
      app.prisma,
      rows.map((r) => r.userId),
    );
    return {
      objList: rows.map((r) => toCoupon(r, personOf(people, r.userId), now)),
      pageBean: makePageBean(query.current, query.size, total),
    };
  });

  registerRoute(app, routes.adminCouponGrant, async ({ admin, body, request }) => {
    districtOnly(admin);
    const names = [...new Set(body.userNames)];
    const found = await Promise.all(names.map((name) => userByUserName(app.prisma, name)));
    const unknown = names.filter((_, i) => !found[i]);
    if (unknown.length > 0) throw new AppError('BAD_REQUEST', MSG.couponUsersUnknown(unknown));
    const users = found.filter((u) => u !== null);
    const now = app.clock.now();
    const validTo = new Date(now.getTime() + body.validDays * DAY_MS);
    return audited(app, request, admin, async (tx) => {
      const granted: AdminCouponItem[] = [];
      for (const user of users) {
        const coupon = await grantCoupon(tx, {
          userId: user.id,
          name: body.name,
          amountOff: body.amountOff,
          threshold: body.threshold,
          resourceType: body.resourceType,
          validFrom: now,
          validTo,
        });
        await sendMessage(tx, {
          userId: user.id,
          type: 'purchase',
          title: `获得优惠券：${body.name}`,
          content: `您获得一张优惠券「${body.name}」：${body.threshold > 0 ? `满 ${fenToYuanText(body.threshold)} 元` : '无门槛'}减 ${fenToYuanText(body.amountOff)} 元，${body.validDays} 天内有效。`,
          link: '/personSpace/account/expenditure/expenditure',
        });
        granted.push(toCoupon(coupon, { userId: user.id, userName: user.userName, realName: user.realName }, now));
      }
      return {
        data: { granted },
        audit: granted.map((c) => ({
          action: 'coupon.grant',
          targetType: 'coupon',
          targetId: c.id,
          summary: `发放优惠券「${c.name}」（减 ${fenToYuanText(c.amountOff)} 元）给 ${c.realName}（${c.userName}）`,
          before: null,
          after: {
            userId: c.userId,
            amountOff: c.amountOff,
            threshold: c.threshold,
            resourceType: c.resourceType,
            validTo: c.validTo,
          },
        })),
      };
    });
  });

  // --- Refunds ---

  registerRoute(app, routes.adminOrderList, async ({ admin, query }) => {
    districtOnly(admin);
    const buyerId = await filterUserId(app.prisma, query.userName);
    if (buyerId === null) return emptyPage(query.current, query.size);
    const { rows, total } = await adminOrderPage(app.prisma, { ...query, buyerId });
    const people = await peopleById(
      app.prisma,
      rows.flatMap((r) => [r.buyerId, r.sellerId]),
    );
    return {
      objList: rows.map((r) => toOrder(r, people)),
      pageBean: makePageBean(query.current, query.size, total),
    };
  });

  registerRoute(app, routes.adminOrderRefund, async ({ admin, body, request }) => {
    districtOnly(admin);
    await confirmPassword(app.prisma, admin.userId, body.confirmPassword);
    return audited(app, request, admin, async (tx) => {
      const before = await orderByNo(tx, body.orderNo);
      if (!before) throw new AppError('NOT_FOUND', MSG.orderNotFound(body.orderNo));
      // Locks the order and refuses what is not paid or already settled.
      await refundOrder(app.prisma, body.orderNo);
      const after = (await orderByNo(tx, body.orderNo))!;
      const people = await peopleById(tx, [after.buyerId, after.sellerId]);
      const buyer = personOf(people, after.buyerId);
      return {
        data: toOrder(after, people),
        audit: {
          action: 'order.refund',
          targetType: 'order',
          targetId: after.orderNo,
          summary: `${MSG.orderRefunded(after.orderNo, fenToYuanText(after.payAmount))}（《${after.title}》，买家 ${buyer.realName}（${buyer.userName}））`,
          before: { status: before.status, payAmount: before.payAmount, couponId: before.couponId },
          after: { status: after.status, refundedAt: after.refundedAt?.toISOString() ?? null },
        },
      };
    });
  });

  // --- Ledger ---

  registerRoute(app, routes.adminLedgerCheck, async ({ admin }) => {
    districtOnly(admin);
    const [problems, report] = await Promise.all([checkLedger(app.prisma), ledgerReport(app.prisma)]);
    return {
      consistent: problems.length === 0,
      problems,
      ...report,
      checkedAt: new Date().toISOString(),
    };
  });
}
