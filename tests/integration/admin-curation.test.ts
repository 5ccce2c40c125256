import { type AdminBanner, type BodyInputOf, chinaDate, FEATURED_LIMITS, MESSAGES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The console's curation part: home banners (and the public list the home page shows), system announcements, and
 * the courses and topics featured on the classroom home. Every write leaves an audit row with before/after; bad
 * input is a 400 with a Chinese message that changes nothing; roles without `curation` are refused.
 */

const M = MESSAGES.console.curation;
type Client = Awaited<ReturnType<typeof loginAs>>;

let t: TestApp;
let admin: Client;
let teacher: Client;
let researcher: Client;
let schoolAdmin: Client;
let authorId: number;

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  const school = await t.prisma.school.create({ data: { code: 'curation-school', name: '运营测试学校' } });
  // A school administrator of a school of their own, made directly (the roster import is another part's work).
  const role = await t.prisma.role.findFirstOrThrow({ where: { code: 'school_admin' } });
  await t.prisma.user.create({
    data: {
      memberId: 'curation-school-admin',
      userName: 'wuxg',
      realName: '吴校管',
      passwordHash: await hashPassword('Teacher@2026'),
      schoolId: school.id,
      roles: { create: { roleId: role.id } },
    },
  });
  admin = await loginAs(t, 'admin', 'Admin@2026');
  teacher = await loginAs(t, 'lijg');
  researcher = await loginAs(t, 'chensy');
  schoolAdmin = await loginAs(t, 'wuxg');
  authorId = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } })).id;
});

/** China-time day `offset` days from today. */
const day = (offset: number) => chinaDate(new Date(Date.now() + offset * 86_400_000));
const auditOf = (action: string, targetId?: string) =>
  t.prisma.auditLog.findMany({ where: { action, ...(targetId ? { targetId } : {}) }, orderBy: { id: 'asc' } });
