import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClassroomReview } from '../../apps/api/src/modules/courses/review.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds, makeFile, publishDoc } from '../support/library.ts';

let t: TestApp;
let lijg: Awaited<ReturnType<typeof loginAs>>;
let zhang: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let resourceIds: number[];
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  lijg = await loginAs(t, 'lijg');
  zhang = await loginAs(t, 'zhangxm');
  admin = await loginAs(t, 'admin', 'Admin@2026');
  resourceIds = [];
  for (const title of ['有理数', '整式的加减', '一元一次方程', '二元一次方程组']) {
    resourceIds.push(await publishDoc(t, lijg.call, 'lijg', { title: `${title}教学设计` }));
  }
});

const anon = () => t.client().call;

const saveCourse = async (extra: Record<string, unknown> = {}) => {
  const { stageId, subjectId } = await dictIds(t, '初中', '数学');
  return lijg.call(routes.courseSave, {
    body: {
      title: '初中数学七年级上册精讲',
      description: '按教材顺序',
      categoryId: 1,
      stageId,
      subjectId,
      chapters: [
        {
          title: '第一章 有理数',
          lessons: [{ title: '1.1 有理数', resourceId: resourceIds[0]!, categoryCode: 'lecture' }],
        },
        {
          title: '第二章 方程',
          lessons: [
            { title: '2.1 一元一次方程', resourceId: resourceIds[2]! },
            { title: '2.2 二元一次方程组', resourceId: resourceIds[3]! },
          ],
        },
      ],
      ...extra,
    },
  });
};

describe('courses', () => {
  it('a new course waits for review: only its author and admins see it; approval publishes it with a message', async () => {
    const saved = await saveCourse();
    expect(saved.data.status).toBe('PENDING');
    const id = saved.data.id;
    expect((await anon()(routes.courseInfo, { query: { id } })).code).toBe(40400);
    expect((await zhang.call(routes.courseInfo, { query: { id } })).code).toBe(40400);
    expect((await lijg.call(routes.courseInfo, { query: { id } })).data.isOwner).toBe(true);
    expect((await admin.call(routes.courseInfo, { query: { id } })).code).toBe(0);
    expect((await anon()(routes.courseList, { body: { current: 1, size: 12 } })).data.pageBean.totalCount).toBe(0);

    await createClassroomReview(t.prisma).approve('course', id);
    const list = await anon()(routes.courseList, { body: { current: 1, size: 12, categoryId: 1 } });
    expect(list.data.objList[0]).toMatchObject({ id, lessonCount: 3, categoryName: '学科教学', stageName: '初中' });
    const msg = await lijg.call(routes.messageList, { query: { current: 1, size: 5, type: 'review' } });
    expect(msg.data.objList[0]!.title).toBe('课程审核通过：初中数学七年级上册精讲');
  });

  it('keeps chapter and lesson order, and a re-save reorders', async () => {
    const saved = await saveCourse();
    await createClassroomReview(t.prisma).approve('course', saved.data.id);
    const info = await anon()(routes.courseInfo, { query: { id: saved.data.id } });
    expect(info.data.chapters.map((c) => c.title)).toEqual(['第一章 有理数', '第二章 方程']);
    expect(info.data.chapters[1]!.lessons.map((l) => l.title)).toEqual(['2.1 一元一次方程', '2.2 二元一次方程组']);
    const list = await anon()(routes.titleList, { body: { courseId: saved.data.id } });
    expect(list.data).toEqual(info.data.chapters);
  });

  it('records study progress per lesson and resumes from the latest; counts learners', async () => {
    const saved = await saveCourse();
    const id = saved.data.id;
    await createClassroomReview(t.prisma).approve('course', id);
    const info = await zhang.call(routes.courseInfo, { query: { id } });
    const [first, second] = [info.data.chapters[0]!.lessons[0]!, info.data.chapters[1]!.lessons[0]!];
    await zhang.call(routes.study, { query: { titleId: first.id, position: 300, completed: '1' } });
    await zhang.call(routes.study, { query: { titleId: second.id, position: 42, completed: '0' } });
    await zhang.call(routes.study, { query: { titleId: first.id, position: 10, completed: '0' } });
    await zhang.call(routes.study, { query: { titleId: second.id, position: 95, completed: '0' } });
    const again = await zhang.call(routes.courseInfo, { query: { id } });
    expect(again.data.resume).toEqual({ titleId: second.id, position: 95 });
    expect(again.data.chapters[0]!.lessons[0]!.progress).toEqual({ position: 10, completed: true });
    const lesson = await zhang.call(routes.titleInfo, { query: { id: second.id } });
    expect(lesson.data).toMatchObject({
      progress: { position: 95, completed: false },
      resource: { id: resourceIds[2] },
    });
    // The author studying (or previewing) their own course is not a learner.
    await lijg.call(routes.study, { query: { titleId: first.id, position: 5, completed: '0' } });
    expect((await anon()(routes.courseInfo, { query: { id } })).data.studyCount).toBe(1);
    // Progress is per user.
    expect((await lijg.call(routes.courseInfo, { query: { id } })).data.resume).toEqual({
      titleId: first.id,
      position: 5,
    });
  });

  it('refuses another user’s edits, unusable resources and bad ids, changing nothing', async () => {
    const saved = await saveCourse();
    const before = await databaseFingerprint(t.databaseUrl);
    const hijack = await zhang.call(routes.courseSave, {
      body: {
        id: saved.data.id,
        title: '被改',
        chapters: [{ title: '章', lessons: [{ title: '课', resourceId: resourceIds[0]! }] }],
      },
    });
    expect(hijack.code).toBe(40300);
    const pending = await publishDoc(t, zhang.call, 'zhangxm', { title: '未审核的资源', approve: false });
    const unusable = await lijg.call(routes.courseSave, {
      body: {
        title: '引用他人未发布资源',
        chapters: [{ title: '章', lessons: [{ title: '课', resourceId: pending }] }],
      },
    });
    expect(unusable.msg).toBe('课时引用的资源不存在或未发布');
    expect((await zhang.call(routes.courseDelete, { query: { id: saved.data.id } })).code).toBe(40300);
    expect((await anon()(routes.titleInfo, { query: { id: 999_999 } })).code).toBe(40400);
    expect((await zhang.call(routes.study, { query: { titleId: 999_999, position: 1, completed: '0' } })).code).toBe(
      40400,
    );
    // Studying a lesson of an unpublished course is refused too.
    const info = await lijg.call(routes.courseInfo, { query: { id: saved.data.id } });
    const lessonId = info.data.chapters[0]!.lessons[0]!.id;
    expect((await zhang.call(routes.study, { query: { titleId: lessonId, position: 1, completed: '0' } })).code).toBe(
      40400,
    );
    const after = await databaseFingerprint(t.databaseUrl);
    // publishDoc created a file and a pending resource; nothing else may differ.
    expect(after.split('\n').filter((l) => !/^(resources|resource_files|stored_files):/.test(l))).toEqual(
      before.split('\n').filter((l) => !/^(resources|resource_files|stored_files):/.test(l)),
    );
  });
});

