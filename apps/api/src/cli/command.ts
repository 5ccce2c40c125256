import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { recordAudit } from '../modules/audit/service.ts';

/**
 * How an administrator runs the CLI, as every message and the README write it: npm is there wherever Node is, pnpm
 * only where a developer installed it.
 */
export const ADMIN_COMMAND = 'npm run admin --';

/** One `npm run admin -- <command> [args]` entry: it prints what it did, in Chinese, and answers the exit code. */
export interface Command {
  usage: string;
  help: string;
  /**
   * `app` is the api built as the server builds it (buildApp; not listening, no background tasks); `usage` is this
   * command's own `usage`, for the messages that name it.
   */
  run: (app: FastifyInstance, args: string[], usage: string) => Promise<number>;
  /** Only looks (lists, checks): not written to the audit log. */
  reads?: boolean;
}

/**
 * A command that opens the database and storage itself instead of running on the built app: a restore must find
 * the database as it is, neither migrated nor seeded. Not written to the audit log (a restore leaves the database
 * exactly as it was backed up).
 */
export interface DirectCommand {
  usage: string;
  help: string;
  direct: (config: Config, args: string[], usage: string) => Promise<number>;
}

/** Arguments never written down: the value after `--password`, and reset-password's new password. */
const maskSecrets = (name: string, args: string[]) =>
  args.map((arg, i) =>
    args[i - 1] === '--password' || arg.startsWith('--password=') || (name === 'reset-password' && i === 1)
      ? arg.startsWith('--password=')
        ? '--password=***'
        : '***'
      : arg,
  );

/**
 * Runs a command. One that changes something and finishes (whatever its exit code: an import with rejected rows
 * still imported the rest) is appended to the audit log like a console action, as done from the command line by
 * the operating-system user, with its command line (secrets masked).
 */
export const runCommand = async (app: FastifyInstance, name: string, command: Command, args: string[]) => {
  const code = await command.run(app, args, command.usage);
  if (!command.reads) {
    const line = [ADMIN_COMMAND, name, ...maskSecrets(name, args)].join(' ');
    await recordAudit(app.prisma, {
      actorId: null,
      actorName: `命令行（${userInfo().username}）`,
      action: `cli.${name}`,
      targetType: 'cli',
      summary: line,
    });
  }
  return code;
};

/** The argument, or an error naming the command's usage. */
export const need = (value: string | undefined, usage: string) => {
  if (!value) throw new Error(`缺少参数，用法：${ADMIN_COMMAND} ${usage}`);
  return value;
};

/**
 * `--name value` (or `--name=value`) options of a command line, read by node:util parseArgs. Only `names` are
 * accepted; a value may start with a dash (a password can). A stray word, a missing value or `--` answers
 * 「参数有误：<the whole line>」, an unknown option names itself and the usage.
 */
export const flagArgs = <N extends string>(args: string[], names: readonly N[], usage: string) => {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  // Not strict: strict mode refuses values that start with a dash and words its errors in English.
  const { values, tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option' && !Object.hasOwn(options, token.name)) {
      throw new Error(`参数有误：未知参数 ${token.rawName}，用法：${ADMIN_COMMAND} ${usage}`);
    }
    if (token.kind !== 'option' || token.value === undefined) throw new Error(`参数有误：${args.join(' ')}`);
  }
  return values as Partial<Record<N, string>>;
};

/** A record's id argument: a whole number that fits a database integer. */
export const idArg = (value: string | undefined, usage: string) => {
  const id = Number(need(value, usage));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new Error(`编号须为正整数：${value}`);
  return id;
};

/** A decision on `<编号> <原因…>`: the reason is the rest of the line and may not be empty. */
export const reviewCommand =
  (op: (prisma: PrismaClient, id: number, reason: string) => Promise<string>) =>
  async ({ prisma }: FastifyInstance, [id, ...reason]: string[], usage: string) => {
    console.log(await op(prisma, idArg(id, usage), need(reason.join(' ').trim(), usage)));
    return 0;
  };

/** Fen as yuan with two decimals: 1250 → "12.50". */
