// `node scripts/runtime-layout.mjs <folder>`: lays out what the server needs at run time, and nothing else, from a
// built checkout (`pnpm build`): the api bundle with its production dependencies only (`pnpm deploy --prod`), the
// built web, the migrations and seed data, and the admin command. The Dockerfile's final stage is this folder;
// tests/integration/image-layout.test.ts runs the server, the worker and the admin commands from it.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pnpm, ROOT } from './lib.mjs';

const target = process.argv[2];
if (!target) {
  console.error('用法：node scripts/runtime-layout.mjs <目标目录>');
  process.exit(1);
}
const out = path.resolve(target);
for (const built of ['apps/api/dist/server.mjs', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(ROOT, built))) {
    console.error(`[资源库] 缺少 ${built}：请先运行 pnpm build`);
    process.exit(1);
  }
}
if (existsSync(out) && readdirSync(out).length > 0) {
  console.error(`[资源库] 目标目录不是空的：${out}`);
  process.exit(1);
}

// apps/api: its package.json and dist (its `files`), and node_modules with the production dependencies only.
pnpm(['--filter', '@zyk/api', '--prod', 'deploy', path.join(out, 'apps/api')]);
// pnpm deploy writes its own lockfile and workspace file beside the package; the server reads neither.
for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) rmSync(path.join(out, 'apps/api', file), { force: true });

const copy = (from) => cpSync(path.join(ROOT, from), path.join(out, from), { recursive: true });
copy('apps/web/dist');
copy('prisma/migrations');
copy('prisma/seed');
copy('prisma/schema.prisma');
mkdirSync(path.join(out, 'scripts'), { recursive: true });
copy('scripts/admin.mjs');
console.log(`[资源库] 运行所需文件已放到 ${out}`);
