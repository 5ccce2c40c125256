import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedInMode } from '../../apps/api/src/demo/seed-modes.ts';
import { verifyPassword } from '../../apps/api/src/lib/password.ts';
import { MIGRATIONS_DIR } from '../../apps/api/src/lib/paths.ts';
import { createEmptyDatabase } from '../support/db.ts';

/** Seeding a new district's database: SEED_ON_START=minimal in production, `pnpm admin seed --minimal|--demo`. */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A migrated database with nothing seeded, and a way to start api instances on it. */
const emptyDistrict = async () => {
  const db = await createEmptyDatabase();
  cleanups.push(db.drop);
  await migrate(db.url, MIGRATIONS_DIR);
  return async (env: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-seed-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir, ...env });
    const app = await buildApp({ config, databaseUrl: db.url, webDir: null });
    cleanups.push(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return { app, config };
  };
};

const DEMO_TEACHERS = ['zhangxm', 'lijg', 'wangcy', 'zhaoxl', 'liujy', 'chensy'];

describe('minimal seed', () => {
  it('writes reference data, the catalogue and exactly one administrator with the password from the environment', async () => {
    const start = await emptyDistrict();
    const env = { ADMIN_USERNAME: 'jyj_admin', ADMIN_PASSWORD: 'Quxian2026start' };
    // Two replicas starting at once on the empty database seed it once.
    const instances = await Promise.all([start(env), start(env)]);
    const logs: string[][] = [[], []];
    await Promise.all(
      instances.map(({ app, config }, i) => seedInMode(app, config, 'minimal', (msg) => logs[i]!.push(msg))),
    );
    const { prisma } = instances[0]!.app;

    const users = await prisma.user.findMany({ include: { roles: { include: { role: true } } } });
    expect(users.map((u) => u.userName)).toEqual(['jyj_admin']);
    const [admin] = users;
    expect(admin!.isAdmin).toBe(true);
    expect(admin!.schoolId).toBe(1);
    expect(admin!.roles.map((r) => r.role.code)).toEqual(['district_admin']);
    expect(await verifyPassword(admin!.passwordHash, 'Quxian2026start')).toBe(true);
    // The password came from the environment: no log line carries it.
    expect(logs.flat().join('\n')).not.toContain('Quxian2026start');
    expect(logs.flat().filter((line) => line.includes('已创建管理员账号 jyj_admin'))).toHaveLength(1);

    const junior = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '初中' } });
    expect(await prisma.dict.count({ where: { parentId: junior.id } })).toBeGreaterThan(5);
    expect((await prisma.role.findMany()).map((r) => r.code).sort()).toEqual(
      ['district_admin', 'researcher', 'school_admin', 'teacher'].sort(),
    );
    expect(await prisma.area.count()).toBeGreaterThan(0);
    expect(await prisma.catalogueNode.count()).toBeGreaterThan(1000);

    // Nothing of the demo district.
    expect(await prisma.school.count()).toBe(1);
    expect(await prisma.resource.count()).toBe(0);
    expect(await prisma.project.count()).toBe(0);
    expect(await prisma.ledgerTransaction.count()).toBe(0);
    expect(await prisma.user.count({ where: { userName: { in: [...DEMO_TEACHERS, 'admin'] } } })).toBe(0);

    // Seeding again (the next start) changes nothing.
    const again: string[] = [];
    await seedInMode(instances[1]!.app, instances[1]!.config, 'minimal', (msg) => again.push(msg));
    expect(again).toEqual([]);
    expect(await prisma.user.count()).toBe(1);
  });

  it('generates a strong password when none is configured, prints it once, and lets the demo be added later', async () => {
    const start = await emptyDistrict();
    const { app, config } = await start();
    const logs: string[] = [];
    await seedInMode(app, config, 'minimal', (msg) => logs.push(msg));
    const announcement = logs.find((line) => line.includes('已创建管理员账号 admin'));
    expect(announcement).toMatch(/只显示这一次/);
    const password = /初始密码：(\S+)/.exec(announcement ?? '')?.[1] ?? '';
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{20}$/);
    expect(password).not.toBe('Admin@2026');
    const admin = await app.prisma.user.findUniqueOrThrow({ where: { userName: 'admin' } });
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);

    // `pnpm admin seed --demo` on that database adds the demo district; the administrator keeps its password.
    await seedInMode(app, config, 'demo');
    expect(await app.prisma.user.count({ where: { userName: { in: DEMO_TEACHERS } } })).toBe(DEMO_TEACHERS.length);
    expect(await app.prisma.resource.count()).toBeGreaterThan(0);
    const after = await app.prisma.user.findUniqueOrThrow({ where: { userName: 'admin' } });
    expect(await verifyPassword(after.passwordHash, password)).toBe(true);
  }, 300_000);

  it('writes nothing in mode none', async () => {
    const start = await emptyDistrict();
    const { app, config } = await start({ SEED_ON_START: 'false' });
    expect(config.SEED_ON_START).toBe('none');
    await seedInMode(app, config, config.SEED_ON_START);
    expect(await app.prisma.dict.count()).toBe(0);
    expect(await app.prisma.user.count()).toBe(0);
  });
});
