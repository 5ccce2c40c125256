import type { Command } from '../../apps/api/src/cli/command.ts';

/**
 * Runs one `pnpm admin` command on a test's app as the CLI does, without the audit row `runCommand` adds (tests of
 * the audit row use runCommand itself).
 */
export const runBare = (command: Command, app: Parameters<Command['run']>[0], args: string[]) =>
  command.run(app, args, command.usage);