describe('topics', () => {
  it('groups published courses; background by id; unpublished only for its author', async () => {
    const course = await saveCourse();
    await createClassroomReview(t.prisma).approve('course', course.data.id);
    const bg = await makeFile(t, 'lijg', 'image', '背景.png');
    const underReview = await saveCourse();
    const saved = await lijg.call(routes.topicSave, {
      body: {
        title: '大单元教学专题',
        description: '…',
        backgroundFileId: bg.id,
        courseIds: [course.data.id, underReview.data.id],
      },
    });
    expect((await anon()(routes.topicInfo, { query: { id: saved.data.id } })).code).toBe(40400);
    expect((await anon()(routes.topicBackground, { query: { id: saved.data.id } })).code).toBe(40400);
    await createClassroomReview(t.prisma).approve('topic', saved.data.id);
    const info = await anon()(routes.topicInfo, { query: { id: saved.data.id } });
    expect(info.data).toMatchObject({ title: '大单元教学专题', courseCount: 1 });
    expect(info.data.courses.map((c) => c.id)).toEqual([course.data.id]);
    // Its author also sees the course still under review (editing the topic keeps it), with its stage and subject.
    const own = await lijg.call(routes.topicInfo, { query: { id: saved.data.id } });
    expect(own.data.courses.map((c) => c.id)).toEqual([course.data.id, underReview.data.id]);
    expect(own.data.courses[1]).toMatchObject({ status: 'PENDING', stageId: expect.any(Number) });
    const background = await anon()(routes.topicBackground, { query: { id: saved.data.id } });
    expect(background.data.backgroundUrl).toMatch(/^\/api\/file\/content\//);
    const home = await anon()(routes.courseHome);
    expect(home.data.topics.map((x) => x.id)).toContain(saved.data.id);
    expect((await lijg.call(routes.myTopics, { body: { current: 1, size: 10 } })).data.objList[0]!.id).toBe(
      saved.data.id,
    );
  });
});