const publicBanners = async () => {
  const res = await t.client().call(routes.homeBanners);
  expect(res.code).toBe(0);
  return res.data;
};
const createBanner = async (body: BodyInputOf<typeof routes.adminBannerCreate>) => {
  const res = await admin.call(routes.adminBannerCreate, { body });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

describe('permissions', () => {
  const calls = [
    ['adminBannerList', () => ({})],
    ['adminBannerCreate', () => ({ body: { title: '不该出现' } })],
    ['adminAnnouncementPublish', () => ({ body: { title: '不该出现', content: '不该出现' } })],
    ['adminFeaturedList', () => ({})],
    ['adminFeaturedAdd', () => ({ body: { kind: 'course', id: 1 } })],
  ] as const;

  it.each(['teacher', 'researcher', 'schoolAdmin'] as const)('refuses a %s with 403, changing nothing', async (who) => {
    const client = { teacher, researcher, schoolAdmin }[who];
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    for (const [name, args] of calls) {
      // biome-ignore lint/suspicious/noExplicitAny: one loop over routes of different shapes
      const res = await client.call(routes[name] as any, args() as any);
      expect(res.code, `${name} as ${who}`).toBe(40300);
      expect(res.msg).toBe(MESSAGES.console.common.permissionDenied);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.client().call(routes.adminBannerList);
    expect(res.code).toBe(40100);
  });
});

describe('home banners', () => {
  let first: AdminBanner;
  let scheduled: AdminBanner;
  let disabled: AdminBanner;
  let ended: AdminBanner;
  let current: AdminBanner;

  it('creates banners last in order, each with its audit row, and the public list shows only the active ones', async () => {
    expect(await publicBanners()).toEqual([]);
    first = await createBanner({ title: '暑期教研活动', subtitle: '优秀课例征集', linkUrl: '/pcourse/index' });
    scheduled = await createBanner({ title: '明天开始', startsOn: day(1) });
    disabled = await createBanner({ title: '已停用的', enabled: false });
    ended = await createBanner({ title: '昨天结束', startsOn: day(-3), endsOn: day(-1) });
    current = await createBanner({
      title: '今天结束',
      linkUrl: 'https://example.edu.cn/notice?id=1',
      startsOn: day(-1),
      endsOn: day(0),
    });
    expect([first, scheduled, disabled, ended, current].map((b) => b.sort)).toEqual([1, 2, 3, 4, 5]);
    expect([first, scheduled, disabled, ended, current].map((b) => b.state)).toEqual([
      'active',
      'scheduled',
      'disabled',
      'ended',
      'active',
    ]);
    expect(current).toMatchObject({ startsOn: day(-1), endsOn: day(0) });

    const list = await admin.call(routes.adminBannerList);
    expect(list.data.map((b) => b.id)).toEqual([first, scheduled, disabled, ended, current].map((b) => b.id));

    expect(await publicBanners()).toEqual([
      { id: first.id, title: '暑期教研活动', subtitle: '优秀课例征集', linkUrl: '/pcourse/index' },
      { id: current.id, title: '今天结束', subtitle: '', linkUrl: 'https://example.edu.cn/notice?id=1' },
    ]);

    const [row] = await auditOf('banner.create', String(first.id));
    expect(row).toMatchObject({
      actorName: expect.stringContaining('admin'),
      targetType: 'home_banner',
      summary: '新建首页横幅《暑期教研活动》',
      before: null,
      after: { title: '暑期教研活动', subtitle: '优秀课例征集', linkUrl: '/pcourse/index', enabled: true },
    });
  });

  it('reorders, and the public list follows at once (its cache is forgotten on change)', async () => {
    const ids = [current.id, ended.id, disabled.id, scheduled.id, first.id];
    const res = await admin.call(routes.adminBannerReorder, { body: { ids } });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((b) => [b.id, b.sort])).toEqual(ids.map((id, i) => [id, i + 1]));
    expect((await publicBanners()).map((b) => b.id)).toEqual([current.id, first.id]);
    const [row] = await auditOf('banner.reorder');
    expect((row!.before as { id: number }[]).map((b) => b.id)).toEqual([
      first.id,
      scheduled.id,
      disabled.id,
      ended.id,
      current.id,
    ]);
    expect((row!.after as { id: number }[]).map((b) => b.id)).toEqual(ids);
  });

  it('refuses an order that is not every banner once, changing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    for (const ids of [[first.id], [first.id, first.id, scheduled.id, disabled.id, ended.id], [1, 2, 3, 4, 999]]) {
      const res = await admin.call(routes.adminBannerReorder, { body: { ids } });
      expect(res.code).toBe(40000);
      expect(res.msg).toBe(M.bannerOrderMismatch);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });

  it('updates a banner (enabling it shows it), with before and after in the audit row', async () => {
    const res = await admin.call(routes.adminBannerUpdate, {
      body: { id: disabled.id, title: '重新启用', subtitle: '副标题', linkUrl: '/home/search', enabled: true },
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ title: '重新启用', state: 'active', sort: 3 });
    expect((await publicBanners()).map((b) => b.title)).toEqual(['今天结束', '重新启用', '暑期教研活动']);
    const [row] = await auditOf('banner.update', String(disabled.id));
    expect(row?.before).toMatchObject({ title: '已停用的', enabled: false, linkUrl: '' });
    expect(row?.after).toMatchObject({ title: '重新启用', enabled: true, linkUrl: '/home/search' });
  });

  it('deletes a banner with its audit row; a missing one is 404', async () => {
    const res = await admin.call(routes.adminBannerDelete, { body: { id: current.id } });
    expect(res.code, res.msg).toBe(0);
    expect((await publicBanners()).map((b) => b.title)).toEqual(['重新启用', '暑期教研活动']);
    const [row] = await auditOf('banner.delete', String(current.id));
    expect(row).toMatchObject({ before: { title: '今天结束' }, after: null });

    const again = await admin.call(routes.adminBannerDelete, { body: { id: current.id } });
    expect(again.code).toBe(40400);
    expect(again.msg).toBe(M.bannerNotFound);
  });

  it('refuses bad input with 400 and a Chinese message, changing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, M.bannerTitleRequired],
      [{ title: '   ' }, M.bannerTitleRequired],
      [{ title: '长'.repeat(41) }, M.bannerTitleTooLong],
      [{ title: '标题', subtitle: '长'.repeat(81) }, M.bannerSubtitleTooLong],
      [{ title: '标题', linkUrl: 'javascript:alert(1)' }, M.bannerLinkInvalid],
      [{ title: '标题', linkUrl: '//evil.example.com/' }, M.bannerLinkInvalid],
      [{ title: '标题', linkUrl: 'pcourse/index' }, M.bannerLinkInvalid],
      [{ title: '标题', linkUrl: 'https:// spaced.cn' }, M.bannerLinkInvalid],
      [{ title: '标题', startsOn: day(2), endsOn: day(1) }, M.bannerDatesReversed],
      [{ title: '标题', startsOn: '2026/01/01' }, '日期格式应为 YYYY-MM-DD'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.call(routes.adminBannerCreate, { body: body as { title: string } });
      expect(res.code, JSON.stringify(body)).toBe(40000);
      expect(res.msg).toContain(message);
      const update = await admin.call(routes.adminBannerUpdate, {
        body: { id: first.id, ...(body as { title: string }) },
      });
      expect(update.code, JSON.stringify(body)).toBe(40000);
      expect(update.msg).toContain(message);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });
});

