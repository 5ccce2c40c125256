import { randomBytes } from 'node:crypto';
import { MESSAGES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { newId } from '../../apps/api/src/modules/storage/keys.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_PASSWORD, loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds } from '../support/library.ts';

/**
 * The console's review part: the resource queue (scoped, filtered), the reviewer's preview of pending files,
 * approve / batch approve / reject / takedown with their audit rows and messages, exactly one of two simultaneous
 * approvals, two-level review (school, then district), courses and topics, and reports grouped by resource.
 */

type Client = Awaited<ReturnType<typeof loginAs>>;

/** A school with an administrator and a teacher (初中数学), and the demo users, on one app. */
const setUp = async (t: TestApp, code: string) => {
  const school = await t.prisma.school.create({ data: { code, name: `${code}实验学校` } });
  const math = await dictIds(t, '初中', '数学');
  const make = async (userName: string, realName: string, role: string, extra: object = {}) => {
    const r = await t.prisma.role.findUniqueOrThrow({ where: { code: role } });
    await t.prisma.user.create({
      data: {
        memberId: randomBytes(8).toString('hex'),
        userName,
        realName,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        schoolId: school.id,
        ...extra,
        roles: { create: { roleId: r.id } },
      },
    });
  };
  await make(`${code}adm`, '校管理员', 'school_admin');
  await make(`${code}tch`, '本校老师', 'teacher', math);
  // The other teachers of the demo belong to another school than this one.
  const [admin, researcher, schoolAdmin, own, other, english] = await Promise.all([
    loginAs(t, 'admin', 'Admin@2026'),
    loginAs(t, 'chensy'),
    loginAs(t, `${code}adm`),
    loginAs(t, `${code}tch`),
    loginAs(t, 'lijg'),
    loginAs(t, 'wangcy'),
  ]);
  return { school, admin, researcher, schoolAdmin, own, other, english, ownName: `${code}tch` };
};

/** A pending document by `who` (its file a PDF row with a real id, so the preview answers a signed link at once). */
const submit = async (t: TestApp, who: Client, userName: string, title: string, stage = '初中', subject = '数学') => {
  const owner = await t.prisma.user.findUniqueOrThrow({ where: { userName } });
  const id = newId();
  const file = await t.prisma.storedFile.create({
    data: {
      id,
      ownerId: owner.id,
      storageKey: `test/${id}`,
      originalName: `${title}.pdf`,
      size: 1024n,
      mimeType: 'application/pdf',
      extension: 'pdf',
      kind: 'document',
      sha256: '0'.repeat(64),
    },
  });
  const { stageId, subjectId } = await dictIds(t, stage, subject);
  const res = await who.call(routes.publishDocument, {
    body: { title, description: '', tags: [], stageId, subjectId, type: 'DOCUMENT', fileIds: [file.id], price: 0 },
  });
  if (res.code !== 0) throw new Error(res.msg);
  return { id: res.data.id, fileId: file.id };
};

const statusOf = async (t: TestApp, id: number) =>
  (await t.prisma.resource.findUniqueOrThrow({ where: { id } })).status;
const auditOf = (t: TestApp, action: string, targetId: number) =>
  t.prisma.auditLog.findMany({ where: { action, targetId: String(targetId) } });

describe('one-level review', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof setUp>>;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
  beforeAll(async () => {
    u = await setUp(t, 'rv1');
    // wangcy teaches 初中英语 here: the 教研员 chensy's stage and subject.
    const english = await dictIds(t, '初中', '英语');
    await t.prisma.user.update({ where: { userName: 'wangcy' }, data: english });
  });

  it('lists the pending resources each reviewer reaches, with filters, paging and the row facts', async () => {
    const own = await submit(t, u.own, u.ownName, '本校分数教案');
    const other = await submit(t, u.other, 'lijg', '外校方程课件');
    const english = await submit(t, u.english, 'wangcy', '英语阅读导学案', '初中', '英语');

    const all = await u.admin.call(routes.adminReviewQueue, { query: { current: 1, size: 50 } });
    expect(all.code).toBe(0);
    expect(all.data.reviewLevels).toBe(1);
    const ids = all.data.objList.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, other.id, english.id]));
    // Oldest submission first by default.
    expect(ids.indexOf(own.id)).toBeLessThan(ids.indexOf(english.id));
    const row = all.data.objList.find((r) => r.id === own.id)!;
    expect(row).toMatchObject({
      title: '本校分数教案',
      type: 'DOCUMENT',
      authorName: '本校老师',
      schoolName: 'rv1实验学校',
      stageName: '初中',
      subjectName: '数学',
      price: 0,
      fileType: 'pdf',
      fileSize: 1024,
      fileCount: 1,
      level: 1,
      actionable: true,
    });

    const school = await u.schoolAdmin.call(routes.adminReviewQueue, { query: { current: 1, size: 50 } });
    expect(school.data.objList.map((r) => r.id)).toEqual([own.id]);
    const researcher = await u.researcher.call(routes.adminReviewQueue, { query: { current: 1, size: 50 } });
    expect(researcher.data.objList.map((r) => r.id)).toEqual([english.id]);

    const byKeyword = await u.admin.call(routes.adminReviewQueue, { query: { keyword: '方程', current: 1, size: 50 } });
    expect(byKeyword.data.objList.map((r) => r.id)).toEqual([other.id]);
    const { stageId, subjectId } = await dictIds(t, '初中', '英语');
    const bySubject = await u.admin.call(routes.adminReviewQueue, {
      query: { stageId, subjectId, type: 'DOCUMENT', current: 1, size: 50 },
    });
    expect(bySubject.data.objList.map((r) => r.id)).toEqual([english.id]);
    const paged = await u.admin.call(routes.adminReviewQueue, { query: { current: 2, size: 1, sortWay: 'DESC' } });
    expect(paged.data.objList).toHaveLength(1);
    expect(paged.data.pageBean.totalCount).toBe(all.data.pageBean.totalCount);

    const refused = await u.other.call(routes.adminReviewQueue, { query: { current: 1, size: 20 } });
    expect(refused.code).toBe(40300);
    expect(refused.msg).toBe(MESSAGES.console.common.permissionDenied);
  });

  it('shows a reviewer the details and the preview of a pending resource in their scope only', async () => {
    const english = await submit(t, u.english, 'wangcy', '英语写作范文', '初中', '英语');
    const math = await submit(t, u.other, 'lijg', '函数图像讲义');

    const detail = await u.researcher.call(routes.adminReviewResource, { query: { id: english.id } });
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({ id: english.id, status: 'PENDING', level: 1, actionable: true });
    expect(detail.data.files.map((f) => f.id)).toEqual([english.fileId]);
    // The public preview answers a signed link to the reviewer, as it does for the author.
    const preview = await u.researcher.call(routes.onlinePreview, { query: { fileId: english.fileId } });
    expect(preview.code).toBe(0);
    expect(preview.data.mode).toBe('pdf');
    expect(preview.data.url).toBeTruthy();

    const outside = await u.researcher.call(routes.adminReviewResource, { query: { id: math.id } });
    expect(outside.code).toBe(40300);
    expect(outside.msg).toBe(MESSAGES.console.common.outOfScope);
    expect((await u.researcher.call(routes.onlinePreview, { query: { fileId: math.fileId } })).code).toBe(40300);
    // A teacher other than the author sees nothing of a pending file.
    expect((await u.own.call(routes.onlinePreview, { query: { fileId: english.fileId } })).code).toBe(40300);
  });

  it('approves: publishes, tells the author, writes the audit row, and the public list shows it at once', async () => {
    const doc = await submit(t, u.own, u.ownName, '勾股定理探究学案');
    const list = () =>
      t.client().call(routes.resourceHomepageList, { body: { current: 1, size: 20, sort: '1', type: 'DOCUMENT' } });
    // The first page is cached: approval must not wait for its time to live.
    expect((await list()).data.objList.map((r) => r.id)).not.toContain(doc.id);

    const res = await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      approved: [{ id: doc.id, title: '勾股定理探究学案', outcome: 'published' }],
      skipped: [],
    });
    expect(await statusOf(t, doc.id)).toBe('PUBLISHED');
    expect((await list()).data.objList.map((r) => r.id)).toContain(doc.id);
    const [row] = await auditOf(t, 'resource.approve', doc.id);
    expect(row).toMatchObject({
      targetType: 'resource',
      before: { status: 'PENDING' },
      after: { status: 'PUBLISHED' },
    });
    expect(row!.actorName).toContain('校管理员');
    const messages = await u.own.call(routes.messageList, { query: { current: 1, size: 5, type: 'review' } });
    expect(messages.data.objList[0]!.title).toBe('审核通过：勾股定理探究学案');

    const again = await u.admin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(again.code).toBe(40900);
    expect(again.msg).toBe(MESSAGES.console.review.notPending('勾股定理探究学案'));
  });

  it('batch approves, skipping what was already decided; an id outside the scope refuses the whole batch', async () => {
    const a = await submit(t, u.own, u.ownName, '批量一');
    const b = await submit(t, u.own, u.ownName, '批量二');
    const done = await submit(t, u.own, u.ownName, '批量三');
    const outside = await submit(t, u.other, 'lijg', '外校批量');
    await u.admin.call(routes.adminReviewApprove, { body: { ids: [done.id] } });

    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    const refused = await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [a.id, outside.id] } });
    expect(refused.code).toBe(40300);
    expect(refused.msg).toBe(MESSAGES.console.common.outOfScope);
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);

    const res = await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [a.id, b.id, done.id] } });
    expect(res.code).toBe(0);
    expect(res.data.approved.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(res.data.skipped).toEqual([
      { id: done.id, title: '批量三', reason: MESSAGES.console.review.notPending('批量三') },
    ]);
    expect(await statusOf(t, a.id)).toBe('PUBLISHED');
    expect(await statusOf(t, b.id)).toBe('PUBLISHED');
    expect(await auditOf(t, 'resource.approve', a.id)).toHaveLength(1);
    expect(await auditOf(t, 'resource.approve', b.id)).toHaveLength(1);
  });

  it('of two approvals at once exactly one succeeds; the other is told in Chinese', async () => {
    for (let round = 0; round < 3; round++) {
      const doc = await submit(t, u.english, 'wangcy', `同时审核 ${round}`, '初中', '英语');
      const answers = await Promise.all([
        u.admin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } }),
        u.researcher.call(routes.adminReviewApprove, { body: { ids: [doc.id] } }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, 40900]);
      const loser = answers.find((a) => a.code !== 0)!;
      expect(loser.msg).toMatch(/《同时审核 \d》/);
      expect(await auditOf(t, 'resource.approve', doc.id)).toHaveLength(1);
      const messages = await t.prisma.message.count({ where: { title: `审核通过：同时审核 ${round}` } });
      expect(messages).toBe(1);
    }
  });

  it('rejects with a reason (required, at most 200 characters) and tells the author', async () => {
    const doc = await submit(t, u.own, u.ownName, '待修改的课件');
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const bad = await u.admin.call(routes.adminReviewReject, { body: { id: doc.id, reason } });
      expect(bad.code).toBe(40000);
      expect(bad.msg).toMatch(/驳回原因/);
    }
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);

    const outside = await u.researcher.call(routes.adminReviewReject, { body: { id: doc.id, reason: '不合格' } });
    expect(outside.code).toBe(40300);

    const res = await u.schoolAdmin.call(routes.adminReviewReject, { body: { id: doc.id, reason: '缺少教学目标' } });
    expect(res.code).toBe(0);
    const saved = await t.prisma.resource.findUniqueOrThrow({ where: { id: doc.id } });
    expect(saved).toMatchObject({ status: 'REJECTED', reviewNote: '缺少教学目标' });
    const [row] = await auditOf(t, 'resource.reject', doc.id);
    expect(row!.after).toEqual({ status: 'REJECTED', reviewNote: '缺少教学目标' });
    const messages = await u.own.call(routes.messageList, { query: { current: 1, size: 5, type: 'review' } });
    expect(messages.data.objList[0]!.title).toBe('审核未通过：待修改的课件');
  });

  it('takes down a published resource with a reason; a pending one cannot be taken down', async () => {
    const doc = await submit(t, u.other, 'lijg', '需下架的资料');
    const pending = await u.admin.call(routes.adminReviewTakedown, { body: { id: doc.id, reason: '内容有误' } });
    expect(pending.code).toBe(40900);
    expect(pending.msg).toBe(MESSAGES.console.review.notPublished('需下架的资料'));
    await u.admin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect((await u.schoolAdmin.call(routes.adminReviewTakedown, { body: { id: doc.id, reason: '越权' } })).code).toBe(
      40300,
    );
    const res = await u.admin.call(routes.adminReviewTakedown, { body: { id: doc.id, reason: '内容有误' } });
    expect(res.code).toBe(0);
    expect(await statusOf(t, doc.id)).toBe('TAKEN_DOWN');
    expect(await auditOf(t, 'resource.takedown', doc.id)).toHaveLength(1);
    expect((await t.client().call(routes.resourceOpen, { query: { id: doc.id } })).code).toBe(40400);
  });

  describe('courses and topics', () => {
    const pendingCourse = async (title: string, authorName: string, stage: string, subject: string) => {
      const author = await t.prisma.user.findUniqueOrThrow({ where: { userName: authorName } });
      const { stageId, subjectId } = await dictIds(t, stage, subject);
      return t.prisma.course.create({ data: { title, authorId: author.id, stageId, subjectId, status: 'PENDING' } });
    };

    it('lists pending courses and topics in scope, approves and rejects with the author told and audited', async () => {
      const english = await pendingCourse('英语语法精讲', 'wangcy', '初中', '英语');
      const math = await pendingCourse('几何入门', 'lijg', '初中', '数学');
      const published = await t.prisma.course.update({ where: { id: english.id }, data: {} });
      const wangcy = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' } });
      const topic = await t.prisma.topic.create({
        data: {
          title: '英语专题',
          authorId: wangcy.id,
          status: 'PENDING',
          courses: { create: { courseId: published.id } },
        },
      });

      const courses = await u.researcher.call(routes.adminClassroomQueue, {
        query: { kind: 'course', current: 1, size: 20 },
      });
      expect(courses.data.objList.map((c) => c.id)).toEqual([english.id]);
      expect(courses.data.objList[0]).toMatchObject({
        authorName: wangcy.realName,
        stageName: '初中',
        subjectName: '英语',
      });
      const topics = await u.researcher.call(routes.adminClassroomQueue, {
        query: { kind: 'topic', current: 1, size: 20 },
      });
      expect(topics.data.objList.map((c) => c.id)).toEqual([topic.id]);
      expect(topics.data.objList[0]!.parts).toEqual(['英语语法精讲']);
      const all = await u.admin.call(routes.adminClassroomQueue, { query: { kind: 'course', current: 1, size: 20 } });
      expect(all.data.objList.map((c) => c.id)).toEqual(expect.arrayContaining([english.id, math.id]));

      // The school administrator holds no classroom permission.
      const school = await u.schoolAdmin.call(routes.adminClassroomQueue, {
        query: { kind: 'course', current: 1, size: 20 },
      });
      expect(school.code).toBe(40300);
      expect((await u.other.call(routes.adminClassroomApprove, { body: { kind: 'course', id: math.id } })).code).toBe(
        40300,
      );
      const outside = await u.researcher.call(routes.adminClassroomApprove, { body: { kind: 'course', id: math.id } });
      expect(outside.code).toBe(40300);
      expect(outside.msg).toBe(MESSAGES.console.common.outOfScope);

      const approved = await u.researcher.call(routes.adminClassroomApprove, {
        body: { kind: 'course', id: english.id },
      });
      expect(approved.code).toBe(0);
      expect((await t.prisma.course.findUniqueOrThrow({ where: { id: english.id } })).status).toBe('PUBLISHED');
      expect(await auditOf(t, 'course.approve', english.id)).toHaveLength(1);
      const twice = await u.admin.call(routes.adminClassroomApprove, { body: { kind: 'course', id: english.id } });
      expect(twice.code).toBe(40900);

      const bad = await u.researcher.call(routes.adminClassroomReject, {
        body: { kind: 'topic', id: topic.id, reason: '' },
      });
      expect(bad.code).toBe(40000);
      const rejected = await u.researcher.call(routes.adminClassroomReject, {
        body: { kind: 'topic', id: topic.id, reason: '专题简介过短' },
      });
      expect(rejected.code).toBe(0);
      expect(await t.prisma.topic.findUniqueOrThrow({ where: { id: topic.id } })).toMatchObject({
        status: 'REJECTED',
        reviewNote: '专题简介过短',
      });
      expect(await auditOf(t, 'topic.reject', topic.id)).toHaveLength(1);
      const message = await t.prisma.message.findFirst({
        where: { userId: wangcy.id, title: '专题审核未通过：英语专题' },
      });
      expect(message?.content).toContain('专题简介过短');
    });
  });

  describe('reports', () => {
    const reported = async (title: string) => {
      const doc = await submit(t, u.other, 'lijg', title);
      await u.admin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
      await u.own.call(routes.report, { body: { resourceId: doc.id, category: 'copyright', content: '转载教材' } });
      await u.english.call(routes.report, { body: { resourceId: doc.id, category: 'inappropriate', content: '' } });
      return doc.id;
    };

    it('groups open reports by resource; dismissing closes them all and tells the reporters', async () => {
      const id = await reported('被举报的讲义');
      const list = await u.admin.call(routes.adminReportGroups, { query: { current: 1, size: 20 } });
      const group = list.data.objList.find((g) => g.resourceId === id)!;
      expect(group).toMatchObject({ title: '被举报的讲义', status: 'PUBLISHED', count: 2 });
      expect(group.categories.map((c) => c.label).sort()).toEqual(['侵犯版权', '内容不当'].sort());
      expect(group.reporters).toHaveLength(2);
      expect(group.latest.map((r) => r.content)).toContain('转载教材');
      const filtered = await u.admin.call(routes.adminReportGroups, {
        query: { current: 1, size: 20, category: 'wrong_category' },
      });
      expect(filtered.data.objList.map((g) => g.resourceId)).not.toContain(id);

      expect((await u.researcher.call(routes.adminReportGroups, { query: { current: 1, size: 20 } })).code).toBe(40300);
      expect((await u.schoolAdmin.call(routes.adminReportDismiss, { body: { resourceId: id, note: '无' } })).code).toBe(
        40300,
      );
      const empty = await u.admin.call(routes.adminReportDismiss, { body: { resourceId: id, note: ' ' } });
      expect(empty.code).toBe(40000);

      const res = await u.admin.call(routes.adminReportDismiss, { body: { resourceId: id, note: '经核查未发现问题' } });
      expect(res.data).toEqual({ resourceId: id, closed: 2 });
      expect(await t.prisma.report.count({ where: { resourceId: id, status: 'DISMISSED' } })).toBe(2);
      expect(await statusOf(t, id)).toBe('PUBLISHED');
      expect(await auditOf(t, 'report.dismiss', id)).toHaveLength(1);
      expect(await t.prisma.message.count({ where: { type: 'report', title: '举报已处理：被举报的讲义' } })).toBe(2);
      const again = await u.admin.call(routes.adminReportDismiss, { body: { resourceId: id, note: '再次' } });
      expect(again.code).toBe(40900);
      expect(again.msg).toBe(MESSAGES.console.review.noOpenReports(id));
    });

    it('takes the reported resource down and closes its reports as acted upon', async () => {
      const id = await reported('侵权的课件');
      const res = await u.admin.call(routes.adminReportTakedown, { body: { resourceId: id, reason: '侵犯版权' } });
      expect(res.data).toEqual({ resourceId: id, closed: 2 });
      expect(await statusOf(t, id)).toBe('TAKEN_DOWN');
      expect(await t.prisma.report.count({ where: { resourceId: id, status: 'ACTIONED' } })).toBe(2);
      expect(await auditOf(t, 'report.takedown', id)).toHaveLength(1);
      const listed = await u.admin.call(routes.adminReportGroups, { query: { current: 1, size: 20 } });
      expect(listed.data.objList.map((g) => g.resourceId)).not.toContain(id);
    });
  });
});

