import { routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTraining } from '../../apps/api/src/demo/training.ts';
import { startTestApp, type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { DEMO_HOOK_TIMEOUT } from '../support/demo.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The training centre's api: a member's projects with their progress over the attached courses, a project's detail
 * for its members only. Progress is checked against the study records themselves: 0, partial, 100, courses without
 * lessons, courses that are not published.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let lijg: Client;
let zhangxm: Client;
let chensy: Client;
let projectId: number;
/** Lessons of the published courses attached to the project, in order. */
let lessons: number[];
const course = { withLessons: 0, empty: 0, pending: 0, second: 0 };

const idOf = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;

/** A course with one chapter and `lessonCount` lessons; returns its id and its lesson ids. */
const makeCourse = async (title: string, lessonCount: number, status: 'PUBLISHED' | 'PENDING' = 'PUBLISHED') => {
  const resource = await t.prisma.resource.findFirst({ orderBy: { id: 'asc' } });
  const created = await t.prisma.course.create({
    data: {
      title,
      authorId: await idOf('wangcy'),
      status,
      publishedAt: status === 'PUBLISHED' ? new Date() : null,
    },
  });
  const chapter = await t.prisma.courseTitle.create({ data: { courseId: created.id, title: '第一章', sort: 1 } });
  const ids: number[] = [];
  for (let i = 0; i < lessonCount; i++) {
    const lesson = await t.prisma.courseTitle.create({
      data: {
        courseId: created.id,
        parentId: chapter.id,
        title: `第${i + 1}课`,
        sort: i + 1,
        resourceId: resource?.id ?? 1,
      },
    });
    ids.push(lesson.id);
  }
  return { id: created.id, lessons: ids };
};

/** What the study records say, independently of the api: studied lessons of the project's published courses. */
const recordedProgress = async (userName: string) => {
  const userId = await idOf(userName);
  const studied = await t.prisma.studyRecord.count({ where: { userId, titleId: { in: lessons } } });
  return { studied, percent: Math.floor((studied * 100) / lessons.length) };
};

const study = (client: Client, titleId: number) =>
  client.call(routes.study, { query: { titleId, position: 30, completed: '1' } });

const entryOf = async (client: Client) => {
  const page = await client.call(routes.getProjectPage, { query: { size: 50 } });
  expect(page.code, page.msg).toBe(0);
  return page.data.objList.find((p) => p.id === projectId)!;
};

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', JOB_WORKER: 'false' } });
beforeAll(async () => {
  [lijg, zhangxm, chensy] = await Promise.all([loginAs(t, 'lijg'), loginAs(t, 'zhangxm'), loginAs(t, 'chensy')]);
  const a = await makeCourse('研修测试课程甲', 3);
  const b = await makeCourse('研修测试课程乙（无课时）', 0);
  const c = await makeCourse('研修测试课程丙（待审核）', 4, 'PENDING');
  const d = await makeCourse('研修测试课程丁', 2);
  course.withLessons = a.id;
  course.empty = b.id;
  course.pending = c.id;
  course.second = d.id;
  lessons = [...a.lessons, ...d.lessons];
  const project = await t.prisma.project.create({
    data: {
      name: '研修测试项目',
      level: '校级',
      status: '筹备中',
      startDate: new Date('2030-01-01'),
      intro: '用于测试的研修项目',
      organizer: '测试学校教务处',
      requiredHours: 12,
      members: {
        create: [
          { userId: await idOf('zhangxm'), memberRole: '成员' },
          { userId: await idOf('lijg'), memberRole: '主持人' },
        ],
      },
      courses: {
        create: [
          { courseId: a.id, sort: 0, required: true },
          { courseId: b.id, sort: 1, required: false },
          { courseId: c.id, sort: 2, required: true },
          { courseId: d.id, sort: 3, required: false },
        ],
      },
    },
  });
  projectId = project.id;
});

describe('progress', () => {
  it('is 0 before any lesson is studied, and the page lists the new fields', async () => {
    const entry = await entryOf(lijg);
    expect(entry).toMatchObject({
      name: '研修测试项目',
      status: '筹备中',
      memberRole: '主持人',
      intro: '用于测试的研修项目',
      courseCount: 3, // the pending course is not counted
      progress: 0,
      startDate: '2030-01-01',
      endDate: null,
    });
  });

  it('follows the study records exactly as lessons are played, up to 100', async () => {
    for (const [i, titleId] of lessons.entries()) {
      expect((await study(lijg, titleId)).code).toBe(0);
      const expected = await recordedProgress('lijg');
      expect(expected.studied).toBe(i + 1);
      expect((await entryOf(lijg)).progress).toBe(expected.percent);
      const detail = await lijg.call(routes.getProjectDetail, { query: { id: projectId } });
      expect(detail.data).toMatchObject({
        progress: expected.percent,
        studiedCount: i + 1,
        lessonCount: lessons.length,
      });
    }
    expect((await entryOf(lijg)).progress).toBe(100);
    // Playing a lesson again changes nothing.
    await study(lijg, lessons[0]!);
    expect((await entryOf(lijg)).progress).toBe(100);
    // Another member's progress is their own.
    expect((await entryOf(zhangxm)).progress).toBe(0);
    await study(zhangxm, lessons[0]!);
    expect((await recordedProgress('zhangxm')).percent).toBe(20);
    expect((await entryOf(zhangxm)).progress).toBe(20);
  });

  it('rounds down: one lesson of three is 33, two are 66', async () => {
    const userId = await idOf('zhangxm');
    await t.prisma.projectCourse.deleteMany({ where: { projectId, courseId: course.second } });
    try {
      expect((await entryOf(zhangxm)).progress).toBe(33);
      await study(zhangxm, lessons[1]!);
      expect((await entryOf(zhangxm)).progress).toBe(66);
      expect(await t.prisma.studyRecord.count({ where: { userId, courseId: course.withLessons } })).toBe(2);
    } finally {
      await t.prisma.projectCourse.create({ data: { projectId, courseId: course.second, sort: 3, required: false } });
    }
  });

  it('is 0 for a project whose courses have no lessons', async () => {
    const empty = await t.prisma.project.create({
      data: {
        name: '只有空课程的项目',
        level: '校级',
        status: '进行中',
        startDate: new Date('2020-01-01'),
        members: { create: [{ userId: await idOf('lijg'), memberRole: '成员' }] },
        courses: { create: [{ courseId: course.empty, sort: 0 }] },
      },
    });
    const page = await lijg.call(routes.getProjectPage, { query: { size: 50 } });
    expect(page.data.objList.find((p) => p.id === empty.id)).toMatchObject({ courseCount: 1, progress: 0 });
    const detail = await lijg.call(routes.getProjectDetail, { query: { id: empty.id } });
    expect(detail.data).toMatchObject({ lessonCount: 0, studiedCount: 0, progress: 0, intro: '', organizer: '' });
    expect(detail.data.courses).toEqual([expect.objectContaining({ lessonCount: 0, studiedCount: 0, progress: 0 })]);
    await t.prisma.project.delete({ where: { id: empty.id } });
  });
});

describe('detail', () => {
  it('shows the project, its members with schools and its published courses with the viewer’s progress', async () => {
    const res = await zhangxm.call(routes.getProjectDetail, { query: { id: projectId } });
    expect(res.code, res.msg).toBe(0);
    const d = res.data;
    expect(d).toMatchObject({
      name: '研修测试项目',
      level: '校级',
      status: '筹备中',
      organizer: '测试学校教务处',
      requiredHours: 12,
      memberRole: '成员',
      startDate: '2030-01-01',
    });
    // The host first.
    expect(d.members.map((m) => [m.name, m.memberRole])).toEqual([
      ['李建国', '主持人'],
      ['张晓梅', '成员'],
    ]);
    expect(d.members[1]!.school).toBe('海淀区实验小学');
    expect(d.courses.map((c) => c.id)).toEqual([course.withLessons, course.empty, course.second]);
    expect(d.courses.map((c) => [c.required, c.lessonCount, c.studiedCount, c.progress])).toEqual([
      [true, 3, 2, 66],
      [false, 0, 0, 0],
      [false, 2, 0, 0],
    ]);
    expect(d.courses[0]!.href).toBe(`/pcourse/courseDetail?id=${course.withLessons}`);
    expect(d).toMatchObject({ lessonCount: 5, studiedCount: 2, progress: 40 });
  });

  it('is for members only: 403 in Chinese for others, 404 for a missing project, 400 for a bad id', async () => {
    const other = await chensy.call(routes.getProjectDetail, { query: { id: projectId } });
    expect(other).toMatchObject({ success: false, code: 40300, data: null });
    expect(other.msg).toBe('你不是该研修项目的成员，无法查看项目详情');
    const missing = await lijg.call(routes.getProjectDetail, { query: { id: 999_999 } });
    expect(missing).toMatchObject({ success: false, code: 40400, msg: '研修项目不存在' });
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await fetch(`${t.url}${routes.getProjectDetail.path}?id=${id}`, {
        headers: { cookie: [...lijg.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status, id).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const anonymous = await fetch(`${t.url}${routes.getProjectDetail.path}?id=${projectId}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('the project page', () => {
  it('pages the user’s projects newest first, filters by status and counts each status', async () => {
    const all = await lijg.call(routes.getProjectPage, { query: { current: 1, size: 50 } });
    const names = all.data.objList.map((p) => p.name);
    expect(names).toEqual([
      '研修测试项目',
      '“双减”背景下初中数学分层作业设计研究',
      '信息技术与学科教学深度融合的区域推进研究',
    ]);
    expect(all.data.statusCounts).toEqual(
      expect.arrayContaining([
        { status: '筹备中', count: 1 },
        { status: '进行中', count: 2 },
      ]),
    );
    const pages = await Promise.all(
      [1, 2, 3].map((current) => lijg.call(routes.getProjectPage, { query: { current, size: 1 } })),
    );
    expect(pages.map((p) => p.data.objList[0]?.name)).toEqual(names);
    expect(pages[2]!.data.pageBean).toEqual({ current: 3, size: 1, totalCount: 3, totalPage: 3 });
    const beyond = await lijg.call(routes.getProjectPage, { query: { current: 4, size: 1 } });
    expect(beyond.data.objList).toEqual([]);

    const ongoing = await lijg.call(routes.getProjectPage, { query: { status: '进行中' } });
    expect(ongoing.data.objList.map((p) => p.status)).toEqual(['进行中', '进行中']);
    expect(ongoing.data.pageBean.totalCount).toBe(2);
    // The counts stay those of all the user's projects while a filter is on.
    expect(ongoing.data.statusCounts).toEqual(all.data.statusCounts);
    const none = await lijg.call(routes.getProjectPage, { query: { status: '已结题' } });
    expect(none.data).toMatchObject({ objList: [], pageBean: { totalCount: 0 } });
  });

  it('refuses bad paging in Chinese', async () => {
    const bad = await lijg.call(routes.getProjectPage, { query: { current: 0, size: 500 } as never });
    expect(bad.code).toBe(40000);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('the demo seed', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp({ demo: true });
  }, DEMO_HOOK_TIMEOUT);
  afterAll(() => demo?.close());

  it('attaches the demo courses, records partial progress and changes nothing when run again', async () => {
    const fresh = await loginAs(demo, 'wangcy');
    const page = await fresh.call(routes.getProjectPage, { query: { size: 50 } });
    const physics = page.data.objList.find((p) => p.name === '高中物理实验探究能力培养的实践研究')!;
    expect(physics).toMatchObject({ status: '已结题', courseCount: 1, progress: 100 });
    expect(physics.intro).not.toBe('');
    const district = page.data.objList.find((p) => p.name === '信息技术与学科教学深度融合的区域推进研究')!;
    expect(district.courseCount).toBe(3);
    expect(district.progress).toBeGreaterThan(0);
    expect(district.progress).toBeLessThan(100);
    const detail = await fresh.call(routes.getProjectDetail, { query: { id: district.id } });
    expect(detail.data.organizer).toBe('区教育信息技术中心');
    expect(detail.data.courses.map((c) => c.required)).toEqual([true, false, false]);

    const before = await databaseFingerprint(demo.databaseUrl, { ignore: ['sessions', 'file_derivatives'] });
    await seedDemoTraining(demo.prisma);
    expect(await databaseFingerprint(demo.databaseUrl, { ignore: ['sessions', 'file_derivatives'] })).toBe(before);
  });
});
