import { describe, expect, it, vi } from 'vitest';
import { type Command, runCommand } from '../../apps/api/src/cli/command.ts';
import { searchCommands } from '../../apps/api/src/cli/search-commands.ts';
import { type TestApp, testAppFor } from '../support/app.ts';

/**
 * `pnpm admin` acts on the same services as the console, so its changes reach the same audit log: as done from the
 * command line, with the command line itself (passwords masked). Commands that only look, and commands that fail,
 * leave no row.
 */

let t: TestApp;
testAppFor((app) => (t = app));

const rowsSince = (id: bigint) => t.prisma.auditLog.findMany({ where: { id: { gt: id } }, orderBy: { id: 'asc' } });
const lastId = async () => (await t.prisma.auditLog.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0n;

describe('the command line in the audit log', () => {
  it('writes a row for a change, none for a look or a failure', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const before = await lastId();
      expect(await runCommand(t.app, 'synonym-add', searchCommands['synonym-add']!, ['导体', '导电体'])).toBe(0);
      expect(await runCommand(t.app, 'synonyms', searchCommands.synonyms!, [])).toBe(0);
      await expect(runCommand(t.app, 'synonym-add', searchCommands['synonym-add']!, ['导体'])).rejects.toThrow();
      const rows = await rowsSince(before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: null,
        action: 'cli.synonym-add',
        targetType: 'cli',
        summary: 'npm run admin -- synonym-add 导体 导电体',
      });
      expect(rows[0]!.actorName).toMatch(/^命令行（.+）$/);
    } finally {
      log.mockRestore();
    }
  });

  it('never writes a password down', async () => {
    const done: Command = { usage: '', help: '', run: async () => 0 };
    const before = await lastId();
    await runCommand(t.app, 'reset-password', done, ['zhangxm', 'Secret2026']);
    await runCommand(t.app, 'create-user', done, ['--userName', 'u1', '--password', 'Hello2026', '--realName', '甲']);
    await runCommand(t.app, 'create-user', done, ['--userName', 'u2', '--password=Hello2026']);
    const summaries = (await rowsSince(before)).map((r) => r.summary);
    expect(summaries).toEqual([
      'npm run admin -- reset-password zhangxm ***',
      'npm run admin -- create-user --userName u1 --password *** --realName 甲',
      'npm run admin -- create-user --userName u2 --password=***',
    ]);
    expect(summaries.join(' ')).not.toContain('2026');
  });
});
