import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../apps/api/src/lib/password.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The console's people api: users, the roster import, schools and role permissions. Each route: success with its
 * audit row, 403 for a role without the permission, a school administrator refused outside their school, bad input
 * answered 400 in Chinese with nothing changed.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let admin: Client; // district
let zhaoxl: Client; // school administrator of 海淀区实验小学
let teacher: Client; // lijg: no console permission
let researcher: Client; // chensy: review only

const idOf = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;
const schoolIdOf = async (code: string) => (await t.prisma.school.findUniqueOrThrow({ where: { code } })).id;
const lastAudit = () => t.prisma.auditLog.findFirst({ orderBy: { id: 'desc' } });
const auditCount = () => t.prisma.auditLog.count();

/** Fingerprint ignoring what merely calling the api writes (session touches, the password-confirmation counter). */
const fingerprint = () => databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles'] });

const expectDenied = (res: { code: number; msg: string }, code = 40300) => {
  expect(res.code, res.msg).toBe(code);
  expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
};

/** A route answers 400 with a Chinese message and leaves the database as it was. */
const expectRefusedUnchanged = async (call: () => Promise<{ code: number; msg: string }>, message?: RegExp) => {
  const before = await fingerprint();
  const res = await call();
  expectDenied(res, 40000);
  if (message) expect(res.msg).toMatch(message);
  expect(await fingerprint()).toBe(before);
};

const ROSTER_HEADER = 'realName,userName,phone,idCard,stage,subject,school,role,password';

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  admin = await loginAs(t, 'admin', 'Admin@2026');
  zhaoxl = await loginAs(t, 'zhaoxl');
  teacher = await loginAs(t, 'lijg');
  researcher = await loginAs(t, 'chensy');
});

