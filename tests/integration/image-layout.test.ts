import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { createEmptyDatabase } from '../support/db.ts';
import { docx, onPath } from '../support/files.ts';
import { freePort } from '../support/net.ts';
import { startS3rver } from '../support/s3rver.ts';
import { loginOverHttp, postDocument } from '../support/uploads.ts';

/**
 * The production image without a Docker engine: `scripts/runtime-layout.mjs` lays out exactly what the Dockerfile's
 * final stage holds, and here, with NODE_ENV=production, an external PostgreSQL and S3 (s3rver), the server and the
 * worker start from it, every admin command of the README's deployment and backup sections runs from it (seed
 * --minimal, create-user, reset-password, backup, restore into an empty database and bucket), a teacher's document
 * is converted by the worker, and no development dependency is there.
 */

const HAS_OFFICE = onPath('soffice') && onPath('pdftoppm');

const temp = mkdtempSync(path.join(os.tmpdir(), 'zyk-layout-'));
const layout = path.join(temp, 'app');
const FILE_URL_SECRET = 'layout-test-file-url-secret-0123456789abcdef';
const children: ChildProcess[] = [];
let s3: Awaited<ReturnType<typeof startS3rver>>;
let restoredS3: Awaited<ReturnType<typeof startS3rver>>;
let db: Awaited<ReturnType<typeof createEmptyDatabase>>;
let restoredDb: Awaited<ReturnType<typeof createEmptyDatabase>>;

/** The environment of a production process in the layout (what compose gives the api and the worker). */
const productionEnv = (database: string, storage: Record<string, string>, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: temp,
  NODE_ENV: 'production',
  ZYK_ROOT: layout,
  DATA_DIR: path.join(temp, 'data'),
  DATABASE_URL: database,
  FILE_URL_SECRET,
  PAYMENT_PROVIDER: 'sandbox',
  WECHAT_PROVIDER: 'sandbox',
  SMS_PROVIDER: 'outbox',
  SEED_ON_START: 'none',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  ...storage,
  ...extra,
});

/** `node scripts/admin.mjs …` in the layout, as the README runs it in the image; its output. */
const admin = (env: Record<string, string>, ...args: string[]) =>
  execFileSync(process.execPath, [path.join(layout, 'scripts/admin.mjs'), ...args], {
    cwd: layout,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });

/** Starts an entry point of the layout's bundle; resolves once `ready` says it is up. */
const start = async (entry: string, env: Record<string, string>, ready: () => Promise<boolean>) => {
  const child = spawn(process.execPath, [path.join(layout, 'apps/api/dist', entry)], {
    cwd: layout,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  children.push(child);
  const deadline = Date.now() + 90_000;
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${entry} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return child;
};

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(ROOT_DIR, 'scripts/runtime-layout.mjs'), layout], { stdio: 'pipe' });
  [db, restoredDb, s3, restoredS3] = await Promise.all([
    createEmptyDatabase(),
    createEmptyDatabase(),
    startS3rver('layout'),
    startS3rver('restored'),
  ]);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => child.exitCode === null && new Promise((r) => child.once('exit', r))));
  await s3?.stop();
  await restoredS3?.stop();
  await db?.drop();
  await restoredDb?.drop();
  rmSync(temp, { recursive: true, force: true });
}, 60_000);

const manifest = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT_DIR, file), 'utf8')) as Record<string, Record<string, string> | undefined>;

/**
 * Packages the server does not run: every workspace package's development dependencies and the web's packages
 * (built into apps/web/dist), except what the api itself depends on.
 */
const notForTheServer = () => {
  const runtime = manifest('apps/api/package.json').dependencies ?? {};
  const names = new Set<string>(Object.keys(manifest('apps/web/package.json').dependencies ?? {}));
  for (const file of [
    'package.json',
    'apps/api/package.json',
    'apps/web/package.json',
    'packages/shared/package.json',
    'tests/package.json',
  ]) {
    for (const name of Object.keys(manifest(file).devDependencies ?? {})) names.add(name);
  }
  return [...names].filter((name) => !(name in runtime));
};

