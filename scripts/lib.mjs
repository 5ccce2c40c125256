// Shared by start.mjs and test.mjs: find or fetch pnpm, install the workspace, build what is stale.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';

const hasPnpm = () => {
  try {
    execSync('pnpm --version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Runs pnpm with args: the installed one, else a pinned one fetched through npx from the npm registry. */
export const pnpm = (args, options = {}) => {
  const [cmd, pre] = hasPnpm() ? ['pnpm', []] : ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
  const result = spawnSync(cmd, [...pre, ...args], { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n[资源库] 命令失败：pnpm ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
};

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'generated') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

export const install = () => {
  const marker = path.join(ROOT, 'node_modules', '.modules.yaml');
  if (existsSync(marker) && newestMtime(marker) >= newestMtime(path.join(ROOT, 'pnpm-lock.yaml'))) return;
  console.log('[资源库] 安装依赖…');
  pnpm(['install', '--frozen-lockfile']);
};

const SOURCES = ['apps/api/src', 'apps/api/build.mjs', 'apps/web', 'packages/shared/src', 'prisma', 'pnpm-lock.yaml'];
const OUTPUTS = ['apps/api/dist/server.mjs', 'apps/web/dist/index.html'];

/** Builds api and web unless both outputs are newer than every source file. */
export const build = ({ force = false } = {}) => {
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  const builtAt = Math.min(...OUTPUTS.map((o) => newestMtime(path.join(ROOT, o))));
  if (!force && builtAt > sourcesAt) return;
  console.log('[资源库] 构建…');
  pnpm(['build']);
};