describe('users', () => {
  it('lists with search, filters, paging and sorting; a school administrator sees only their school', async () => {
    const all = await admin.call(routes.adminUserList, { query: { size: 100 } });
    expect(all.code).toBe(0);
    expect(all.data.pageBean.totalCount).toBeGreaterThanOrEqual(7);
    const found = await admin.call(routes.adminUserList, { query: { keyword: '1391234560' } });
    expect(found.data.objList.length).toBeGreaterThanOrEqual(5);
    const byName = await admin.call(routes.adminUserList, { query: { keyword: '晓梅' } });
    expect(byName.data.objList.map((u) => u.userName)).toEqual(['zhangxm']);
    expect(byName.data.objList[0]?.idCard).toBe('110105********0020');
    const hdsy = await schoolIdOf('hdsy');
    const inSchool = await admin.call(routes.adminUserList, {
      query: { schoolId: hdsy, sort: 'userName', order: 'asc' },
    });
    expect(inSchool.data.objList.map((u) => u.userName)).toEqual(['liujy', 'zhangxm', 'zhaoxl']);
    const researcherRole = await t.prisma.role.findUniqueOrThrow({ where: { code: 'researcher' } });
    const researchers = await admin.call(routes.adminUserList, { query: { roleId: researcherRole.id } });
    expect(researchers.data.objList.map((u) => u.userName)).toEqual(['chensy']);
    const page2 = await admin.call(routes.adminUserList, {
      query: { size: 2, current: 2, sort: 'userName', order: 'asc' },
    });
    expect(page2.data.objList).toHaveLength(2);

    const scoped = await zhaoxl.call(routes.adminUserList, { query: { size: 100 } });
    expect(scoped.code).toBe(0);
    expect(new Set(scoped.data.objList.map((u) => u.schoolId))).toEqual(new Set([hdsy]));
    const elsewhere = await zhaoxl.call(routes.adminUserList, { query: { schoolId: await schoolIdOf('hdesz') } });
    expect(elsewhere.data.objList).toEqual([]);

    expectDenied(await teacher.call(routes.adminUserList, { query: {} }));
    expectDenied(await researcher.call(routes.adminUserList, { query: {} }));
  });

  it('shows a user in detail, within scope', async () => {
    const detail = await admin.call(routes.adminUserDetail, { query: { id: await idOf('zhangxm') } });
    expect(detail.data).toMatchObject({
      userName: 'zhangxm',
      idCard: '110105198503120020',
      schoolName: '海淀区实验小学',
    });
    expect(detail.data.stageName).toBe('小学');
    expect((await zhaoxl.call(routes.adminUserDetail, { query: { id: await idOf('liujy') } })).code).toBe(0);
    expectDenied(await zhaoxl.call(routes.adminUserDetail, { query: { id: await idOf('lijg') } }));
    expectDenied(await teacher.call(routes.adminUserDetail, { query: { id: await idOf('lijg') } }));
    expect((await admin.call(routes.adminUserDetail, { query: { id: 999_999 } })).code).toBe(40400);
  });

  it('offers the schools, roles, stages and subjects within scope', async () => {
    const options = await admin.call(routes.adminUserOptions);
    expect(options.data.schools.length).toBeGreaterThanOrEqual(7);
    expect(options.data.roles.map((r) => r.code)).toContain('school_admin');
    expect(options.data.stages.find((s) => s.name === '小学')?.subjects.map((s) => s.name)).toContain('语文');
    const scoped = await zhaoxl.call(routes.adminUserOptions);
    expect(scoped.data.schools.map((s) => s.code)).toEqual(['hdsy']);
    expectDenied(await teacher.call(routes.adminUserOptions));
  });

  it('creates a user with the roster checks, audited', async () => {
    const body = {
      realName: '周明',
      userName: 'zhouming',
      phone: '13700001234',
      idCard: '',
      stage: '初中',
      subject: '数学',
      school: 'hdesz',
      role: 'teacher',
      password: 'Start@2026',
    };
    const res = await admin.call(routes.adminUserCreate, { body });
    expect(res.code, res.msg).toBe(0);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: res.data.id }, include: { roles: true } });
    expect(user.schoolId).toBe(await schoolIdOf('hdesz'));
    expect(await verifyPassword(user.passwordHash, 'Start@2026')).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'user.create', targetType: 'user', targetId: String(user.id) });
    expect(JSON.stringify(audit?.after)).not.toContain('argon2');
    expect(JSON.stringify(audit?.after)).not.toContain('Start@2026');

    await expectRefusedUnchanged(() => admin.call(routes.adminUserCreate, { body }), /已存在/);
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserCreate, { body: { ...body, userName: 'zhouming2', phone: '12345' } }),
      /手机号格式不正确/,
    );
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserCreate, { body: { ...body, userName: 'zhouming3', school: '火星学校' } }),
      /学校“火星学校”不存在/,
    );
    // The school administrator creates teachers of their own school only.
    await expectRefusedUnchanged(
      () => zhaoxl.call(routes.adminUserCreate, { body: { ...body, userName: 'zhouming4', phone: '' } }),
      /只能导入本校/,
    );
    await expectRefusedUnchanged(
      () =>
        zhaoxl.call(routes.adminUserCreate, {
          body: { ...body, userName: 'zhouming5', phone: '', school: '', role: 'district_admin' },
        }),
      /只能导入教师/,
    );
    const own = await zhaoxl.call(routes.adminUserCreate, {
      body: { ...body, userName: 'zhouming6', phone: '', school: '' },
    });
    expect(own.code, own.msg).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: own.data.id } })).schoolId).toBe(
      await schoolIdOf('hdsy'),
    );
    expectDenied(
      await researcher.call(routes.adminUserCreate, { body: { ...body, userName: 'zhouming7', phone: '' } }),
    );
  });

  it('edits a user; the school only with district scope', async () => {
    const id = await idOf('liujy');
    const junior = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '初中' } });
    const math = await t.prisma.dict.findFirstOrThrow({ where: { parentId: junior.id, dictName: '数学' } });
    const body = {
      id,
      realName: '刘佳怡',
      phone: '13912345699',
      idCard: '320102198707140066',
      stageId: junior.id,
      subjectId: math.id,
    };
    const res = await zhaoxl.call(routes.adminUserUpdate, { body });
    expect(res.code, res.msg).toBe(0);
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ phone: '13912345699', stageId: junior.id, subjectId: math.id });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'user.update', targetId: String(id) });
    expect(audit?.before).toMatchObject({ phone: '13912345605' });
    expect(audit?.after).toMatchObject({ phone: '13912345699', idCard: '320102********0066' });

    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserUpdate, { body: { ...body, phone: '13912345601' } }),
      /已被用户 zhangxm 使用/,
    );
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserUpdate, { body: { ...body, idCard: '110101199003077777' } }),
      /身份证号不正确/,
    );
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserUpdate, { body: { ...body, stageId: null } }),
      /请先选择学段/,
    );
    const before = await fingerprint();
    expectDenied(await zhaoxl.call(routes.adminUserUpdate, { body: { ...body, schoolId: await schoolIdOf('hdesz') } }));
    expectDenied(
      await zhaoxl.call(routes.adminUserUpdate, {
        body: { id: await idOf('lijg'), realName: '李建国', phone: '', idCard: '', stageId: null, subjectId: null },
      }),
    );
    expect(await fingerprint()).toBe(before);

    const moved = await admin.call(routes.adminUserUpdate, { body: { ...body, schoolId: await schoolIdOf('zgcyx') } });
    expect(moved.code, moved.msg).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id } })).schoolId).toBe(await schoolIdOf('zgcyx'));
    await admin.call(routes.adminUserUpdate, { body: { ...body, schoolId: await schoolIdOf('hdsy') } });
  });

  it('disables a user, ending their sessions, and enables them again', async () => {
    const zhangxm = await loginAs(t, 'zhangxm');
    const id = await idOf('zhangxm');
    expect(await t.prisma.session.count({ where: { userId: id } })).toBeGreaterThan(0);
    const res = await zhaoxl.call(routes.adminUserSetStatus, { body: { id, status: 'DISABLED' } });
    expect(res.code, res.msg).toBe(0);
    expect(await t.prisma.session.count({ where: { userId: id } })).toBe(0);
    expect((await zhangxm.call(routes.alreadyLogin)).data).toBeFalsy();
    expect(await lastAudit()).toMatchObject({ action: 'user.disable', targetId: String(id) });

    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserSetStatus, { body: { id, status: 'DISABLED' } }),
      /已是停用/,
    );
    const self = await idOf('admin');
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserSetStatus, { body: { id: self, status: 'DISABLED' } }),
      /不能停用自己/,
    );
    const before = await fingerprint();
    expectDenied(
      await zhaoxl.call(routes.adminUserSetStatus, { body: { id: await idOf('lijg'), status: 'DISABLED' } }),
    );
    expectDenied(await teacher.call(routes.adminUserSetStatus, { body: { id, status: 'ACTIVE' } }));
    expect(await fingerprint()).toBe(before);

    expect((await admin.call(routes.adminUserSetStatus, { body: { id, status: 'ACTIVE' } })).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'user.enable' });
  });

  it('two administrators disabling the same user at once: one wins, one audit row', async () => {
    const id = await idOf('wangcy');
    const audits = await auditCount();
    const answers = await Promise.all([
      admin.call(routes.adminUserSetStatus, { body: { id, status: 'DISABLED' } }),
      admin.call(routes.adminUserSetStatus, { body: { id, status: 'DISABLED' } }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 40000]);
    expect(await auditCount()).toBe(audits + 1);
    await admin.call(routes.adminUserSetStatus, { body: { id, status: 'ACTIVE' } });
  });

  it('resets a password (strong rules), ending sessions and the login lock', async () => {
    const id = await idOf('liujy');
    await loginAs(t, 'liujy');
    await t.prisma.loginThrottle.create({
      data: { key: `account:${id}`, failures: 0, windowStart: new Date(), lockedUntil: new Date(Date.now() + 600_000) },
    });
    await expectRefusedUnchanged(
      () => zhaoxl.call(routes.adminUserResetPassword, { body: { id, password: 'short' } }),
      /密码/,
    );
    const res = await zhaoxl.call(routes.adminUserResetPassword, { body: { id, password: 'Reset2026x' } });
    expect(res.code, res.msg).toBe(0);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(user.passwordHash, 'Reset2026x')).toBe(true);
    expect(await t.prisma.session.count({ where: { userId: id } })).toBe(0);
    expect(await t.prisma.loginThrottle.count({ where: { key: `account:${id}` } })).toBe(0);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'user.password.reset', targetId: String(id) });
    expect(JSON.stringify([audit?.before, audit?.after])).not.toContain('argon2');
    expect(JSON.stringify([audit?.before, audit?.after])).not.toContain('Reset2026x');
    expectDenied(
      await zhaoxl.call(routes.adminUserResetPassword, { body: { id: await idOf('lijg'), password: 'Reset2026x' } }),
    );
    expectDenied(await researcher.call(routes.adminUserResetPassword, { body: { id, password: 'Reset2026x' } }));
    await loginAs(t, 'liujy', 'Reset2026x');
  });

  it('unlocks a login', async () => {
    const id = await idOf('zhangxm');
    await t.prisma.loginThrottle.create({
      data: { key: `account:${id}`, failures: 0, windowStart: new Date(), lockedUntil: new Date(Date.now() + 600_000) },
    });
    const detail = await admin.call(routes.adminUserDetail, { query: { id } });
    expect(detail.data.lockedUntil).not.toBeNull();
    const res = await zhaoxl.call(routes.adminUserUnlock, { body: { id } });
    expect(res.data).toEqual({ id, wasLocked: true });
    expect(await lastAudit()).toMatchObject({ action: 'user.unlock', targetId: String(id) });
    expectDenied(await zhaoxl.call(routes.adminUserUnlock, { body: { id: await idOf('lijg') } }));
    expectDenied(await teacher.call(routes.adminUserUnlock, { body: { id } }));
    await expectRefusedUnchanged(() => admin.call(routes.adminUserUnlock, { body: { id: 0 } }));
  });

  it('sets roles with the password asked again, keeping is_admin in step', async () => {
    const id = await idOf('wangcy');
    const role = async (code: string) => (await t.prisma.role.findUniqueOrThrow({ where: { code } })).id;
    const teacherRole = await role('teacher');
    const districtRole = await role('district_admin');
    const body = { id, roleIds: [teacherRole, districtRole], confirmPassword: 'Admin@2026' };

    const before = await fingerprint();
    const missing = await admin.call(routes.adminUserSetRoles, { body: { ...body, confirmPassword: undefined } });
    expectDenied(missing);
    const wrong = await admin.call(routes.adminUserSetRoles, { body: { ...body, confirmPassword: 'Wrong@2026' } });
    expect(wrong.msg).toBe('登录密码不正确');
    expect(await fingerprint()).toBe(before);

    const res = await admin.call(routes.adminUserSetRoles, { body });
    expect(res.code, res.msg).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id } })).isAdmin).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'user.roles', targetId: String(id) });
    expect(audit?.after).toMatchObject({ roles: ['teacher', 'district_admin'], isAdmin: true });

    const back = await admin.call(routes.adminUserSetRoles, { body: { ...body, roleIds: [teacherRole] } });
    expect(back.code).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id } })).isAdmin).toBe(false);

    const self = await idOf('admin');
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserSetRoles, { body: { ...body, id: self, roleIds: [teacherRole] } }),
      /不能移除自己最后一个全区管理角色/,
    );
    await expectRefusedUnchanged(
      () => admin.call(routes.adminUserSetRoles, { body: { ...body, roleIds: [9999] } }),
      /角色不存在/,
    );
    await expectRefusedUnchanged(() => admin.call(routes.adminUserSetRoles, { body: { ...body, roleIds: [] } }));
    // School administrators hold no users.roles by default.
    expectDenied(await zhaoxl.call(routes.adminUserSetRoles, { body: { ...body, confirmPassword: 'Teacher@2026' } }));
  });
});

