import { chinaDateTime, fenToYuanText, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { AppError } from '../lib/errors.ts';
import { userByUserName } from '../modules/auth/users.ts';
import { createInvoiceAdmin } from '../modules/commerce/invoices.ts';
import { unlockPayPassword } from '../modules/commerce/pay-password.ts';
import { createVerificationAdmin } from '../modules/commerce/verification.ts';
import { type Command, idArg, need, reviewCommand } from './command.ts';

const userNames = async (prisma: PrismaClient, ids: number[]) => {
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, userName: true, realName: true },
  });
  return new Map(users.map((u) => [u.id, `${u.realName} ${u.userName}`]));
};

/** Identity verification, invoices and the pay-password lock (issue #6). */
export const verifyCommands: Record<string, Command> = {
  verifications: {
    reads: true,
    usage: 'verifications',
    help: '列出待审核的实名认证申请（含证件照文件，管理员登录后可在 /api/file/info/<文件编号> 查看）',
    run: async ({ prisma }) => {
      const rows = await createVerificationAdmin(prisma).pending();
      if (rows.length === 0) console.log('没有待审核的实名认证申请');
      const names = await userNames(
        prisma,
        rows.map((r) => r.userId),
      );
      for (const r of rows) {
        console.log(
          `#${r.id}  ${r.realName}  ${r.idCard}  （账号 ${names.get(r.userId) ?? r.userId}，${chinaDateTime(r.createdAt)}）`,
        );
        console.log(`    人像面 /api/file/info/${r.frontFileId}  国徽面 /api/file/info/${r.backFileId}`);
      }
      return 0;
    },
  },
  'verification-approve': {
    usage: 'verification-approve <申请编号>',
    help: '通过实名认证（用户会收到消息）',
    run: async ({ prisma }, [id], usage) => {
      console.log(await createVerificationAdmin(prisma).approve(idArg(id, usage)));
      return 0;
    },
  },
  'verification-reject': {
    usage: 'verification-reject <申请编号> <原因>',
    help: '驳回实名认证（用户会收到原因，可重新提交）',
    run: reviewCommand((prisma, id, reason) => createVerificationAdmin(prisma).reject(id, reason)),
  },
  invoices: {
    reads: true,
    usage: 'invoices',
    help: '列出待开具的发票申请',
    run: async ({ prisma }) => {
      const rows = await createInvoiceAdmin(prisma).requested();
      if (rows.length === 0) console.log('没有待开具的发票申请');
      const names = await userNames(
        prisma,
        rows.map((r) => r.userId),
      );
      for (const r of rows) {
        const kind = r.titleType === 'COMPANY' ? `单位 税号 ${r.taxNumber}` : '个人';
        console.log(
          `#${r.id}  ${r.title}（${kind}）  ¥${fenToYuanText(r.amount)}  ${r.email}  （账号 ${names.get(r.userId) ?? r.userId}）`,
        );
        console.log(`    订单 ${r.items.map((i) => `#${i.orderId}`).join(' ')}`);
      }
      return 0;
    },
  },
  'invoice-issue': {
    usage: 'invoice-issue <申请编号> <发票号码>',
    help: '登记已开具的发票号码（用户会收到消息）',
    run: reviewCommand((prisma, id, invoiceNo) => createInvoiceAdmin(prisma).issue(id, invoiceNo)),
  },
  'invoice-reject': {
    usage: 'invoice-reject <申请编号> <原因>',
    help: '驳回发票申请（其订单可重新申请开票，用户会收到原因）',
    run: reviewCommand((prisma, id, reason) => createInvoiceAdmin(prisma).reject(id, reason)),
  },
  'pay-password-unlock': {
    usage: 'pay-password-unlock <用户名>',
    help: '解除支付密码错误过多造成的锁定',
    run: async ({ prisma }, [userName], usage) => {
      const name = need(userName, usage);
      const user = await userByUserName(prisma, name);
      if (!user) throw new AppError('NOT_FOUND', MESSAGES.admin.userNotFound(name));
      const unlocked = await unlockPayPassword(prisma, user.id);
      console.log(unlocked ? `已解除 ${name} 的支付密码锁定` : `${name} 尚未设置支付密码，无需解除`);
      return 0;
    },
  },
};
