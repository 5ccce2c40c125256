import { chinaDateTime, fenToYuanText, MESSAGES, yuanTextToFen } from '@zyk/shared';
import { loadConfig } from '../config.ts';
import type { PrismaClient, ResourceType } from '../generated/prisma/client.ts';
import { AppError } from '../lib/errors.ts';
import { userByUserName } from '../modules/auth/users.ts';
import { checkLedger } from '../modules/commerce/ledger.ts';
import { closeExpiredOrders } from '../modules/commerce/orders.ts';
import { refundOrder } from '../modules/commerce/payments.ts';
import { settleDueIncome } from '../modules/commerce/settlement.ts';
import { creditBalance, grantCoupon } from '../modules/commerce/wallet.ts';
import { createWithdrawalAdmin } from '../modules/commerce/withdrawals.ts';
import { type Command, idArg, need } from './command.ts';

/** `12.5` yuan → 1250 fen; anything but an amount with at most two decimals is refused. */
const fenArg = (value: string | undefined, usage: string, allowZero = false) => {
  const text = need(value, usage);
  const fen = yuanTextToFen(text);
  if (fen === null || fen < (allowZero ? 0 : 1)) throw new Error(`金额有误（单位：元，最多两位小数）：${text}`);
  return fen;
};

const userIdOf = async (prisma: PrismaClient, userName: string) => {
  const user = await userByUserName(prisma, userName);
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.admin.userNotFound(userName));
  return user.id;
};

const RESOURCE_TYPES: Record<string, ResourceType> = {
  微课: 'MICRO_COURSE',
  文档: 'DOCUMENT',
  成果: 'ACHIEVEMENT',
};