describe('roster', () => {
  const csv = [
    ROSTER_HEADER,
    '孙晓燕,sunxy,13900001111,,小学,语文,hdsy,teacher,Start@2026',
    '钱学森,qianxs,13900002222,,初中,物理,海淀区第二实验中学,teacher,Start@2026',
    '错误行,bad row,,,小学,语文,hdsy,teacher,Start@2026',
    '无校,wuxiao,,,小学,语文,不存在学校,teacher,Start@2026',
    '张晓梅,zhangxm,13912345601,110105198503120020,小学,语文,hdsy,teacher,Teacher@2026',
  ].join('\n');

  it('previews without writing users, then commits exactly the preview, idempotently', async () => {
    const users = await t.prisma.user.count();
    const preview = await admin.call(routes.adminRosterPreview, { body: { csv } });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'rejected'],
      [5, 'rejected'],
      [6, 'unchanged'],
    ]);
    expect(preview.data.rows[3]?.reason).toBe('学校“不存在学校”不存在');
    expect(preview.data.counts).toEqual({ create: 2, update: 0, unchanged: 1, rejected: 2 });
    expect(await t.prisma.user.count()).toBe(users);
    expect(await lastAudit()).toMatchObject({ action: 'roster.preview' });

    const audits = await auditCount();
    const commit = await admin.call(routes.adminRosterCommit, { body: { csv } });
    expect(commit.data).toEqual(preview.data);
    expect(await t.prisma.user.count()).toBe(users + 2);
    const rows = await t.prisma.auditLog.findMany({ where: { id: { gt: BigInt(0) } }, orderBy: { id: 'asc' } });
    expect(rows.slice(audits).map((r) => r.action)).toEqual([
      'roster.import',
      'roster.user.create',
      'roster.user.create',
    ]);
    expect(JSON.stringify(rows.slice(audits).map((r) => [r.before, r.after]))).not.toContain('argon2');
    const qian = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'qianxs' } });
    expect(qian.schoolId).toBe(await schoolIdOf('hdesz'));

    const again = await admin.call(routes.adminRosterCommit, { body: { csv } });
    expect(again.data.counts).toEqual({ create: 0, update: 0, unchanged: 3, rejected: 2 });
    expect(await t.prisma.user.count()).toBe(users + 2);
  });

  it('commits the same roster twice at once: each user is created once', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `concur${i}`);
    const file = [
      ROSTER_HEADER,
      ...names.map((n) => `并发${n.slice(-1)},${n},,,小学,数学,hdsy,teacher,Start@2026`),
    ].join('\n');
    const [a, b] = await Promise.all([
      admin.call(routes.adminRosterCommit, { body: { csv: file } }),
      admin.call(routes.adminRosterCommit, { body: { csv: file } }),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([a.data.counts.create, b.data.counts.create].sort()).toEqual([0, 5]);
    expect([a.data.counts.unchanged, b.data.counts.unchanged].sort()).toEqual([0, 5]);
    expect(await t.prisma.user.count({ where: { userName: { in: names } } })).toBe(5);
  });

  it('confines a school administrator to their school and the teacher role', async () => {
    const file = [
      ROSTER_HEADER,
      '冯一,fengyi,,,小学,语文,,teacher,Start@2026',
      '冯二,fenger,,,小学,语文,hdesz,teacher,Start@2026',
      '冯三,fengsan,,,小学,语文,,district_admin,Start@2026',
      '李建国,lijg,13912345602,,初中,数学,,teacher,Start@2026',
    ].join('\n');
    const res = await zhaoxl.call(routes.adminRosterCommit, { body: { csv: file } });
    expect(res.data.rows.map((r) => r.outcome)).toEqual(['create', 'rejected', 'rejected', 'rejected']);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'fengyi' } })).schoolId).toBe(
      await schoolIdOf('hdsy'),
    );
    expect(await t.prisma.user.count({ where: { userName: { in: ['fenger', 'fengsan'] } } })).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } })).phone).toBe('13912345602');
  });

  it('refuses a malformed file with 400 and nothing changed; 403 without users.write', async () => {
    await expectRefusedUnchanged(
      () => admin.call(routes.adminRosterCommit, { body: { csv: 'realName,userName\n甲,jia' } }),
      /名册缺少列：/,
    );
    await expectRefusedUnchanged(() => admin.call(routes.adminRosterPreview, { body: { csv: '' } }));
    expectDenied(await researcher.call(routes.adminRosterPreview, { body: { csv } }));
    expectDenied(await teacher.call(routes.adminRosterCommit, { body: { csv } }));
  });
});