describe('two-level review (REVIEW_LEVELS=2)', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof setUp>>;
  testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', REVIEW_LEVELS: '2' } });
  beforeAll(async () => {
    u = await setUp(t, 'rv2');
    // This school's teacher writes for 初中英语, which the 教研员 reviews at the district's level.
    await t.prisma.user.update({ where: { userName: 'rv2tch' }, data: await dictIds(t, '初中', '英语') });
  });

  const levelOf = async (reviewer: Client, id: number) =>
    (await reviewer.call(routes.adminReviewResource, { query: { id } })).data.level;

  it('the school approves first, then the 教研员 publishes; neither can take the other one’s step', async () => {
    const doc = await submit(t, u.own, u.ownName, '英语听力训练', '初中', '英语');
    const researcherQueue = await u.researcher.call(routes.adminReviewQueue, { query: { current: 1, size: 20 } });
    expect(researcherQueue.data.reviewLevels).toBe(2);
    expect(researcherQueue.data.objList.find((r) => r.id === doc.id)).toMatchObject({ level: 1, actionable: false });

    const early = await u.researcher.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(early.code).toBe(40900);
    expect(early.msg).toBe(MESSAGES.console.review.awaitsSchool('英语听力训练'));

    const first = await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(first.data.approved).toEqual([{ id: doc.id, title: '英语听力训练', outcome: 'school_approved' }]);
    const saved = await t.prisma.resource.findUniqueOrThrow({ where: { id: doc.id } });
    expect(saved.status).toBe('PENDING');
    expect(saved.schoolReviewedAt).not.toBeNull();
    expect(await auditOf(t, 'resource.school_approve', doc.id)).toHaveLength(1);
    const told = await u.own.call(routes.messageList, { query: { current: 1, size: 5, type: 'review' } });
    expect(told.data.objList[0]!.title).toBe('学校初审通过：英语听力训练');
    expect(await levelOf(u.researcher, doc.id)).toBe(2);
    const level2 = await u.researcher.call(routes.adminReviewQueue, { query: { current: 1, size: 20, level: 2 } });
    expect(level2.data.objList.find((r) => r.id === doc.id)).toMatchObject({
      level: 2,
      actionable: true,
      schoolReviewerName: '校管理员',
    });

    const again = await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(again.code).toBe(40900);
    expect(again.msg).toBe(MESSAGES.console.review.awaitsDistrict('英语听力训练'));

    const final = await u.researcher.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(final.data.approved[0]!.outcome).toBe('published');
    expect(await statusOf(t, doc.id)).toBe('PUBLISHED');
    expect(await auditOf(t, 'resource.approve', doc.id)).toHaveLength(1);
  });

  it('a district administrator may publish at the first level; an edit voids an earlier school approval', async () => {
    const direct = await submit(t, u.own, u.ownName, '区县直接发布', '初中', '英语');
    const res = await u.admin.call(routes.adminReviewApprove, { body: { ids: [direct.id] } });
    expect(res.data.approved[0]!.outcome).toBe('published');

    const doc = await submit(t, u.own, u.ownName, '会被修改的学案', '初中', '英语');
    await u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } });
    expect(await levelOf(u.admin, doc.id)).toBe(2);
    const { stageId, subjectId } = await dictIds(t, '初中', '英语');
    const edited = await u.own.call(routes.publishDocument, {
      body: {
        id: doc.id,
        title: '会被修改的学案（第二版）',
        description: '',
        tags: [],
        stageId,
        subjectId,
        type: 'DOCUMENT',
        fileIds: [doc.fileId],
        price: 0,
      },
    });
    expect(edited.code).toBe(0);
    expect(await levelOf(u.admin, doc.id)).toBe(1);
    expect((await u.researcher.call(routes.adminReviewApprove, { body: { ids: [doc.id] } })).code).toBe(40900);
  });

  it('of two school approvals at once exactly one takes effect', async () => {
    const doc = await submit(t, u.own, u.ownName, '同时初审', '初中', '英语');
    const answers = await Promise.all([
      u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } }),
      u.schoolAdmin.call(routes.adminReviewApprove, { body: { ids: [doc.id] } }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 40900]);
    expect(await auditOf(t, 'resource.school_approve', doc.id)).toHaveLength(1);
  });
});
