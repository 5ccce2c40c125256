import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportCatalogue, importCatalogue } from '../modules/catalogue/import.ts';
import { forgetCatalogue } from '../modules/catalogue/tree.ts';
import { dictTree } from '../modules/dict/service.ts';
import { markChaptersStale, reindexStale } from '../modules/library/search-index.ts';
import { ADMIN_COMMAND, type Command, flagArgs, need } from './command.ts';

/** Paths as the operator typed them, from where they ran pnpm. */
const resolve = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const formatOf = (file: string) => (file.toLowerCase().endsWith('.csv') ? 'csv' : 'json');

/** The textbook catalogue (modules/catalogue): import and export in the console's formats. */
export const catalogueCommands: Record<string, Command> = {
  'catalogue-import': {
    usage: 'catalogue-import <目录.json|目录.csv> [--dry-run]',
    help: '导入教材目录（JSON：按版本嵌套；CSV 列：code,parent_code,kind,name,stage,subject,grade），按编号幂等；任何一行有错则整体不写入；--dry-run 只检查不写入',
    run: async ({ prisma }, args, usage) => {
      const dryRun = args.includes('--dry-run');
      const rest = args.filter((a) => a !== '--dry-run');
      if (rest.length !== 1 || rest[0]!.startsWith('--')) throw new Error(`参数有误，用法：${ADMIN_COMMAND} ${usage}`);
      const file = rest[0]!;
      const { renamed, ...outcome } = await importCatalogue(
        prisma,
        formatOf(file),
        readFileSync(resolve(file), 'utf8'),
        {
          dryRun,
        },
      );
      forgetCatalogue();
      if (!dryRun && (await markChaptersStale(prisma, prisma, renamed)) > 0) await reindexStale(prisma);
      if (dryRun) console.log('（试运行，未写入）');
      console.log(`新建 ${outcome.created} 个节点，更新 ${outcome.updated} 个，未变 ${outcome.unchanged} 个`);
      return 0;
    },
  },
  'catalogue-export': {
    usage: 'catalogue-export <文件> --stage <学段> --subject <学科> [--format json|csv]',
    help: '导出一个学段学科的教材目录（含已停用节点），格式与导入相同；--format 不写时按文件扩展名',
    reads: true,
    run: async ({ prisma }, args, usage) => {
      const [file, ...options] = args;
      if (!file || file.startsWith('--')) throw new Error(`参数有误，用法：${ADMIN_COMMAND} ${usage}`);
      const flags = flagArgs(options, ['stage', 'subject', 'format'] as const, usage);
      const stageName = need(flags.stage, usage);
      const subjectName = need(flags.subject, usage);
      const format = flags.format ?? formatOf(file);
      if (format !== 'json' && format !== 'csv')
        throw new Error(`格式只能是 json 或 csv，用法：${ADMIN_COMMAND} ${usage}`);
      const dictionary = await dictTree(prisma);
      const stage = dictionary.stages.find((s) => s.name === stageName);
      if (!stage) throw new Error(`学段“${stageName}”不存在`);
      const subject = dictionary.subjects.find(
        (s) => s.stageId === stage.id && (s.name === subjectName || s.aliases.includes(subjectName)),
      );
      if (!subject) throw new Error(`学段“${stageName}”下没有学科“${subjectName}”`);
      const { content } = await exportCatalogue(prisma, stage.id, subject.id, format);
      writeFileSync(resolve(file), content);
      console.log(`已导出${stage.name}${subject.name}的教材目录到 ${resolve(file)}`);
      return 0;
    },
  },
};
