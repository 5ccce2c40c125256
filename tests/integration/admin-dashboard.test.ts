import { randomBytes } from 'node:crypto';
import { chinaDate, type DashboardData, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { flushBackgroundWrites } from '../../apps/api/src/lib/background-writes.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds, publishDoc } from '../support/library.ts';

/**
 * The console's dashboard part: figures for a known fixture in each scope (district, school, 教研员), dictionary and
 * area edits with their audit rows and their effect on pickers and search, work orders, and refusals.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let admin: Client;
let researcher: Client;
let schoolAdmin: Client;
let schoolTeacher: Client;
let teacher: Client;
let schoolId = 0;

const DAY_MS = 86_400_000;
/** The China day `offset` days from today, as a Date for a `date` column. */
const chinaDay = (offset: number) => new Date(`${chinaDate(new Date(Date.now() + offset * DAY_MS))}T00:00:00Z`);

/** A user of `schoolId` holding `roleCode`, with the demo password. */
const makeUser = async (userName: string, roleCode: string, extra: { stageId?: number; subjectId?: number } = {}) => {
  const role = await t.prisma.role.findUniqueOrThrow({ where: { code: roleCode } });
  return t.prisma.user.create({
    data: {
      memberId: randomBytes(8).toString('hex'),
      userName,
      realName: userName === 'xzadmin' ? '校管理员' : '本校老师',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      schoolId,
      ...extra,
      roles: { create: { roleId: role.id } },
    },
  });
};

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  schoolId = (await t.prisma.school.create({ data: { code: 'dash-test', name: '测试实验学校' } })).id;
  await makeUser('xzadmin', 'school_admin');
  const math = await dictIds(t, '初中', '数学');
  await makeUser('bxteacher', 'teacher', math);
  admin = await loginAs(t, 'admin', 'Admin@2026');
  researcher = await loginAs(t, 'chensy');
  schoolAdmin = await loginAs(t, 'xzadmin');
  schoolTeacher = await loginAs(t, 'bxteacher');
  teacher = await loginAs(t, 'lijg');
});

const dashboardOf = async (client: Client) => {
  const res = await client.call(routes.adminDashboard);
  expect(res.code, res.msg).toBe(0);
  return res.data as DashboardData;
};

const auditRows = (action: string, targetId: string) =>
  t.prisma.auditLog.findMany({ where: { action, targetId }, orderBy: { id: 'asc' } });

/** A paid order of `resourceId` by `buyerName` (one paid order per buyer and resource), paid at `paidAt`. */
const paidOrder = async (buyerName: string, resourceId: number, sellerId: number, payAmount: number, paidAt: Date) => {
  const buyer = await t.prisma.user.findUniqueOrThrow({ where: { userName: buyerName } });
  return t.prisma.order.create({
    data: {
      orderNo: `T${randomBytes(8).toString('hex')}`,
      buyerId: buyer.id,
      sellerId,
      resourceId,
      title: '测试订单',
      resourceType: 'DOCUMENT',
      price: payAmount,
      payAmount,
      status: 'PAID',
      payMethod: 'BALANCE',
      expiresAt: new Date(paidAt.getTime() + 900_000),
      paidAt,
    },
  });
};

