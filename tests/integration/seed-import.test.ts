import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDictionaries } from '../../apps/api/src/db/seed.ts';
import { verifyPassword } from '../../apps/api/src/lib/password.ts';
import { importRoster } from '../../apps/api/src/modules/account/roster.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { createTestDatabase } from '../support/db.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

let prisma: ReturnType<typeof createPrisma>;
let url: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  url = db.url;
  drop = db.drop;
  prisma = createPrisma(db.url);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await drop?.();
});

const HEADER = 'realName,userName,phone,idCard,stage,subject,role,password';

describe('seeded data', () => {
  it('has realistic stages with their subjects, roles and demo accounts', async () => {
    const junior = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '初中' } });
    const subjects = await prisma.dict.findMany({ where: { parentId: junior.id }, orderBy: { sort: 'asc' } });
    expect(subjects.map((s) => s.dictName).slice(0, 3)).toEqual(['语文', '数学', '英语']);
    const admin = await prisma.user.findUniqueOrThrow({ where: { userName: 'admin' } });
    expect(admin.isAdmin).toBe(true);
    const teacher = await prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' }, include: { roles: true } });
    expect(teacher.stageId).toBe(junior.id);
    expect(teacher.roles).toHaveLength(1);
    expect(teacher.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(teacher.passwordHash, 'Teacher@2026')).toBe(true);
  });

  it('places the demo teachers in the district schools, with a school administrator', async () => {
    const schools = await prisma.school.findMany({ where: { areaCode: '110108' } });
    expect(schools.length).toBeGreaterThanOrEqual(6);
    const school = (userName: string) =>
      prisma.user.findUniqueOrThrow({
        where: { userName },
        include: { school: true, roles: { include: { role: true } } },
      });
    const zhaoxl = await school('zhaoxl');
    expect(zhaoxl.school.name).toBe('海淀区实验小学');
    expect(zhaoxl.roles.map((r) => r.role.code)).toEqual(['school_admin']);
    expect(zhaoxl.isAdmin).toBe(false);
    expect((await school('zhangxm')).schoolId).toBe(zhaoxl.schoolId);
    expect((await school('liujy')).schoolId).toBe(zhaoxl.schoolId);
    expect((await school('lijg')).schoolId).not.toBe(zhaoxl.schoolId);
    expect((await school('admin')).schoolId).toBe(1);
  });
});

describe('dictionary import', () => {
  it('is idempotent and updates names in place, keeping ids', async () => {
    const file = { stages: [{ code: 'primary', name: '小学', subjects: ['语文', '数学'] }] };
    const before = await prisma.dict.findUniqueOrThrow({ where: { code: 'primary/数学' } });
    const report = await importDictionaries(prisma, file);
    expect(report).toMatchObject({ created: 0, rejected: [] });
    const again = await databaseFingerprint(url);
    await importDictionaries(prisma, file);
    expect(await databaseFingerprint(url)).toBe(again);
    const renamed = await importDictionaries(prisma, {
      stages: [{ code: 'primary', name: '小学', subjects: ['语文', '数学', '书法'] }],
    });
    expect(renamed.created).toBe(1);
    expect((await prisma.dict.findUniqueOrThrow({ where: { code: 'primary/数学' } })).id).toBe(before.id);
  });

  it('rejects a malformed file without writing anything', async () => {
    const before = await databaseFingerprint(url);
    await expect(
      importDictionaries(prisma, { stages: [{ code: 'Bad Code!', name: '', subjects: [] }] }),
    ).rejects.toThrow();
    expect(await databaseFingerprint(url)).toBe(before);
  });
});

