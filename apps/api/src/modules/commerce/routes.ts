import { chinaYear, routes, yuanTextToFen } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { registerEntitlementRule } from '../library/access.ts';
import type { PaymentChannel } from './alipay/setup.ts';
import { listCoupons } from './coupons.ts';
import { idempotencyKeyOf, runIdempotent } from './idempotency.ts';
import { userBalances } from './ledger.ts';
import { createOrderService, findOwnOrder, hasPurchased, toOrderView } from './orders.ts';
import type { PayTokens } from './pay-token.ts';
import { createPaymentService } from './payments.ts';
import { createStatistics } from './statistics.ts';
import { afterTax } from './tax.ts';
import { createVerificationService } from './verification.ts';
import { createWithdrawalService } from './withdrawals.ts';

export const ALIPAY_NOTIFY_PATH = '/api/pay/alipay/notify';
export const ALIPAY_RETURN_PATH = '/api/pay/alipay/return';
/** The web page an Alipay binding returns to (it finishes the binding with the code it brings). */
const BINDING_RETURN_PAGE = '/personSpace/account/income/withdrawal';

/** Orders, payments (balance, coupon, Alipay or its sandbox), income, withdrawals and statistics. */
export default async function commerceRoutes(
  app: FastifyInstance,
  opts: { config: Config; channel: PaymentChannel; payTokens: PayTokens; stateSecret: Buffer },
) {
  const { config, channel, payTokens } = opts;
  const prisma = app.prisma;
  const orders = createOrderService(prisma, { orderTimeoutMinutes: config.ORDER_TIMEOUT_MINUTES, clock: app.clock });
  const payments = createPaymentService(prisma, { commissionPercent: config.COMMISSION_PERCENT, clock: app.clock });
  const withdrawals = createWithdrawalService(prisma, channel.alipay, {
    minWithdrawal: config.WITHDRAWAL_MIN_FEN,
    stateSecret: opts.stateSecret,
  });
  const stats = createStatistics(prisma, config.SETTLEMENT_DAYS);
  const verification = createVerificationService(prisma);

  /** Our own address as Alipay must call it back: PUBLIC_BASE_URL, or the origin this request came to. */
  const baseUrl = (request: FastifyRequest) => config.PUBLIC_BASE_URL || `${request.protocol}://${request.host}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // A paid order entitles its buyer to the resource's files (the library asks; it does not read orders).
  registerEntitlementRule(app, (userId, resourceId) => hasPurchased(prisma, userId, resourceId));

  registerRoute(app, routes.payInfoResource, ({ user, query }) => orders.forResource(user.id, query.resourceId));
  registerRoute(app, routes.payInfoOrder, ({ user, query }) => orders.info(user.id, query.orderNo));
  registerRoute(app, routes.orderSuccess, ({ user, query }) => orders.status(user.id, query.orderNo));
  registerRoute(app, routes.orderCancel, ({ user, query }) => orders.cancel(user.id, query.orderNo));
  registerRoute(app, routes.orderDelete, ({ user, query }) => orders.hide(user.id, query.orderNo));
  registerRoute(app, routes.buyRecord, ({ user, body }) => orders.buyRecord(user.id, body));

  registerRoute(app, routes.balancePay, ({ user, query, request }) => {
    payTokens.verify(user.id, query.payToken);
    const { payToken: _token, ...params } = query;
    return runIdempotent(
      prisma,
      { userId: user.id, key: idempotencyKeyOf(request), route: 'balance/pay', params },
      (tx) =>
        payments.payInside(tx, user.id, { orderNo: query.orderNo, couponId: query.couponId, paidByBalance: true }),
    );
  });

  registerRoute(app, routes.couponPay, ({ user, body, request }) => {
    if (body.payToken) payTokens.verify(user.id, body.payToken);
    const { payToken: _token, ...params } = body;
    return runIdempotent(
      prisma,
      { userId: user.id, key: idempotencyKeyOf(request), route: 'coupon/payPC', params },
      (tx) =>
        payments.payInside(tx, user.id, {
          orderNo: body.orderNo,
          couponId: body.couponId,
          paidByBalance: Boolean(body.payToken),
        }),
    );
  });

  registerRoute(app, routes.alipayPay, async ({ user, body, request }) => {
    const key = idempotencyKeyOf(request);
    const prepared = await runIdempotent(
      prisma,
      { userId: user.id, key, route: 'alipay/pay', params: body },
      async () => toOrderView(await payments.prepareChannelPayment(user.id, body.orderNo, body.couponId)),
    );
    const base = baseUrl(request);
    const payUrl = channel.alipay.pagePayUrl({
      orderNo: prepared.orderNo,
      amount: prepared.payAmount,
      subject: prepared.title,
      notifyUrl: `${base}${ALIPAY_NOTIFY_PATH}`,
      returnUrl: `${base}${ALIPAY_RETURN_PATH}`,
    });
    return { payUrl, order: prepared };
  });

  /** The user's coupons judged against one of their own orders, or against any order without one. */
  const couponsFor = async (userId: number, orderNo?: string) => {
    const order = orderNo ? await findOwnOrder(prisma, userId, orderNo) : null;
    return listCoupons(
      prisma,
      userId,
      order && { orderId: order.id, price: order.price, resourceType: order.resourceType },
      app.clock.now(),
    );
  };
  registerRoute(app, routes.myCouponsUsable, async ({ user, query }) => ({
    objList: (await couponsFor(user.id, query.orderNo)).usable,
  }));
  registerRoute(app, routes.myCouponsUnusable, async ({ user, query }) => ({
    objList: (await couponsFor(user.id, query.orderNo)).unusable,
  }));

  registerRoute(app, routes.revenueRecord, ({ user, body }) => stats.revenueRecord(user.id, body));
  registerRoute(app, routes.expenditureRecord, ({ user, body }) => stats.expenditureRecord(user.id, body));
  registerRoute(app, routes.withdrawalRecord, ({ user, body }) => withdrawals.records(user.id, body));
  registerRoute(app, routes.withdrawalPreview, ({ query }) => afterTax(query.amount));
  registerRoute(app, routes.withdrawal, ({ user, body, request }) => {
    payTokens.verify(user.id, body.payToken);
    return runIdempotent(
      prisma,
      { userId: user.id, key: idempotencyKeyOf(request), route: 'withdrawal', params: { amount: body.amount } },
      (tx) => withdrawals.request(tx, user.id, body.amount),
    );
  });

  const bindingReturn = (request: FastifyRequest) => `${baseUrl(request)}${BINDING_RETURN_PAGE}`;
  registerRoute(app, routes.alipayOauth, ({ user, query, request }) =>
    withdrawals.bind(
      user.id,
      { authCode: query.auth_code, state: query.state, redirectUri: bindingReturn(request) },
      'bind',
    ),
  );
  registerRoute(app, routes.replaceAlipay, ({ user, query, request }) =>
    withdrawals.bind(
      user.id,
      { authCode: query.auth_code, state: query.state, redirectUri: bindingReturn(request) },
      'replace',
    ),
  );

  registerRoute(app, routes.accountInfo, async ({ user }) => {
    const [balances, lifetime, alipay, payAccount, identity] = await Promise.all([
      userBalances(prisma, user.id),
      stats.lifetime(user.id),
      withdrawals.binding(user.id),
      prisma.payAccount.findUnique({ where: { userId: user.id } }),
      verification.info(user.id),
    ]);
    return {
      ...balances,
      ...lifetime,
      alipay,
      payPasswordSet: Boolean(payAccount?.payPasswordHash),
      verification: identity.status,
      rules: {
        minWithdrawal: config.WITHDRAWAL_MIN_FEN,
        settlementDays: config.SETTLEMENT_DAYS,
        commissionPercent: config.COMMISSION_PERCENT,
      },
    };
  });
  registerRoute(app, routes.sellerStatistics, ({ user }) => stats.overview(user.id));
  registerRoute(app, routes.amountStatistics, ({ user, query }) => stats.daily(user.id, query.days));
  registerRoute(app, routes.resourceStatistics, ({ user, query }) =>
    stats.resource(user.id, query.resourceId, query.days),
  );
  registerRoute(app, routes.revenueExpenditure, ({ user, query }) => stats.monthly(user.id, query.year ?? chinaYear()));
  registerRoute(app, routes.annualAccount, ({ user, query }) => stats.annual(user.id, query.year ?? chinaYear()));

  // Alipay's callbacks (outside the product API: Alipay's own protocol, form in, plain text out).
  app.post(ALIPAY_NOTIFY_PATH, async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    const record = (verified: boolean, outcome: string) =>
      prisma.paymentNotification.create({
        data: {
          provider: channel.name,
          outTradeNo: params.out_trade_no?.slice(0, 64) ?? null,
          tradeNo: params.trade_no?.slice(0, 64) ?? null,
          verified,
          outcome,
          params,
        },
      });
    const refuse = async (outcome: string) => {
      request.log.warn({ outcome, outTradeNo: params.out_trade_no }, '拒绝支付通知');
      await record(false, outcome);
      return reply.code(400).type('text/plain').send('failure');
    };
    if (typeof params !== 'object' || Array.isArray(params)) return refuse('MALFORMED');
    const check = channel.alipay.checkNotification(params);
    if (check !== 'OK') return refuse(check);
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') {
      await record(true, `IGNORED_${params.trade_status ?? 'NO_STATUS'}`);
      return reply.type('text/plain').send('success');
    }
    const amount = yuanTextToFen(params.total_amount);
    if (amount === null || amount <= 0 || !params.out_trade_no || !params.trade_no) return refuse('BAD_FIELDS');
    const outcome = await payments.applyChannelPayment(params.out_trade_no, amount, params.trade_no);
    if (outcome === 'UNKNOWN_ORDER') return refuse(outcome);
    await record(true, outcome);
    return reply.type('text/plain').send('success');
  });

  // The buyer's browser comes back here; the notification (not this redirect) is what marks the order paid.
  app.get(ALIPAY_RETURN_PATH, async (request, reply) => {
    const q = request.query as Record<string, string>;
    const orderNo = /^\d{20}$/.test(q.out_trade_no ?? '') ? q.out_trade_no : '';
    const verified = channel.alipay.verifyNotification(q);
    return reply.redirect(orderNo && verified ? `/pay?orderNo=${orderNo}&returned=1` : '/pay?returned=0', 302);
  });

  channel.registerGateway?.(app);
}
