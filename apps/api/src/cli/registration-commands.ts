import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importAllowlist } from '../modules/registration/allowlist.ts';
import type { Command } from './command.ts';
import { ADMIN_COMMAND } from './command.ts';

/** The allow-list of the roster registration policy (REGISTRATION_POLICY=roster). */
export const registrationCommands: Record<string, Command> = {
  'import-allowlist': {
    usage: 'import-allowlist <名单.csv> [--dry-run]',
    help: '导入可注册教师名单（CSV 列：realName,phone,idCard；手机号与身份证号至少一项），按手机号或身份证号幂等；--dry-run 只检查不写入',
    run: async ({ prisma }, args, usage) => {
      const dryRun = args.includes('--dry-run');
      const file = args.find((a) => a !== '--dry-run');
      if (!file || args.some((a) => a.startsWith('--') && a !== '--dry-run')) {
        throw new Error(`参数有误，用法：${ADMIN_COMMAND} ${usage}`);
      }
      const text = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
      const report = await importAllowlist(prisma, text, { dryRun });
      if (dryRun) console.log('（试运行，未写入）');
      console.log(
        `新增 ${report.created} 条，更新 ${report.updated} 条，未变 ${report.unchanged} 条，拒绝 ${report.rejected.length} 条`,
      );
      for (const r of report.rejected) console.log(`  第 ${r.line} 行${r.key ? `（${r.key}）` : ''}：${r.reason}`);
      return report.rejected.length > 0 ? 2 : 0;
    },
  },
};