describe('announcements', () => {
  it('publishes one to every user, lists it first, with its audit row', async () => {
    const res = await admin.call(routes.adminAnnouncementPublish, {
      body: { title: '系统维护通知', content: '本周六 22:00 至 23:00 系统维护。', link: '/home/index' },
    });
    expect(res.code, res.msg).toBe(0);
    const row = await t.prisma.message.findUniqueOrThrow({ where: { id: res.data.id } });
    expect(row).toMatchObject({ userId: null, type: 'announcement', title: '系统维护通知', link: '/home/index' });

    const list = await admin.call(routes.adminAnnouncementList, { query: { current: 1, size: 10 } });
    expect(list.data.objList[0]).toMatchObject({ id: res.data.id, title: '系统维护通知' });
    expect(list.data.pageBean.totalCount).toBe(1);

    const inbox = await teacher.call(routes.messageList, { query: { current: 1, size: 10, type: 'announcement' } });
    expect(inbox.data.objList.map((m) => m.title)).toContain('系统维护通知');

    const [audit] = await auditOf('announcement.publish', String(res.data.id));
    expect(audit).toMatchObject({ targetType: 'message', before: null, after: { title: '系统维护通知' } });
  });

  it('refuses an empty or too long announcement, changing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const cases: [Record<string, string>, string][] = [
      [{ title: '', content: '内容' }, M.announcementTitleRequired],
      [{ title: '标题', content: ' ' }, M.announcementContentRequired],
      [{ title: '长'.repeat(61), content: '内容' }, M.announcementTitleTooLong],
      [{ title: '标题', content: '长'.repeat(2001) }, M.announcementContentTooLong],
      [{ title: '标题', content: '内容', link: 'ftp://x' }, M.bannerLinkInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await admin.call(routes.adminAnnouncementPublish, {
        body: body as { title: string; content: string },
      });
      expect(res.code).toBe(40000);
      expect(res.msg).toContain(message);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });
});