describe('dashboard', () => {
  it('counts uploads, traffic, sales, new accounts, active schools and storage per scope', async () => {
    const districtBefore = await dashboardOf(admin);
    const researcherBefore = await dashboardOf(researcher);
    expect(districtBefore.scope).toEqual({ kind: 'all', label: '全区' });
    expect(researcherBefore.scope).toEqual({ kind: 'subject', label: '初中英语' });
    expect(researcherBefore.jobs).toEqual([]);
    expect(districtBefore.days).toHaveLength(30);
    expect(districtBefore.days.at(-1)!.day).toBe(chinaDate());

    // The school's teacher: two resources (one published, one pending), 初中数学.
    const schoolDoc = await publishDoc(t, schoolTeacher.call, 'bxteacher', { title: '本校数学学案' });
    await publishDoc(t, schoolTeacher.call, 'bxteacher', { title: '本校数学待审', approve: false });
    // Outside the school: lijg's 初中英语 resource (the 教研员's subject) and a 初中数学 one.
    const english = await publishDoc(t, teacher.call, 'lijg', { title: '英语阅读课件', subject: '英语' });
    await publishDoc(t, teacher.call, 'lijg', { title: '数学练习', approve: false });

    // Traffic: today, 10 days ago (inside the window) and 40 days ago (outside).
    await t.prisma.resourceDailyStat.createMany({
      data: [
        { resourceId: schoolDoc, day: chinaDay(0), views: 5, downloads: 2 },
        { resourceId: schoolDoc, day: chinaDay(-10), views: 7, downloads: 3 },
        { resourceId: schoolDoc, day: chinaDay(-40), views: 100, downloads: 100 },
        { resourceId: english, day: chinaDay(0), views: 11, downloads: 1 },
      ],
    });
    const seller = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'bxteacher' } });
    const lijg = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    await paidOrder('lijg', schoolDoc, seller.id, 500, new Date());
    await paidOrder('wangcy', schoolDoc, seller.id, 300, new Date(Date.now() - 5 * DAY_MS));
    await paidOrder('liujy', schoolDoc, seller.id, 999, new Date(Date.now() - 45 * DAY_MS));
    await paidOrder('zhangxm', english, lijg.id, 200, new Date());

    const school = await dashboardOf(schoolAdmin);
    expect(school.scope).toEqual({ kind: 'school', label: '本校：测试实验学校' });
    expect(school.today).toEqual({
      uploads: 2,
      downloads: 2,
      views: 5,
      sales: 1,
      salesAmount: 500,
      newTeachers: 2,
      activeSchools: 1,
    });
    expect(school.last30Days).toEqual({
      uploads: 2,
      downloads: 5,
      views: 12,
      sales: 2,
      salesAmount: 800,
      newTeachers: 2,
      activeSchools: 1,
    });
    expect(school.pendingReviews).toBe(1);
    // publishDoc stores one 1 KiB file per resource for its author.
    expect(school.storageBytes).toBe(2048);
    expect(school.days.at(-1)).toEqual({ day: chinaDate(), uploads: 2, downloads: 2, views: 5 });
    expect(school.days.at(-11)).toMatchObject({ downloads: 3, views: 7 });
    expect(school.jobs).toEqual([]);
    expect(school.converters).toEqual([]);

    // The 教研员 (初中英语) sees the English resource only.
    const subject = await dashboardOf(researcher);
    expect(subject.today.uploads - researcherBefore.today.uploads).toBe(1);
    expect(subject.today.views - researcherBefore.today.views).toBe(11);
    expect(subject.today.downloads - researcherBefore.today.downloads).toBe(1);
    expect(subject.today.sales - researcherBefore.today.sales).toBe(1);
    expect(subject.today.salesAmount - researcherBefore.today.salesAmount).toBe(200);
    expect(subject.pendingReviews).toBe(researcherBefore.pendingReviews);

    // The district sees everything.
    const district = await dashboardOf(admin);
    const delta = (key: keyof DashboardData['today']) => district.today[key] - districtBefore.today[key];
    expect(delta('uploads')).toBe(4);
    expect(delta('views')).toBe(16);
    expect(delta('downloads')).toBe(3);
    expect(delta('sales')).toBe(2);
    expect(delta('salesAmount')).toBe(700);
    expect(district.last30Days.views - districtBefore.last30Days.views).toBe(23);
    expect(district.pendingReviews - districtBefore.pendingReviews).toBe(2);
    expect(district.storageBytes - districtBefore.storageBytes).toBe(4096);
    expect(district.last30Days.newTeachers).toBeGreaterThanOrEqual(2);
    expect(district.today.activeSchools).toBeGreaterThanOrEqual(2);
    for (const job of district.jobs) expect(job.name).toMatch(/[\u4e00-\u9fff]/);
    expect(district.converters).toEqual([
      expect.stringMatching(/^文档转换：/),
      expect.stringMatching(/^文档页面图片与页数：/),
      expect.stringMatching(/^音视频转码：/),
    ]);
  });

  it('is refused to a teacher and without a session', async () => {
    expect((await teacher.call(routes.adminDashboard)).code).toBe(40300);
    expect((await t.client().call(routes.adminDashboard)).code).toBe(40100);
  });
});

