import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TestApp, testAppFor } from '../support/app.ts';

/**
 * The README's administrator commands, as a newcomer on a machine with only Node types them: npm is there, pnpm
 * is not (npm start fetches it for itself through npx). Every command the README names exists, and they run
 * through npm with a PATH that holds node, npm and a shell only.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** A folder holding only node, npm and sh, for PATH. */
const nodeOnlyPath = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-node-only-'));
  symlinkSync(process.execPath, path.join(dir, 'node'));
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  symlinkSync(realpathSync(npm), path.join(dir, 'npm'));
  symlinkSync('/bin/sh', path.join(dir, 'sh'));
  return dir;
};

const npmRun = (args: string[], env: Record<string, string>) =>
  spawnSync('npm', ['run', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { HOME: os.homedir(), PATH: env.PATH!, ...env },
    timeout: 120_000,
  });

describe('the README’s commands on a machine with only Node', () => {
  let t: TestApp;
  testAppFor((app) => (t = app));

  it('names only commands the CLI has, and they run through npm with no pnpm on the PATH', () => {
    const PATH = nodeOnlyPath();
    expect(spawnSync('sh', ['-c', 'command -v pnpm'], { env: { PATH } }).status).not.toBe(0);

    const listing = npmRun(['admin'], { PATH });
    expect(listing.status, listing.stderr).toBe(0);
    expect(listing.stdout).toContain('用法：npm run admin -- <命令> [参数]');
    const known = new Set([...listing.stdout.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!));
    expect(known.size).toBeGreaterThan(30);
    const named = [...README.matchAll(/npm run admin -- ([a-z][a-z-]*)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(30);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
    // The pnpm form fails where pnpm is not installed: the README does not show it to administrators.
    expect(README.match(/pnpm (admin|worker)\b/g) ?? []).toEqual([]);

    const env = { PATH, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.DATA_DIR };
    const ledger = npmRun(['admin', '--', 'ledger-check'], env);
    expect(ledger.status, ledger.stderr).toBe(0);
    const unlock = npmRun(['admin', '--', 'unlock', 'lijg'], env);
    expect(unlock.status, unlock.stderr).toBe(0);
    const wrong = npmRun(['admin', '--', 'unlock'], env);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain('用法：npm run admin -- unlock');
  }, 180_000);
});