describe('schools', () => {
  it('lists schools with area, member count and status', async () => {
    const res = await admin.call(routes.adminSchoolList, { query: {} });
    const hdsy = res.data.find((s) => s.code === 'hdsy');
    expect(hdsy?.areaPath.map((a) => a.name)).toEqual(['北京市', '市辖区', '海淀区']);
    expect(hdsy?.memberCount).toBeGreaterThanOrEqual(3);
    expect(res.data.find((s) => s.id === 1)).toMatchObject({ isDefault: true, name: '默认学校' });
    expectDenied(await zhaoxl.call(routes.adminSchoolList, { query: {} }));
  });

  it('creates, edits, retires and restores a school, each audited', async () => {
    const body = { code: 'hdyy', name: '海淀区育英学校', areaCode: '110108', sort: 20 };
    const created = await admin.call(routes.adminSchoolCreate, { body });
    expect(created.code, created.msg).toBe(0);
    const id = created.data.id;
    expect(await lastAudit()).toMatchObject({ action: 'school.create', targetId: String(id) });
    await expectRefusedUnchanged(() => admin.call(routes.adminSchoolCreate, { body }), /已被使用/);
    await expectRefusedUnchanged(
      () => admin.call(routes.adminSchoolCreate, { body: { ...body, code: 'other', areaCode: '999999' } }),
      /所选地区不存在/,
    );
    await expectRefusedUnchanged(() => admin.call(routes.adminSchoolCreate, { body: { ...body, code: '坏 编码' } }));
    expectDenied(await zhaoxl.call(routes.adminSchoolCreate, { body: { ...body, code: 'zz' } }));

    const edited = await admin.call(routes.adminSchoolUpdate, {
      body: { id, code: 'hdyy', name: '北京市海淀区育英学校', areaCode: '110108', sort: 21 },
    });
    expect(edited.code, edited.msg).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'school.update', before: { name: '海淀区育英学校' } });
    await expectRefusedUnchanged(
      () => admin.call(routes.adminSchoolUpdate, { body: { id, code: 'hdsy', name: '重名', areaCode: null, sort: 1 } }),
      /已被使用/,
    );

    expect((await admin.call(routes.adminSchoolRetire, { body: { id, retired: true } })).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'school.retire' });
    await expectRefusedUnchanged(() => admin.call(routes.adminSchoolRetire, { body: { id, retired: true } }), /已停用/);
    await expectRefusedUnchanged(
      () => admin.call(routes.adminSchoolRetire, { body: { id: 1, retired: true } }),
      /默认学校/,
    );
    // A retired school takes no new members.
    const refused = await admin.call(routes.adminUserCreate, {
      body: {
        realName: '新人',
        userName: 'xinren',
        phone: '',
        idCard: '',
        stage: '',
        subject: '',
        school: 'hdyy',
        role: 'teacher',
        password: 'Start@2026',
      },
    });
    expect(refused.msg).toContain('已停用，不能接收新成员');
    expect((await admin.call(routes.adminSchoolRetire, { body: { id, retired: false } })).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'school.restore' });
    expectDenied(await zhaoxl.call(routes.adminSchoolRetire, { body: { id, retired: true } }));
  });
});