describe('dictionaries', () => {
  it('disables a subject: gone from the pickers, its resources keep showing its name', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '地理');
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '等高线地形图', subject: '地理' });
    const off = await admin.call(routes.adminDictUpdate, { body: { id: subjectId, enabled: false } });
    expect(off.code, off.msg).toBe(0);
    expect(off.data.enabled).toBe(false);

    const picker = await t.client().call(routes.dictList, { query: { dictId: stageId, dictLevel: 2 } });
    expect(picker.data.map((d) => d.dictName)).not.toContain('地理');
    const options = await teacher.call(routes.getSubjectOption, { query: { stageId } });
    expect(JSON.stringify(options.data)).not.toContain('地理');
    const detail = await t.client().call(routes.resourceInfo, { query: { id } });
    expect(JSON.stringify(detail.data)).toContain('地理');

    const [row] = await auditRows('dict.update', String(subjectId));
    expect(row).toMatchObject({ actorName: expect.stringContaining('admin'), summary: '学科“地理”：停用' });
    expect(row!.before).toMatchObject({ enabled: true });
    expect(row!.after).toMatchObject({ enabled: false });

    const on = await admin.call(routes.adminDictUpdate, { body: { id: subjectId, enabled: true } });
    expect(on.data.enabled).toBe(true);
    const again = await t.client().call(routes.dictList, { query: { dictId: stageId, dictLevel: 2 } });
    expect(again.data.map((d) => d.dictName)).toContain('地理');
  });

  it('renames, adds a subject, reorders, and records each change', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '历史');
    const renamed = await admin.call(routes.adminDictUpdate, { body: { id: subjectId, name: '中国历史' } });
    expect(renamed.data.name).toBe('中国历史');
    expect((await auditRows('dict.update', String(subjectId))).at(-1)!.summary).toBe('学科“历史”：改名为“中国历史”');

    const created = await admin.call(routes.adminDictCreate, { body: { stageId, name: '书法', aliases: ['写字'] } });
    expect(created.code, created.msg).toBe(0);
    const tree = await admin.call(routes.adminDictTree);
    const junior = tree.data.find((s) => s.id === stageId)!;
    expect(junior.subjects.at(-1)).toMatchObject({ name: '书法', aliases: ['写字'], enabled: true });
    expect((await auditRows('dict.create', String(created.data.id))).length).toBe(1);

    const duplicate = await admin.call(routes.adminDictCreate, { body: { stageId, name: '书法' } });
    expect(duplicate.code).toBe(40900);

    const names = junior.subjects.map((s) => s.id);
    const moved = await admin.call(routes.adminDictMove, { body: { id: created.data.id, direction: 'up' } });
    expect(moved.data.moved).toBe(true);
    const after = (await admin.call(routes.adminDictTree)).data
      .find((s) => s.id === stageId)!
      .subjects.map((s) => s.id);
    expect(after).toEqual([...names.slice(0, -2), created.data.id, names.at(-2)]);
    const picker = await t.client().call(routes.dictList, { query: { dictId: stageId, dictLevel: 2 } });
    expect(picker.data.slice(-2).map((d) => d.dictName)).toEqual(['书法', junior.subjects.at(-2)!.name]);
    expect((await auditRows('dict.move', String(created.data.id))).length).toBe(1);

    // The first entry cannot move up: answered, audited as not moved.
    const first = await admin.call(routes.adminDictMove, { body: { id: names[0]!, direction: 'up' } });
    expect(first.data.moved).toBe(false);
  });

  it('makes an alias find the subject in search', async () => {
    const { subjectId } = await dictIds(t, '初中', '生物学');
    await publishDoc(t, teacher.call, 'lijg', { title: '细胞的结构与功能', subject: '生物学' });
    const search = async () =>
      (await t.client().call(routes.search, { body: { content: '生命科学', current: 1, size: 10 } })).data;
    const before = await search();
    expect(before.objList.map((h) => h.title)).not.toContain('细胞的结构与功能');
    const res = await admin.call(routes.adminDictUpdate, { body: { id: subjectId, aliases: ['生命科学'] } });
    expect(res.data.aliases).toEqual(['生命科学']);
    const after = await search();
    expect(after.understood?.subject?.name).toBe('生物学');
    expect(after.objList.map((h) => h.title)).toContain('细胞的结构与功能');
  });

  it('rejects bad input with 400 and a Chinese message, changing nothing', async () => {
    const { subjectId } = await dictIds(t, '初中', '物理');
    // The tests above leave work behind them: searches counted in the background, and the background worker making
    // the published document's preview (slow on a busy machine). Neither is this test's to judge.
    await flushBackgroundWrites(t.app);
    await expect
      .poll(() => t.prisma.fileDerivative.count({ where: { status: { in: ['pending', 'running'] } } }), {
        timeout: 120_000,
      })
      .toBe(0);
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    for (const body of [
      { id: subjectId },
      { id: subjectId, name: '' },
      { id: subjectId, name: '物理<script>' },
      { id: subjectId, aliases: Array.from({ length: 11 }, (_, i) => `别名${i}`) },
      { id: subjectId, aliases: ['物理'] },
    ]) {
      const res = await admin.call(routes.adminDictUpdate, { body: body as never });
      expect(res.code, JSON.stringify(body)).toBe(40000);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const noCode = await admin.call(routes.adminDictCreate, { body: { name: '特教' } as never });
    expect(noCode.code).toBe(40000);
    expect(noCode.msg).toContain('学段代码');
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  }, 180_000);
});