describe('roster import', () => {
  it('creates valid teachers, rejects bad rows with reasons, and is idempotent', async () => {
    const csv = [
      HEADER,
      '赵一鸣,zhaoym,13711112222,110105198503120020x,初中,数学,teacher,Start@2026', // bad id (19 chars)
      '钱二丽,qianel,13711113333,,初中,数学,teacher,Start@2026',
      '孙三,sunsan,12345,,初中,数学,teacher,Start@2026', // bad phone
      '李四,lisi4,,,初中,思想政治,teacher,Start@2026', // subject of another stage
      '周五,zhouwu,,,高中,物理,校长,Start@2026', // unknown role
      '吴六,wuliu,,,小学,语文,teacher,short', // password too short
      '郑七,zhengqi,13711114444,110101199003077777,小学,语文,teacher,Start@2026', // bad check digit
      '钱二丽,qianel,13711113333,,初中,数学,teacher,Start@2026', // duplicate in file
      '冯八,fengba,13912345601,,小学,语文,teacher,Start@2026', // phone of demo user zhangxm
    ].join('\n');
    const report = await importRoster(prisma, csv);
    expect(report.created).toBe(1);
    expect(report.rejected.map((r) => [r.line, r.key])).toEqual([
      [2, 'zhaoym'],
      [4, 'sunsan'],
      [5, 'lisi4'],
      [6, 'zhouwu'],
      [7, 'wuliu'],
      [8, 'zhengqi'],
      [9, 'qianel'],
      [10, 'fengba'],
    ]);
    const reasons = report.rejected.map((r) => r.reason).join('\n');
    for (const text of [
      '身份证号不正确',
      '手机号格式不正确',
      '不属于学段',
      '角色“校长”不存在',
      '初始密码至少 8 位',
      '文件中用户名重复',
      '已被用户 zhangxm 使用',
    ]) {
      expect(reasons).toContain(text);
    }
    const snapshot = await databaseFingerprint(url);
    const second = await importRoster(prisma, csv);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await databaseFingerprint(url)).toBe(snapshot);
  });

  it('updates a known teacher without touching the password', async () => {
    const user = await prisma.user.findUniqueOrThrow({ where: { userName: 'qianel' } });
    const report = await importRoster(prisma, `${HEADER}\n钱二丽,qianel,13711115555,,高中,化学,teacher,Other@2026`);
    expect(report.updated).toBe(1);
    const after = await prisma.user.findUniqueOrThrow({ where: { userName: 'qianel' } });
    expect(after.phone).toBe('13711115555');
    expect(after.passwordHash).toBe(user.passwordHash);
    expect(after.memberId).toBe(user.memberId);
  });

  it('places rows in the school they name (code or name), rejects unknown and retired schools', async () => {
    const header = `${HEADER.replace(',role,', ',school,role,')}`;
    const csv = [
      header,
      '韩一,hanyi,,,小学,语文,hdsy,teacher,Start@2026',
      '韩二,haner,,,小学,语文,海淀区中关村第一小学,teacher,Start@2026',
      '韩三,hansan,,,小学,语文,,teacher,Start@2026',
      '韩四,hansi,,,小学,语文,不存在的学校,teacher,Start@2026',
    ].join('\n');
    const dry = await importRoster(prisma, csv, { dryRun: true });
    expect(dry.rows.map((r) => r.outcome)).toEqual(['create', 'create', 'create', 'rejected']);
    expect(dry.rejected[0]?.reason).toBe('学校“不存在的学校”不存在');
    expect(await prisma.user.count({ where: { userName: { in: ['hanyi', 'haner', 'hansan'] } } })).toBe(0);
    const report = await importRoster(prisma, csv);
    expect(report.rows).toEqual(dry.rows);
    const schoolOf = async (userName: string) =>
      (await prisma.user.findUniqueOrThrow({ where: { userName }, include: { school: true } })).school.code;
    expect(await schoolOf('hanyi')).toBe('hdsy');
    expect(await schoolOf('haner')).toBe('zgcyx');
    expect(await schoolOf('hansan')).toBe('default');

    // A retired school keeps its members but takes no new ones.
    await prisma.school.update({ where: { code: 'hdwgy' }, data: { retiredAt: new Date() } });
    const retired = await importRoster(
      prisma,
      `${header}\n韩五,hanwu,,,小学,语文,hdwgy,teacher,Start@2026\n韩一,hanyi,,,小学,语文,hdwgy,teacher,Start@2026`,
      { dryRun: true },
    );
    expect(retired.rejected.map((r) => r.reason)).toEqual([
      '学校“海淀区外国语实验学校”已停用，不能接收新成员',
      '学校“海淀区外国语实验学校”已停用，不能接收新成员',
    ]);
    await prisma.school.update({ where: { code: 'hdwgy' }, data: { retiredAt: null } });
  });

  it('confines a school administrator to their school and to the teacher role', async () => {
    const header = `${HEADER.replace(',role,', ',school,role,')}`;
    const hdsy = await prisma.school.findUniqueOrThrow({ where: { code: 'hdsy' } });
    const report = await importRoster(
      prisma,
      [
        header,
        '魏一,weiyi,,,小学,数学,,teacher,Start@2026', // empty school: theirs
        '魏二,weier,,,小学,数学,hdesz,teacher,Start@2026', // another school
        '魏三,weisan,,,小学,数学,hdsy,school_admin,Start@2026', // an admin role
        '李建国,lijg,13912345602,,初中,数学,,teacher,Start@2026', // a teacher of another school
      ].join('\n'),
      { actor: { schoolId: hdsy.id, mayGrantAdminRoles: false }, dryRun: true },
    );
    expect(report.rows.map((r) => r.outcome)).toEqual(['create', 'rejected', 'rejected', 'rejected']);
    expect(report.rejected.map((r) => r.reason)).toEqual([
      '只能导入本校（海淀区实验小学）的教师',
      '不能通过名册授予“学校管理员”角色，只能导入教师',
      '用户 lijg 属于其他学校，不能修改',
    ]);
  });

  it('refuses a file missing a column', async () => {
    await expect(importRoster(prisma, 'realName,userName\n甲,jia')).rejects.toThrow(/缺少列/);
  });
});