describe('featured courses and topics', () => {
  const ids = { courses: [] as number[], topics: [] as number[], pendingCourse: 0 };
  const home = async () => {
    const res = await t.client().call(routes.courseHome);
    expect(res.code).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    // Ten published courses, newest last; three published topics; one course still under review.
    for (let i = 1; i <= 10; i++) {
      const course = await t.prisma.course.create({
        data: {
          title: `推荐测试课程${i}`,
          authorId,
          status: 'PUBLISHED',
          publishedAt: new Date(Date.UTC(2026, 0, i)),
        },
      });
      ids.courses.push(course.id);
    }
    for (let i = 1; i <= 5; i++) {
      const topic = await t.prisma.topic.create({
        data: { title: `推荐测试专题${i}`, authorId, status: 'PUBLISHED', publishedAt: new Date(Date.UTC(2026, 0, i)) },
      });
      ids.topics.push(topic.id);
    }
    ids.pendingCourse = (await t.prisma.course.create({ data: { title: '审核中的课程', authorId } })).id;
  });

  it('without featured ones, the classroom home shows the newest first', async () => {
    const data = await home();
    expect(data.courses.map((c) => c.id)).toEqual(ids.courses.slice(2).reverse());
    expect(data.topics.map((c) => c.id)).toEqual(ids.topics.slice(1).reverse());
  });

  it('features courses and topics: they come first on the classroom home, in the chosen order', async () => {
    const [c1, c2, c3] = ids.courses;
    for (const id of [c2!, c1!]) {
      const res = await admin.call(routes.adminFeaturedAdd, { body: { kind: 'course', id } });
      expect(res.code, res.msg).toBe(0);
    }
    const topicRes = await admin.call(routes.adminFeaturedAdd, { body: { kind: 'topic', id: ids.topics[0]! } });
    expect(topicRes.data.topics.map((x) => x.id)).toEqual([ids.topics[0]]);
    expect(topicRes.data.courses.map((x) => x.id)).toEqual([c2, c1]);

    const data = await home();
    expect(data.courses.map((c) => c.id)).toEqual([c2, c1, ...ids.courses.slice(4).reverse()]);
    expect(data.topics.map((c) => c.id)).toEqual([ids.topics[0], ...ids.topics.slice(2).reverse()]);

    const [row] = await auditOf('featured.add', String(c2));
    expect(row).toMatchObject({
      targetType: 'course',
      summary: '推荐课程《推荐测试课程2》',
      before: { featuredSort: null },
      after: { featuredSort: 1 },
    });

    const reorder = await admin.call(routes.adminFeaturedReorder, { body: { kind: 'course', ids: [c1!, c2!] } });
    expect(reorder.code, reorder.msg).toBe(0);
    expect((await home()).courses.slice(0, 2).map((c) => c.id)).toEqual([c1, c2]);
    const [reordered] = await auditOf('featured.reorder');
    expect(reordered).toMatchObject({
      before: [{ id: c2 }, { id: c1 }],
      after: [{ id: c1 }, { id: c2 }],
    });

    // Candidates: published, not yet featured.
    const candidates = await admin.call(routes.adminFeaturedCandidates, {
      query: { kind: 'course', keyword: '推荐测试' },
    });
    expect(candidates.data.map((c) => c.id)).not.toContain(c1);
    expect(candidates.data.map((c) => c.id)).toContain(c3);
    expect(candidates.data.map((c) => c.id)).not.toContain(ids.pendingCourse);
  });

  it('refuses unpublished, already featured, unknown and over-limit choices, changing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const pending = await admin.call(routes.adminFeaturedAdd, { body: { kind: 'course', id: ids.pendingCourse } });
    expect([pending.code, pending.msg]).toEqual([40000, M.featuredNotPublished('课程')]);
    const twice = await admin.call(routes.adminFeaturedAdd, { body: { kind: 'course', id: ids.courses[0]! } });
    expect([twice.code, twice.msg]).toEqual([40900, M.featuredAlready('课程')]);
    const unknown = await admin.call(routes.adminFeaturedRemove, { body: { kind: 'topic', id: ids.topics[4]! } });
    expect([unknown.code, unknown.msg]).toEqual([40000, M.featuredNotFeatured('专题')]);
    const partial = await admin.call(routes.adminFeaturedReorder, { body: { kind: 'course', ids: [ids.courses[0]!] } });
    expect([partial.code, partial.msg]).toEqual([40000, M.featuredOrderMismatch]);
    const badKind = await admin.call(routes.adminFeaturedAdd, { body: { kind: 'resource' as 'course', id: 1 } });
    expect(badKind.code).toBe(40000);
    expect(badKind.msg).toContain('推荐类型只能是课程或专题');
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);

    // Topics: room for FEATURED_LIMITS.topic; the next one is refused.
    for (const id of ids.topics.slice(1, FEATURED_LIMITS.topic)) {
      expect((await admin.call(routes.adminFeaturedAdd, { body: { kind: 'topic', id } })).code).toBe(0);
    }
    const full = await admin.call(routes.adminFeaturedAdd, {
      body: { kind: 'topic', id: ids.topics[FEATURED_LIMITS.topic]! },
    });
    expect([full.code, full.msg]).toEqual([40000, M.featuredFull('专题', FEATURED_LIMITS.topic)]);
  });

  it('two administrators featuring the same course at once: one wins, one row of audit', async () => {
    const id = ids.courses[5]!;
    const answers = await Promise.all([
      admin.call(routes.adminFeaturedAdd, { body: { kind: 'course', id } }),
      admin.call(routes.adminFeaturedAdd, { body: { kind: 'course', id } }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 40900]);
    expect(await auditOf('featured.add', String(id))).toHaveLength(1);
  });

  it('removes one: it goes back among the newest, with its audit row', async () => {
    const [c1] = ids.courses;
    const res = await admin.call(routes.adminFeaturedRemove, { body: { kind: 'course', id: c1! } });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.courses.map((c) => c.id)).toEqual([ids.courses[1], ids.courses[5]]);
    const data = await home();
    expect(data.courses.map((c) => c.id)).not.toContain(c1);
    const [row] = await auditOf('featured.remove', String(c1));
    expect(row).toMatchObject({ before: { featuredSort: 1 }, after: { featuredSort: null } });
  });

  it('a featured course taken down leaves the classroom home but stays listed, marked unpublished', async () => {
    const id = ids.courses[1]!;
    await t.prisma.course.update({ where: { id }, data: { status: 'TAKEN_DOWN' } });
    expect((await home()).courses.map((c) => c.id)).not.toContain(id);
    const list = await admin.call(routes.adminFeaturedList);
    expect(list.data.courses.find((c) => c.id === id)).toMatchObject({ published: false });
  });
});