/** The packages installed in the layout, each with what it depends on (from pnpm's store folder of the layout). */
const installedPackages = () => {
  const store = path.join(layout, 'apps/api/node_modules/.pnpm');
  const packages = new Map<string, string[]>();
  for (const entry of readdirSync(store)) {
    const modules = path.join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const scopeOrName of readdirSync(modules)) {
      const names = scopeOrName.startsWith('@')
        ? readdirSync(path.join(modules, scopeOrName)).map((n) => `${scopeOrName}/${n}`)
        : [scopeOrName];
      for (const name of names) {
        const manifest = path.join(modules, name, 'package.json');
        // Links to a package's own dependencies live beside it; only its real folder has the manifest once.
        if (!existsSync(manifest) || packages.has(name)) continue;
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
        packages.set(name, [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
      }
    }
  }
  return packages;
};

describe('the image layout (scripts/runtime-layout.mjs, the Dockerfile’s final stage)', () => {
  it('holds the build and production dependencies only: no development dependency, no sources', () => {
    const installed = installedPackages();
    expect(installed.has('fastify')).toBe(true);
    expect(installed.has('@prisma/client')).toBe(true);
    // A development dependency may be there only as what a runtime package itself depends on (e.g. @types/pg of
    // graphile-worker), never as the workspace's tool (tsx, vitest, typescript, prisma, the web's packages).
    const neededAtRunTime = new Set([...installed.values()].flat());
    const tools = notForTheServer().filter((name) => installed.has(name) && !neededAtRunTime.has(name));
    expect(tools).toEqual([]);
    for (const tool of ['tsx', 'vitest', 'typescript', 'prisma', 'esbuild', 'react', 'antd']) {
      expect(installed.has(tool), tool).toBe(false);
    }
    expect(existsSync(path.join(layout, 'apps/api/src'))).toBe(false);
    expect(existsSync(path.join(layout, 'node_modules'))).toBe(false);
    for (const needed of [
      'apps/api/dist/server.mjs',
      'apps/api/dist/worker.mjs',
      'apps/api/dist/admin.mjs',
      'apps/web/dist/index.html',
      'prisma/migrations',
      'prisma/seed',
      'scripts/admin.mjs',
    ]) {
      expect(existsSync(path.join(layout, needed)), needed).toBe(true);
    }
  });

  it('serves production from it: migrations, the README’s admin commands, uploads converted by the worker, backup and restore', async () => {
    const env = productionEnv(db.url, s3.env);

    // A fresh district: the server migrates an empty database on start; the minimal seed comes from the admin command.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    await start('server.mjs', { ...env, PORT: String(port), MEDIA_CONCURRENCY: '0' }, () =>
      fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    expect(admin({ ...env, ADMIN_PASSWORD: 'Layout2026admin' }, 'seed', '--minimal')).toMatch(/已写入最小种子数据/);
    // Each command exits 0 (execFileSync throws otherwise); the login below proves the reset password.
    admin(
      env,
      'create-user',
      '--userName',
      'zhoulaoshi',
      '--realName',
      '周老师',
      '--password',
      'Hello2026',
      '--stage',
      '小学',
      '--subject',
      '数学',
    );
    admin(env, 'reset-password', 'zhoulaoshi', 'Changed2026');

    // The worker takes the conversion of a teacher's document.
    await start('worker.mjs', { ...env, MEDIA_CONCURRENCY: '1' }, async () =>
      existsSync(path.join(env.DATA_DIR, 'worker-heartbeat')),
    );
    const prisma = createPrisma(db.url);
    try {
      expect(await prisma.user.count({ where: { userName: { in: ['admin', 'zhoulaoshi'] } } })).toBe(2);
      const cookie = await loginOverHttp(base, prisma, 'zhoulaoshi', 'Changed2026');
      expect(cookie).toMatch(/=/);
      const uploaded = await postDocument(
        base,
        cookie,
        '分数的初步认识.docx',
        docx('分数的初步认识：把一个整体平均分成几份，每份是它的几分之一。'),
      );
      expect(uploaded.json.code, uploaded.json.msg).toBe(0);
      const fileId = uploaded.json.data.id as string;
      if (HAS_OFFICE) {
        await expect
          .poll(
            async () =>
              (await prisma.fileDerivative.findMany({ where: { fileId, variant: 'preview' } })).map((d) => [
                d.status,
                d.source,
              ]),
            { timeout: 120_000, interval: 500 },
          )
          .toEqual([['ready', 'libreoffice']]);
      }

      // Backup, then restore into an empty database and an empty bucket: the same accounts and files.
      const backupDir = path.join(temp, 'backup');
      admin(env, 'backup', backupDir);
      expect(existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);
      const restoredEnv = productionEnv(restoredDb.url, restoredS3.env, { DATA_DIR: path.join(temp, 'restored-data') });
      admin(restoredEnv, 'restore', backupDir);
      const restored = createPrisma(restoredDb.url);
      try {
        const names = async (client: typeof prisma) =>
          (await client.user.findMany({ select: { userName: true }, orderBy: { userName: 'asc' } })).map(
            (u) => u.userName,
          );
        expect(await names(restored)).toEqual(await names(prisma));
        expect((await restored.storedFile.findUniqueOrThrow({ where: { id: fileId } })).sha256).toBe(
          (await prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } })).sha256,
        );
      } finally {
        await restored.$disconnect();
      }
    } finally {
      await prisma.$disconnect();
    }
  }, 300_000);
});
