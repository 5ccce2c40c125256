import { MESSAGES, PERMISSION_CODES, type Permission, type RouteDef, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { importRoster } from '../../apps/api/src/modules/account/roster.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { toQueryString } from '../support/bad-input.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The console's permission matrix, generated from the route table: every admin route called by every role (a
 * teacher, a 教研员, a school administrator, the district administrator). A role whose permissions (the
 * role_permissions rows, read from the database, not restated here) lack the route's permission is refused with 403
 * and a Chinese message, changing nothing; a role holding it gets past the guard (it may still be refused for scope
 * or for the example's data, but never by the permission check). Every write the district administrator makes
 * successfully leaves an audit row; reads leave none.
 */

const ROLES = ['teacher', 'researcher', 'school_admin', 'district_admin'] as const;
type RoleCode = (typeof ROLES)[number];

const adminRoutes = (Object.entries(routes) as [string, RouteDef][]).filter(([, def]) => def.access === 'admin');
/** Routes every console user may call (who am I), naming no permission. */
const IDENTITY_ROUTES = ['adminMe'];

let t: TestApp;
const cookies = {} as Record<RoleCode, string>;
const granted = {} as Record<RoleCode, Set<string>>;

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  // A school administrator of a school of their own (the demo district's roster has teachers in other schools).
  const school = await t.prisma.school.create({ data: { code: 'matrix-school', name: '矩阵测试学校' } });
  await importRoster(
    t.prisma,
    'realName,userName,phone,idCard,stage,subject,role,password\n周校管,zhouxg,,,小学,数学,school_admin,Teacher@2026',
  );
  await t.prisma.user.update({ where: { userName: 'zhouxg' }, data: { schoolId: school.id } });
  const users: Record<RoleCode, [string, string?]> = {
    teacher: ['lijg'],
    researcher: ['chensy'],
    school_admin: ['zhouxg'],
    district_admin: ['admin', 'Admin@2026'],
  };
  for (const role of ROLES) {
    const [userName, password] = users[role];
    const client = await loginAs(t, userName, password);
    cookies[role] = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const rows = await t.prisma.rolePermission.findMany({ where: { role: { code: role } } });
    granted[role] = new Set(rows.map((r) => r.permission));
  }
});

const send = async (def: RouteDef, cookie: string) => {
  const example = def.example as { query?: Record<string, unknown>; body?: unknown } | undefined;
  const res = await fetch(`${t.url}${def.path}${example?.query ? toQueryString(example.query) : ''}`, {
    method: def.method,
    headers: { cookie, ...(example?.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: example?.body === undefined ? undefined : JSON.stringify(example.body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string } };
};

const auditRows = () => t.prisma.auditLog.count();

describe('the permission matrix', () => {
  it('covers the console: every admin route names a known permission, and every permission guards a route', () => {
    expect(adminRoutes.length).toBeGreaterThan(10);
    const unnamed = adminRoutes.filter(([name, def]) => !def.permission && !IDENTITY_ROUTES.includes(name));
    expect(unnamed.map(([name]) => name)).toEqual([]);
    const used = new Set(adminRoutes.map(([, def]) => def.permission));
    expect(PERMISSION_CODES.filter((p) => !used.has(p))).toEqual([]);
  });

  it('the district administrator holds every permission; a teacher none', () => {
    expect([...granted.district_admin].sort()).toEqual([...PERMISSION_CODES].sort());
    expect(granted.teacher.size).toBe(0);
  });

  describe.each(adminRoutes)('%s', (name, def) => {
    it.each(ROLES)('as %s', async (role) => {
      const holds = def.permission ? granted[role].has(def.permission as Permission) : granted[role].size > 0;
      if (!holds) {
        const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
        const { status, json } = await send(def, cookies[role]);
        expect(status, `${name} as ${role}: ${JSON.stringify(json)}`).toBe(403);
        expect(json.msg).toBe(MESSAGES.console.common.permissionDenied);
        expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
        return;
      }
      const auditBefore = await auditRows();
      const { status, json } = await send(def, cookies[role]);
      expect(json.msg, `${name} as ${role}`).not.toBe(MESSAGES.console.common.permissionDenied);
      expect(status, `${name} as ${role}: ${JSON.stringify(json)}`).not.toBe(401);
      const written = (await auditRows()) - auditBefore;
      if (def.method === 'GET') expect(written, `${name} is a read: no audit row`).toBe(0);
      else if (json.code === 0) expect(written, `${name} succeeded: its audit row`).toBeGreaterThan(0);
      else expect(written, `${name} failed: no audit row`).toBe(0);
    });
  });
});

describe('the console link', () => {
  it('is offered exactly to users holding an admin permission', async () => {
    for (const role of ROLES) {
      const res = await fetch(`${t.url}${routes.getCenterInfo.path}`, { headers: { cookie: cookies[role] } });
      const info = (await res.json()) as { data?: { hasConsole?: boolean } };
      expect(info.data?.hasConsole, role).toBe(granted[role].size > 0);
    }
  });

  it('is refused to a disabled administrator at once', async () => {
    const client = await loginAs(t, 'zhouxg');
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    await t.prisma.user.update({ where: { userName: 'zhouxg' }, data: { status: 'DISABLED' } });
    try {
      const res = await fetch(`${t.url}${routes.adminMe.path}`, { headers: { cookie } });
      expect([401, 403]).toContain(res.status);
    } finally {
      await t.prisma.user.update({ where: { userName: 'zhouxg' }, data: { status: 'ACTIVE' } });
    }
  });
});