describe('areas', () => {
  it('adds, renames and reorders areas, audited', async () => {
    const list = await admin.call(routes.adminAreaList);
    const district = list.data.find((a) => a.level === 3)!;
    const city = district.parentCode!;
    const created = await admin.call(routes.adminAreaCreate, {
      body: { parentCode: city, code: '999901', name: '新区' },
    });
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({ level: 3, parentCode: city });
    const deeper = await admin.call(routes.adminAreaCreate, {
      body: { parentCode: '999901', code: '999902', name: '更下级' },
    });
    expect(deeper.code).toBe(40000);
    const renamed = await admin.call(routes.adminAreaUpdate, { body: { code: '999901', name: '新城区' } });
    expect(renamed.data.name).toBe('新城区');
    const moved = await admin.call(routes.adminAreaMove, { body: { code: '999901', direction: 'up' } });
    expect(moved.data.moved).toBe(true);
    const siblings = (await admin.call(routes.adminAreaList)).data.filter((a) => a.parentCode === city);
    expect(siblings.at(-2)!.code).toBe('999901');
    const center = await teacher.call(routes.getAreaDict, { query: { parentCode: city } });
    expect(JSON.stringify(center.data)).toContain('新城区');
    for (const action of ['area.create', 'area.update', 'area.move']) {
      expect((await auditRows(action, '999901')).length, action).toBe(1);
    }
  });
});

describe('work orders', () => {
  it('lists by status, replies (the author gets a message), closes; a closed one takes no reply', async () => {
    const created = await teacher.call(routes.workOrderInsert, {
      body: {
        category: 'upload',
        title: '视频上传失败',
        description: '上传到一半提示网络异常',
        contact: '13912345602',
      },
    });
    const id = created.data.id;
    const open = await admin.call(routes.adminWorkOrderList, { query: { current: 1, size: 20, status: 'OPEN' } });
    expect(open.data.objList.find((w) => w.id === id)).toMatchObject({ userName: 'lijg', status: 'OPEN' });

    const reply = await admin.call(routes.adminWorkOrderReply, { body: { id, reply: '请更换网络后重试。' } });
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data.status).toBe('ANSWERED');
    const inbox = await teacher.call(routes.messageList, { query: { current: 1, size: 5 } });
    expect(inbox.data.objList[0]!.title).toBe('工单已回复：视频上传失败');
    const [row] = await auditRows('workorder.reply', String(id));
    expect(row!.before).toMatchObject({ status: 'OPEN', reply: null });
    expect(row!.after).toMatchObject({ status: 'ANSWERED', reply: '请更换网络后重试。' });

    // Two closes at once: one wins, the other is told it is closed already.
    const closes = await Promise.all([
      admin.call(routes.adminWorkOrderClose, { body: { id } }),
      admin.call(routes.adminWorkOrderClose, { body: { id } }),
    ]);
    expect(closes.map((c) => c.code).sort()).toEqual([0, 40900]);
    expect((await auditRows('workorder.close', String(id))).length).toBe(1);
    const late = await admin.call(routes.adminWorkOrderReply, { body: { id, reply: '再次回复' } });
    expect(late.code).toBe(40900);
    expect(late.msg).toContain('已关闭');
    const empty = await admin.call(routes.adminWorkOrderReply, { body: { id, reply: ' ' } });
    expect(empty.code).toBe(40000);
  });
});

describe('permissions', () => {
  it('refuses the dictionary, area and work-order routes to school administrators and 教研员 (403)', async () => {
    const { subjectId } = await dictIds(t, '初中', '化学');
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    for (const client of [schoolAdmin, researcher, teacher]) {
      const calls = [
        client.call(routes.adminDictTree),
        client.call(routes.adminDictUpdate, { body: { id: subjectId, enabled: false } }),
        client.call(routes.adminDictCreate, { body: { stageId: 1, name: '书法二' } }),
        client.call(routes.adminDictMove, { body: { id: subjectId, direction: 'up' } }),
        client.call(routes.adminAreaList),
        client.call(routes.adminAreaCreate, { body: { code: '999801', name: '新省' } }),
        client.call(routes.adminAreaUpdate, { body: { code: '110101', name: '改名' } }),
        client.call(routes.adminAreaMove, { body: { code: '110101', direction: 'down' } }),
        client.call(routes.adminWorkOrderList, { query: { current: 1, size: 20 } }),
        client.call(routes.adminWorkOrderReply, { body: { id: 1, reply: '回复内容' } }),
        client.call(routes.adminWorkOrderClose, { body: { id: 1 } }),
        client.call(routes.adminAuditList, { query: { current: 1, size: 20 } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.code).toBe(40300);
        expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });

  it('writes an audit row the audit list shows with its label', async () => {
    const res = await admin.call(routes.adminAuditList, { query: { current: 1, size: 50, action: 'dict.update' } });
    expect(res.data.objList.length).toBeGreaterThan(0);
    expect(res.data.objList[0]!.actionLabel).toBe('修改学段或学科');
    expect(res.data.actions.map((a) => a.value)).toContain('workorder.reply');
  });
});
