import path from 'node:path';
import { formatBytes } from '@zyk/shared';
import { createBackup, restoreBackup } from '../backup/backup.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/bootstrap.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { openStorage } from '../modules/storage/plugin.ts';
import type { ObjectStorage } from '../modules/storage/types.ts';
import type { DirectCommand } from './command.ts';
import { ADMIN_COMMAND } from './command.ts';

/** The one directory argument, as the operator typed it from where they ran pnpm. */
const dirArg = (args: string[], usage: string) => {
  const [dir] = args;
  if (args.length !== 1 || !dir || dir.startsWith('-')) throw new Error(`参数有误，用法：${ADMIN_COMMAND} ${usage}`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
};

/** The configured database as it is (neither migrated nor seeded) and the configured storage, for one command. */
const withTargets = async (config: Config, work: (databaseUrl: string, storage: ObjectStorage) => Promise<number>) => {
  const database = await openDatabase(config);
  let storage: ObjectStorage | undefined;
  try {
    storage = await openStorage(config);
    return await work(database.url, storage);
  } finally {
    await storage?.close();
    await database.stop();
  }
};

/** Backup and restore (src/backup): they open the database and storage themselves, not through buildApp. */
export const backupCommands: Record<string, DirectCommand> = {
  backup: {
    usage: 'backup <目录>',
    help: '备份数据库（同一时刻的一致快照）与存储中的全部文件到一个新的空目录，附清单（行数、SHA-256）',
    direct: async (config, args, usage) => {
      const dir = dirArg(args, usage);
      return withTargets(config, async (databaseUrl, storage) => {
        const { manifest, vanished } = await createBackup({ databaseUrl, storage, dir, log: console.log });
        console.log(`文件：${manifest.objects.count} 个，共 ${formatBytes(manifest.objects.bytes)}`);
        if (vanished > 0) console.log(`另有 ${vanished} 个文件在复制前已被删除（被替换的预览等），未备份`);
        console.log(`已备份到 ${dir}`);
        return 0;
      });
    },
  },
  restore: {
    usage: 'restore <目录>',
    help: '把备份恢复到新建的空数据库与空存储：先核对全部文件的 SHA-256，数据库在一个事务里写入，失败不留下任何数据',
    direct: async (config, args, usage) => {
      const dir = dirArg(args, usage);
      return withTargets(config, async (databaseUrl, storage) => {
        const { manifest } = await restoreBackup({
          databaseUrl,
          storage,
          dir,
          migrationsDir: MIGRATIONS_DIR,
          log: console.log,
        });
        console.log(`文件：${manifest.objects.count} 个，共 ${formatBytes(manifest.objects.bytes)}，SHA-256 均已核对`);
        console.log(`已从 ${dir} 恢复（备份时间 ${manifest.createdAt}）`);
        return 0;
      });
    },
  },
};