/** The wallet, orders, settlement and withdrawals (issue #6). */
export const commerceCommands: Record<string, Command> = {
  'ledger-check': {
    reads: true,
    usage: 'ledger-check',
    help: '核对账本：每笔交易借贷平衡、每个账户余额等于其分录合计、用户账户不为负；有问题时退出码为 2',
    run: async ({ prisma }) => {
      const problems = await checkLedger(prisma);
      const [counts] = await prisma.$queryRaw<{ accounts: bigint; transactions: bigint }[]>`
        SELECT (SELECT COUNT(*) FROM ledger_accounts) AS accounts, (SELECT COUNT(*) FROM ledger_transactions) AS transactions`;
      if (problems.length === 0) {
        console.log(`账本一致：${counts?.accounts ?? 0} 个账户，${counts?.transactions ?? 0} 笔交易`);
        return 0;
      }
      for (const p of problems) console.log(`${p.problem}：${p.detail}`);
      return 2;
    },
  },
  'wallet-credit': {
    usage: 'wallet-credit <用户名> <金额（元）> [说明]',
    help: '给用户余额入账（如线下充值），记入账本并通知用户',
    run: async ({ prisma }, [userName, amount, ...memo], usage) => {
      const fen = fenArg(amount, usage);
      await creditBalance(prisma, await userIdOf(prisma, need(userName, usage)), fen, memo.join(' ') || '管理员充值');
      console.log(`已为 ${userName} 入账 ${fenToYuanText(fen)} 元`);
      return 0;
    },
  },
  'coupon-grant': {
    usage: 'coupon-grant <用户名> <面额（元）> <门槛（元）> <有效天数> [微课|文档|成果] [名称]',
    help: '发一张优惠券：满门槛可减面额，自今日起有效若干天，可限定资源类型',
    run: async ({ prisma }, [userName, amount, threshold, days, type, ...name], usage) => {
      const validDays = Number(need(days, usage));
      if (!Number.isInteger(validDays) || validDays < 1 || validDays > 3650) throw new Error(`有效天数有误：${days}`);
      const resourceType = type && type !== '全部' ? RESOURCE_TYPES[type] : null;
      if (resourceType === undefined) throw new Error(`资源类型须为 微课、文档、成果 或 全部：${type}`);
      const amountOff = fenArg(amount, usage);
      const coupon = await grantCoupon(prisma, {
        userId: await userIdOf(prisma, need(userName, usage)),
        name: name.join(' ') || `${fenToYuanText(amountOff)} 元优惠券`,
        amountOff,
        threshold: fenArg(threshold, usage, true),
        resourceType,
        validFrom: new Date(),
        validTo: new Date(Date.now() + validDays * 86_400_000),
      });
      console.log(`已发放优惠券 ${coupon.id}「${coupon.name}」给 ${userName}`);
      return 0;
    },
  },
  'settle-income': {
    usage: 'settle-income [提前天数]',
    help: '把结算期已满的销售收入转为可提现（后台每 30 秒自动做）；给出天数则按若干天后的日期结算',
    run: async ({ prisma }, [ahead]) => {
      const days = ahead === undefined ? 0 : Number(ahead);
      if (!Number.isInteger(days) || days < 0 || days > 365) throw new Error(`提前天数有误：${ahead}`);
      const settled = await settleDueIncome(
        prisma,
        loadConfig().SETTLEMENT_DAYS,
        new Date(Date.now() + days * 86_400_000),
      );
      console.log(`已结算 ${settled} 笔订单的收入`);
      return 0;
    },
  },
  'close-orders': {
    usage: 'close-orders',
    help: '关闭超过支付时限的待支付订单（后台每 30 秒自动做），释放占用的优惠券',
    run: async ({ prisma }) => {
      console.log(`已关闭 ${await closeExpiredOrders(prisma)} 个超时订单`);
      return 0;
    },
  },
  'order-refund': {
    usage: 'order-refund <订单号>',
    help: '退款（仅限收入尚未结算的已支付订单）：冲正原支付分录，款项退回买家余额，优惠券退回',
    run: async ({ prisma }, [orderNo], usage) => {
      const order = await refundOrder(prisma, need(orderNo, usage));
      console.log(`订单 ${order.orderNo} 已退款 ${fenToYuanText(order.payAmount)} 元`);
      return 0;
    },
  },
  withdrawals: {
    reads: true,
    usage: 'withdrawals',
    help: '列出待审核的提现申请',
    run: async ({ prisma }) => {
      const rows = await createWithdrawalAdmin(prisma).pending();
      if (rows.length === 0) console.log('没有待审核的提现申请');
      const users = await prisma.user.findMany({
        where: { id: { in: rows.map((r) => r.userId) } },
        select: { id: true, userName: true, realName: true },
      });
      const nameOf = new Map(users.map((u) => [u.id, `${u.realName} ${u.userName}`]));
      for (const w of rows) {
        console.log(
          `${w.id}\t${nameOf.get(w.userId)}\t提现 ${fenToYuanText(w.amount)} 元\t个税 ${fenToYuanText(w.tax)} 元\t实发 ${fenToYuanText(w.netAmount)} 元\t支付宝 ${w.alipayNickname}（${w.alipayUserId}）\t${chinaDateTime(w.createdAt)}`,
        );
      }
      return 0;
    },
  },
  'withdrawal-approve': {
    usage: 'withdrawal-approve <编号>',
    help: '确认已打款：代扣个税入账，用户收到到账通知',
    run: async ({ prisma }, [id], usage) => {
      const w = await createWithdrawalAdmin(prisma).approve(idArg(id, usage));
      console.log(
        `提现 ${w.id} 已确认打款：实发 ${fenToYuanText(w.netAmount)} 元，代扣个税 ${fenToYuanText(w.tax)} 元`,
      );
      return 0;
    },
  },
  'withdrawal-reject': {
    usage: 'withdrawal-reject <编号> <原因>',
    help: '驳回提现：冻结的金额退回可提现收入，用户收到原因',
    run: async ({ prisma }, [id, ...reason], usage) => {
      const w = await createWithdrawalAdmin(prisma).reject(
        Number(need(id, usage)),
        need(reason.join(' ').trim(), usage),
      );
      console.log(`提现 ${w.id} 已驳回，${fenToYuanText(w.amount)} 元已退回`);
      return 0;
    },
  },
};