describe('roles', () => {
  it('lists roles with scope, permissions and holders', async () => {
    const res = await admin.call(routes.adminRoleList);
    const district = res.data.find((r) => r.code === 'district_admin');
    expect(district).toMatchObject({ scope: 'all', fixed: true });
    expect(district?.permissions).toContain('users.roles');
    expect(res.data.find((r) => r.code === 'school_admin')?.userCount).toBeGreaterThanOrEqual(1);
    expectDenied(await zhaoxl.call(routes.adminRoleList));
  });

  it('sets a role permissions with the password; the district role keeps every permission', async () => {
    const role = await t.prisma.role.findUniqueOrThrow({ where: { code: 'school_admin' } });
    const permissions = ['dashboard', 'review.resources', 'users.read', 'users.write', 'reports'] as const;
    const res = await admin.call(routes.adminRoleSetPermissions, {
      body: { roleId: role.id, permissions: [...permissions], confirmPassword: 'Admin@2026' },
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.permissions).toContain('reports');
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'role.permissions', targetId: String(role.id) });
    expect((audit?.before as { permissions: string[] } | null)?.permissions).not.toContain('reports');
    // The school administrator now holds reports.
    expect((await zhaoxl.call(routes.adminMe)).data.permissions).toContain('reports');

    const district = await t.prisma.role.findUniqueOrThrow({ where: { code: 'district_admin' } });
    await expectRefusedUnchanged(
      () =>
        admin.call(routes.adminRoleSetPermissions, {
          body: { roleId: district.id, permissions: ['dashboard'], confirmPassword: 'Admin@2026' },
        }),
      /必须保留全部权限/,
    );
    const teacherRole = await t.prisma.role.findUniqueOrThrow({ where: { code: 'teacher' } });
    await expectRefusedUnchanged(
      () =>
        admin.call(routes.adminRoleSetPermissions, {
          body: { roleId: teacherRole.id, permissions: ['dashboard'], confirmPassword: 'Admin@2026' },
        }),
      /不能授予后台权限/,
    );
    await expectRefusedUnchanged(() =>
      admin.call(routes.adminRoleSetPermissions, {
        body: { roleId: role.id, permissions: ['nope' as 'dashboard'], confirmPassword: 'Admin@2026' },
      }),
    );
    const before = await fingerprint();
    expectDenied(
      await admin.call(routes.adminRoleSetPermissions, {
        body: { roleId: role.id, permissions: [], confirmPassword: 'Wrong@2026' },
      }),
    );
    expect(await fingerprint()).toBe(before);
    expectDenied(
      await zhaoxl.call(routes.adminRoleSetPermissions, {
        body: { roleId: role.id, permissions: [], confirmPassword: 'Teacher@2026' },
      }),
    );
    // Back to the defaults for the other tests of this file.
    await admin.call(routes.adminRoleSetPermissions, {
      body: {
        roleId: role.id,
        permissions: ['dashboard', 'review.resources', 'users.read', 'users.write'],
        confirmPassword: 'Admin@2026',
      },
    });
  });
});
