import { CHINA_TIME_ZONE, chinaDate, MESSAGES, makePageBean } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { peopleOf } from '../auth/users.ts';
import { countPaidOnSale, dailyDownloadsOf, resourceForSale } from '../library/catalog.ts';
import { settlesAt } from './settlement.ts';

/** Day and month boundaries are China time, as the UI shows them. */
const TZ = CHINA_TIME_ZONE;

const addDays = (isoDate: string, n: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayRange = (days: number) => {
  const today = chinaDate();
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
};

const n = (v: bigint | number | null | undefined) => Number(v ?? 0);

export const createStatistics = (prisma: PrismaClient, settlementDays: number) => {
  const dailySales = async (sellerId: number, days: number, resourceId?: number) => {
    const from = dayRange(days)[0]!;
    const rows = await prisma.$queryRaw<{ day: string; sales: bigint; income: bigint }[]>`
      SELECT to_char((paid_at AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS day, COUNT(*) AS sales,
        SUM(seller_income) AS income
      FROM orders WHERE seller_id = ${sellerId} AND status = 'PAID'
        AND paid_at >= (${from}::date::timestamp AT TIME ZONE ${TZ})
        AND (${resourceId ?? null}::int IS NULL OR resource_id = ${resourceId ?? null}::int)
      GROUP BY 1`;
    return new Map(rows.map((r) => [r.day, { sales: n(r.sales), income: n(r.income) }]));
  };

  /** A page of orders that were paid (and maybe refunded since), newest payment first. */
  const paidOrders = async (
    party: { sellerId: number } | { buyerId: number },
    q: { current: number; size: number },
  ) => {
    const where = { ...party, status: { in: ['PAID' as const, 'REFUNDED' as const] } };
    const [rows, total] = await Promise.all([
      prisma.order.findMany({
        where,
        orderBy: [{ paidAt: 'desc' }, { id: 'desc' }],
        skip: (q.current - 1) * q.size,
        take: q.size,
      }),
      prisma.order.count({ where }),
    ]);
    return { rows, total };
  };

  return {
    revenueRecord: async (sellerId: number, q: { current: number; size: number }) => {
      const { rows, total } = await paidOrders({ sellerId }, q);
      const buyers = await peopleOf(
        prisma,
        rows.map((r) => r.buyerId),
      );
      return {
        objList: rows.map((o) => ({
          orderNo: o.orderNo,
          resourceId: o.resourceId,
          title: o.title,
          price: o.price,
          commission: o.commission,
          income: o.sellerIncome,
          state:
            o.status === 'REFUNDED' ? ('REFUNDED' as const) : o.settledAt ? ('SETTLED' as const) : ('PENDING' as const),
          paidAt: (o.paidAt ?? o.createdAt).toISOString(),
          settlesAt: (o.settledAt ?? settlesAt(o.paidAt ?? o.createdAt, settlementDays)).toISOString(),
          // Sellers see who bought, as the first character of the name (the buyer's privacy).
          buyer: `${(buyers.get(o.buyerId)?.realName ?? '用').slice(0, 1)}**`,
        })),
        pageBean: makePageBean(q.current, q.size, total),
      };
    },

    expenditureRecord: async (buyerId: number, q: { current: number; size: number }) => {
      const { rows, total } = await paidOrders({ buyerId }, q);
      const invoiced = new Set(
        (await prisma.invoiceItem.findMany({ where: { orderId: { in: rows.map((r) => r.id) } } })).map(
          (i) => i.orderId,
        ),
      );
      return {
        objList: rows.map((o) => ({
          orderNo: o.orderNo,
          resourceId: o.resourceId,
          title: o.title,
          price: o.price,
          discount: o.discount,
          payAmount: o.payAmount,
          payMethod: o.payMethod ?? ('BALANCE' as const),
          status: o.status,
          paidAt: (o.paidAt ?? o.createdAt).toISOString(),
          invoiced: invoiced.has(o.id),
        })),
        pageBean: makePageBean(q.current, q.size, total),
      };
    },

    overview: async (sellerId: number) => {
      const monthStart = `${chinaDate().slice(0, 7)}-01`;
      const [[totals], [month], onSale] = await Promise.all([
        prisma.$queryRaw<{ sales: bigint; income: bigint; buyers: bigint }[]>`
          SELECT COUNT(*) AS sales, COALESCE(SUM(seller_income), 0) AS income, COUNT(DISTINCT buyer_id) AS buyers
          FROM orders WHERE seller_id = ${sellerId} AND status = 'PAID'`,
        prisma.$queryRaw<{ sales: bigint; income: bigint }[]>`
          SELECT COUNT(*) AS sales, COALESCE(SUM(seller_income), 0) AS income FROM orders
          WHERE seller_id = ${sellerId} AND status = 'PAID' AND paid_at >= (${monthStart}::date::timestamp AT TIME ZONE ${TZ})`,
        countPaidOnSale(prisma, sellerId),
      ]);
      return {
        resourcesOnSale: onSale,
        totalSales: n(totals?.sales),
        totalIncome: n(totals?.income),
        monthSales: n(month?.sales),
        monthIncome: n(month?.income),
        buyers: n(totals?.buyers),
      };
    },

    daily: async (sellerId: number, days: number) => {
      const byDay = await dailySales(sellerId, days);
      return { points: dayRange(days).map((date) => ({ date, sales: 0, income: 0, ...byDay.get(date) })) };
    },

    resource: async (sellerId: number, resourceId: number, days: number) => {
      const resource = await resourceForSale(prisma, resourceId);
      if (!resource || resource.authorId !== sellerId || resource.deletedAt) {
        throw new AppError('NOT_FOUND', MESSAGES.sales.resourceNotOwn);
      }
      const from = dayRange(days)[0]!;
      const [byDay, downloads, [totals]] = await Promise.all([
        dailySales(sellerId, days, resourceId),
        dailyDownloadsOf(prisma, resourceId, new Date(`${from}T00:00:00Z`)),
        prisma.$queryRaw<{ sales: bigint; income: bigint }[]>`
          SELECT COUNT(*) AS sales, COALESCE(SUM(seller_income), 0) AS income FROM orders
          WHERE resource_id = ${resourceId} AND seller_id = ${sellerId} AND status = 'PAID'`,
      ]);
      const downloadsOn = new Map(downloads.map((d) => [d.day.toISOString().slice(0, 10), d.downloads]));
      return {
        resourceId,
        title: resource.title,
        price: resource.price,
        totalSales: n(totals?.sales),
        totalIncome: n(totals?.income),
        totalDownloads: resource.downloadCount,
        points: dayRange(days).map((date) => ({
          date,
          sales: 0,
          income: 0,
          ...byDay.get(date),
          downloads: downloadsOn.get(date) ?? 0,
        })),
      };
    },

    monthly: async (userId: number, year: number) => {
      const rows = await prisma.$queryRaw<{ month: number; income: bigint; expenditure: bigint }[]>`
        SELECT EXTRACT(MONTH FROM paid_at AT TIME ZONE ${TZ})::int AS month,
          COALESCE(SUM(seller_income) FILTER (WHERE seller_id = ${userId}), 0) AS income,
          COALESCE(SUM(pay_amount) FILTER (WHERE buyer_id = ${userId}), 0) AS expenditure
        FROM orders WHERE status = 'PAID' AND (seller_id = ${userId} OR buyer_id = ${userId})
          AND EXTRACT(YEAR FROM paid_at AT TIME ZONE ${TZ}) = ${year}
        GROUP BY 1`;
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      return {
        year,
        months: Array.from({ length: 12 }, (_, i) => ({
          month: i + 1,
          income: n(byMonth.get(i + 1)?.income),
          expenditure: n(byMonth.get(i + 1)?.expenditure),
        })),
      };
    },

    annual: async (userId: number, year: number) => {
      const [[sold], [bought], [paidOut]] = await Promise.all([
        prisma.$queryRaw<{ sales: bigint; gross: bigint; commission: bigint; income: bigint }[]>`
          SELECT COUNT(*) AS sales, COALESCE(SUM(price), 0) AS gross, COALESCE(SUM(commission), 0) AS commission,
            COALESCE(SUM(seller_income), 0) AS income
          FROM orders WHERE seller_id = ${userId} AND status = 'PAID'
            AND EXTRACT(YEAR FROM paid_at AT TIME ZONE ${TZ}) = ${year}`,
        prisma.$queryRaw<{ purchases: bigint; spent: bigint }[]>`
          SELECT COUNT(*) AS purchases, COALESCE(SUM(pay_amount), 0) AS spent
          FROM orders WHERE buyer_id = ${userId} AND status = 'PAID'
            AND EXTRACT(YEAR FROM paid_at AT TIME ZONE ${TZ}) = ${year}`,
        prisma.$queryRaw<{ amount: bigint; tax: bigint; net: bigint }[]>`
          SELECT COALESCE(SUM(amount), 0) AS amount, COALESCE(SUM(tax), 0) AS tax, COALESCE(SUM(net_amount), 0) AS net
          FROM withdrawals WHERE user_id = ${userId} AND status = 'PAID'
            AND EXTRACT(YEAR FROM reviewed_at AT TIME ZONE ${TZ}) = ${year}`,
      ]);
      return {
        year,
        sales: n(sold?.sales),
        grossSales: n(sold?.gross),
        commission: n(sold?.commission),
        income: n(sold?.income),
        purchases: n(bought?.purchases),
        expenditure: n(bought?.spent),
        withdrawn: n(paidOut?.amount),
        tax: n(paidOut?.tax),
        netWithdrawn: n(paidOut?.net),
      };
    },

    /** Lifetime totals for the account page. */
    lifetime: async (userId: number) => {
      const [[income], [paidOut]] = await Promise.all([
        prisma.$queryRaw<{ income: bigint }[]>`
          SELECT COALESCE(SUM(seller_income), 0) AS income FROM orders WHERE seller_id = ${userId} AND status = 'PAID'`,
        prisma.$queryRaw<{ amount: bigint; tax: bigint }[]>`
          SELECT COALESCE(SUM(amount), 0) AS amount, COALESCE(SUM(tax), 0) AS tax
          FROM withdrawals WHERE user_id = ${userId} AND status = 'PAID'`,
      ]);
      return { totalIncome: n(income?.income), totalWithdrawn: n(paidOut?.amount), totalTax: n(paidOut?.tax) };
    },
  };
};
