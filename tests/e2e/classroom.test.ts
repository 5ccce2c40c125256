import { type BodyInputOf, routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClassroomReview } from '../../apps/api/src/modules/courses/review.ts';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { h264Video, pdf, png } from '../support/files.ts';
import { dictIds, publishUploadedDocument, publishUploadedVideo } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, openSession, returningSession } from './browser.ts';
import { animationsSettled } from './gate-checks.ts';
import { eventually, toast } from './helpers.ts';

/**
 * The boutique classroom in Chromium (issue 9, item 3): the classroom home, topics, all courses with filters, a
 * topic's background loaded 500 ms after the page starts (and the server's message when refused), a course
 * studied with its progress saved and resumed, and the frameless course viewing page.
 */

const COURSE_A = '初中数学《勾股定理》单元精讲';
const COURSE_B = '班主任工作：家校沟通的艺术';
const TOPIC = '新课标大单元教学专题';
const VIDEO_LESSON = '勾股定理的证明（微课）';
const TEXT_LESSON = '教学设计精读';
const PDF_LESSON = '课后练习讲评';

let t: TestApp;
let browser: Browser;
const ids = { courseA: 0, courseB: 0, topic: 0, hidden: 0 };

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(async () => {
  const classroom = createClassroomReview(t.prisma);
  const math = await dictIds(t, '初中', '数学');
  const lijg = await loginAs(t, 'lijg');
  const cookie = cookieOf(lijg.jar);

  const publishDocument = (name: string, bytes: Buffer, title: string) =>
    publishUploadedDocument(t, lijg, { name, bytes }, { title, ...math });
  const text = await publishDocument(
    '勾股定理-教学设计.txt',
    Buffer.from('【教学目标】经历勾股定理的探索过程，会用面积法证明勾股定理。\n', 'utf8'),
    '《勾股定理》教学设计',
  );
  const exercises = await publishDocument('勾股定理-课后练习.pdf', pdf(), '《勾股定理》课后练习');
  // ffmpeg is installed by .ci/run
  const video = await publishUploadedVideo(
    t,
    lijg,
    { name: 'lesson.mp4', bytes: h264Video() },
    {
      title: '勾股定理的证明微课',
      ...math,
    },
  );

  const save = async (body: BodyInputOf<typeof routes.courseSave>) => {
    const res = await lijg.call(routes.courseSave, { body });
    expect(res.code, res.msg).toBe(0);
    await classroom.approve('course', res.data.id);
    return res.data.id;
  };
  ids.courseA = await save({
    title: COURSE_A,
    description: '从拼图活动到面积法证明，再到实际应用，三课时讲透勾股定理。',
    categoryId: 1,
    stageId: math.stageId,
    subjectId: math.subjectId,
    chapters: [
      {
        title: '勾股定理的探索',
        lessons: [
          { title: VIDEO_LESSON, resourceId: video, categoryCode: 'lecture' },
          { title: TEXT_LESSON, resourceId: text, categoryCode: 'extension' },
        ],
      },
      { title: '巩固练习', lessons: [{ title: PDF_LESSON, resourceId: exercises, categoryCode: 'practice' }] },
    ],
  });
  ids.courseB = await save({
    title: COURSE_B,
    description: '家长会、家访与日常沟通中的方法与案例。',
    categoryId: 2,
    chapters: [{ title: '沟通的基本功', lessons: [{ title: '案例研读', resourceId: text }] }],
  });

  const background = await postDocument(t.url, cookie, '专题背景.png', png(640, 240));
  expect(background.status).toBe(200);
  const topic = await lijg.call(routes.topicSave, {
    body: {
      title: TOPIC,
      description: '围绕大概念组织单元教学，精选数学与班主任工作课程。',
      backgroundFileId: String(background.json.data.id),
      courseIds: [ids.courseA, ids.courseB],
    },
  });
  expect(topic.code, topic.msg).toBe(0);
  await classroom.approve('topic', topic.data.id);
  ids.topic = topic.data.id;
  // A topic still waiting for review: visitors are refused its details and its background.
  const hidden = await lijg.call(routes.topicSave, { body: { title: '待审核的专题', courseIds: [ids.courseA] } });
  expect(hidden.code, hidden.msg).toBe(0);
  ids.hidden = hidden.data.id;
}, 180_000);

const cards = (page: Page, list: string) => page.getByRole('list', { name: list }).getByTestId('course-card');
/** A full-page screenshot from the top once the toasts are gone and nothing is loading. */
const screenshot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(() => page.locator('.ant-message-notice').count()).toBe(0);
  await eventually(() => page.locator('[aria-busy="true"], .ant-skeleton').count()).toBe(0);
  await animationsSettled(page); // cards finish their transitions
  await page.screenshot({ path: artifact(name), fullPage: true });
};

const teacherSession = (userName: string) => returningSession(browser, { app: t, userName });

describe('a visitor in the boutique classroom', () => {
  it('opens it from the 精品课堂 tab in a new window with its own title', async () => {
    const { context, page, errors } = await returningSession(browser);
    try {
      await page.goto(`${t.url}/home/index`);
      expect(await page.title()).toBe('资源库');
      const opened = context.waitForEvent('page');
      await page
        .getByRole('navigation', { name: '主导航', exact: true })
        .getByRole('link', { name: '精品课堂' })
        .click();
      const classroom = await opened;
      await classroom.waitForURL(`${t.url}/pcourse/index`);
      await eventually(() => classroom.title()).toBe('精品课堂');
      await cards(classroom, '精选课程').first().waitFor();
      expect(page.url()).toBe(`${t.url}/home/index`); // the library stays where it was
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('index: categories, the featured courses and the topics', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/pcourse`);
      await page.waitForURL(`${t.url}/pcourse/index`);
      await eventually(() => cards(page, '精选课程').locator('h3').allTextContents()).toEqual([COURSE_B, COURSE_A]);
      expect(await page.getByRole('navigation', { name: '课程分类' }).getByRole('link').allTextContents()).toEqual([
        '学科教学',
        '班主任工作',
        '信息技术应用',
        '教育科研',
        '心理健康教育',
      ]);
      await page.getByRole('list', { name: '专题' }).getByRole('link', { name: TOPIC }).waitFor();
      expect(await page.getByTestId('footer-copyright').textContent()).toContain('资源库');
      await screenshot(page, 'classroom-index.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('all courses: filters by category, stage and subject, kept in the address', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/pcourse/index`);
      await page.getByRole('navigation', { name: '课程分类' }).getByRole('link', { name: '班主任工作' }).click();
      await page.waitForURL(`${t.url}/pcourse/allcourse?categoryId=2`);
      const list = () => cards(page, '全部课程').locator('h3').allTextContents();
      await eventually(list).toEqual([COURSE_B]);

      await page.getByRole('group', { name: '课程分类' }).getByRole('button', { name: '全部' }).click();
      await eventually(list).toEqual([COURSE_B, COURSE_A]);
      const math = await dictIds(t, '初中', '数学');
      const junior = page.getByRole('group', { name: '学段' }).getByRole('button', { name: '初中', exact: true });
      await junior.click();
      await eventually(() => junior.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('group', { name: '学科' }).getByRole('button', { name: '数学', exact: true }).click();
      // The list already shows only COURSE_A for 初中 alone, so it cannot tell that the subject took effect; the
      // address can (the router commits it after the click returns).
      await eventually(() => new URL(page.url()).searchParams.get('subjectId')).toBe(String(math.subjectId));
      await eventually(list).toEqual([COURSE_A]);
      expect(await page.getByTestId('course-total').textContent()).toBe('共 1 门课程');
      await screenshot(page, 'classroom-allcourse.png');

      // Nothing matches: an empty state, not an empty grid.
      await page.getByRole('group', { name: '课程分类' }).getByRole('button', { name: '教育科研' }).click();
      await page.getByTestId('empty-state').getByText('暂无课程').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('topic detail: the background is asked for by id 500 ms after the page starts', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/pcourse/topic`);
      // Timed from before the click: the page (and its timer) starts after it, while click() itself may return
      // late on a loaded machine.
      const started = Date.now();
      const asked = page.waitForRequest((r) => r.url().includes('/api/course/topic/background'));
      await page.getByRole('list', { name: '专题列表' }).getByRole('link', { name: TOPIC }).click();
      await page.waitForURL(`${t.url}/pcourse/topicDetail?id=${ids.topic}`);
      const request = await asked;
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(new URL(request.url()).searchParams.get('id')).toBe(String(ids.topic));
      const hero = page.getByTestId('topic-hero');
      await eventually(() => hero.getAttribute('data-background')).toBe('loaded');
      expect(await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/api/file/content/');
      // The image really loads.
      const url = (await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).replace(/^url\("(.*)"\)$/, '$1');
      const image = await page.request.get(url);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TOPIC);
      await eventually(() => cards(page, '专题课程').count()).toBe(2);
      await screenshot(page, 'classroom-topic-detail.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('topic detail of a topic not yet published: the server message is toasted', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/pcourse/topicDetail?id=${ids.hidden}`);
      await page.getByTestId('load-error').getByText('专题不存在或尚未发布').waitFor();
      await toast(page, '专题不存在或尚未发布').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visitor can watch a lesson but is asked to log in to keep progress', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/pcourse/courseDetail?id=${ids.courseA}`);
      await page.getByTestId('lesson-video').waitFor();
      await page.getByRole('button', { name: '登录后记录学习进度' }).click();
      await page.getByRole('dialog', { name: '账号登录' }).waitFor();
      expect(await page.getByTestId('course-resume').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a teacher studies a course', () => {
  it('progress is saved per lesson and the course opens where it was left', async () => {
    const { context, page, errors } = await teacherSession('zhangxm');
    try {
      await page.goto(`${t.url}/pcourse/courseDetail?id=${ids.courseA}`);
      await page.getByTestId('course-detail').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(COURSE_A);
      await page.getByTestId('course-resume').getByText('还没有开始学习，从第一课开始吧').waitFor();
      const lessons = page.getByTestId('lesson');
      expect(await lessons.locator('span[class*="lessonTitle"]').allTextContents()).toEqual([
        `1.1 ${VIDEO_LESSON}`,
        `1.2 ${TEXT_LESSON}`,
        `2.1 ${PDF_LESSON}`,
      ]);
      expect(await lessons.getByTestId('lesson-state').allTextContents()).toEqual(['未学习', '未学习', '未学习']);

      // The first lesson's video: watch past 4 s and pause; the position is saved.
      const video = page.getByTestId('lesson-video');
      await video.waitFor();
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await eventually(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(4);
      const saved = page.waitForRequest((r) => r.url().includes('/api/course/study'));
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      const position = Number(new URL((await saved).url()).searchParams.get('position'));
      expect(position).toBeGreaterThanOrEqual(4);
      const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } });
      await eventually(async () => (await t.prisma.studyRecord.findMany({ where: { userId: user.id } })).length).toBe(
        1,
      );
      const mmss = `00:${String(position).padStart(2, '0')}`;
      await eventually(() => lessons.nth(0).getByTestId('lesson-state').textContent()).toBe(`学到 ${mmss}`);

      // Coming back later: the course opens at that lesson and second.
      await page.reload();
      await page
        .getByTestId('course-resume')
        .getByText(`上次学到：${VIDEO_LESSON}（${mmss}）`, { exact: false })
        .waitFor();
      await eventually(() =>
        page.getByTestId('lesson-video').evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)),
      ).toBe(position);

      // The document lesson is finished with a button.
      await lessons.nth(1).click();
      await page.getByTestId('lesson-player').getByRole('heading', { name: TEXT_LESSON }).waitFor();
      await page.getByRole('button', { name: '标记为已学完' }).click();
      await eventually(() => lessons.nth(1).getByTestId('lesson-state').textContent()).toBe('已学完');
      await page.getByTestId('lesson-progress').getByText('已学完').waitFor();
      expect(
        (await t.prisma.studyRecord.findMany({ where: { userId: user.id }, orderBy: { titleId: 'asc' } })).map(
          (r) => r.completed,
        ),
      ).toEqual([false, true]);

      // The PDF lesson shows the document itself.
      await lessons.nth(2).click();
      await page.getByTestId('lesson-player').locator('iframe').waitFor();
      await eventually(() => lessons.nth(2).getByTestId('lesson-state').textContent()).toBe('学习中');
      await page.reload();
      await page.getByTestId('course-resume').getByText(`上次学到：${PDF_LESSON}`, { exact: false }).waitFor();
      expect(await page.getByTestId('course-resume').textContent()).toContain('已学完 1/3');
      const pdfLesson = await t.prisma.courseTitle.findFirstOrThrow({
        where: { courseId: ids.courseA, title: PDF_LESSON },
      });
      await eventually(() => page.getByTestId('lesson-player').getAttribute('data-lesson-id')).toBe(
        String(pdfLesson.id),
      );
      // The lesson's frame has loaded the PDF (Chromium's own viewer shows it).
      const frame = await (await page.getByTestId('lesson-player').locator('iframe').elementHandle())?.contentFrame();
      await frame?.waitForLoadState('load');
      await screenshot(page, 'classroom-course-detail.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/coursePreview shows the course without the header or footer, titled 课程观看', async () => {
    const { context, page, errors } = await teacherSession('lijg');
    try {
      await page.goto(`${t.url}/coursePreview?id=${ids.courseB}`);
      await page.getByTestId('course-preview').getByRole('heading', { level: 1, name: COURSE_B }).waitFor();
      await eventually(() => page.title()).toBe('课程观看');
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByTestId('footer-copyright').count()).toBe(0);
      await screenshot(page, 'classroom-course-preview.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the boutique classroom on a 360 px phone', () => {
  const PHONE = { width: 360, height: 740 };
  /** How far the page scrolls sideways, and every header control shorter than a 40 px touch target. */
  const phoneFit = (page: Page) =>
    page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      shortControls: [...document.querySelectorAll('header a, header button')]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().height < 40)
        .map(
          (el) =>
            `${el.textContent || el.getAttribute('aria-label') || el.className} ${el.getBoundingClientRect().height}`,
        ),
    }));

  it('the header keeps the brand, the account and a sideways-scrolling link row that hints at what is beyond', async () => {
    const { context, page, errors } = await teacherSession('lijg');
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}/pcourse/index`);
      await cards(page, '精选课程').first().waitFor();
      expect(await phoneFit(page)).toEqual({ overflow: 0, shortControls: [] });
      const banner = page.getByRole('banner');
      const brand = (await banner.getByRole('link', { name: '精品课堂' }).boundingBox())!;
      const account = (await banner.getByTestId('user-menu').boundingBox())!;
      const nav = page.getByRole('navigation', { name: '精品课堂导航' });
      const links = (await nav.boundingBox())!;
      // Brand and account share the first row, the links go under them.
      expect(Math.abs(brand.y + brand.height / 2 - (account.y + account.height / 2))).toBeLessThan(4);
      expect(links.y).toBeGreaterThanOrEqual(account.y + account.height);

      // The link row is wider than the screen here: its far edge fades until it is scrolled to the end.
      const row = nav.locator('..');
      const fades = () =>
        row.evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.getPropertyValue('--links-fade-start'), style.getPropertyValue('--links-fade-end')];
        });
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await fades()).toEqual(['0px', '32px']);
      await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await eventually(fades).toEqual(['32px', '0px']);
      await banner.getByRole('link', { name: '返回资源库' }).waitFor();

      await nav.getByRole('link', { name: '全部课程' }).click();
      await page.waitForURL(`${t.url}/pcourse/allcourse`);
      await cards(page, '全部课程').first().waitFor();
      expect(await phoneFit(page)).toEqual({ overflow: 0, shortControls: [] });
      await screenshot(page, 'classroom-phone-allcourse.png');

      // From antd's md breakpoint (768 px, a tablet) up, the header is the desktop's single row, and it fits.
      await page.setViewportSize({ width: 768, height: 1024 });
      const [brandRow, navRow] = await Promise.all([
        banner.getByRole('link', { name: '精品课堂' }).boundingBox(),
        nav.boundingBox(),
      ]);
      expect(Math.abs(brandRow!.y + brandRow!.height / 2 - (navRow!.y + navRow!.height / 2))).toBeLessThan(4);
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visitor’s 登录 is a 40 px button that fits beside the brand', async () => {
    const { context, page, errors } = await returningSession(browser);
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}/pcourse/topic`);
      await page.getByRole('list', { name: '专题列表' }).waitFor();
      const login = page.getByRole('banner').getByRole('button', { name: '登录' });
      expect((await login.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      expect(await phoneFit(page)).toEqual({ overflow: 0, shortControls: [] });
      await screenshot(page, 'classroom-phone-topic.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('course and topic pages fit the screen, with lessons big enough to tap', async () => {
    const { context, page, errors } = await teacherSession('lijg');
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}/pcourse/topicDetail?id=${ids.topic}`);
      await eventually(() => cards(page, '专题课程').count()).toBe(2);
      // A course card is one row: its cover beside its words.
      const card = cards(page, '专题课程').first();
      const [cover, title] = await Promise.all([
        card.locator(':scope > div').first().boundingBox(),
        card.locator('h3').boundingBox(),
      ]);
      expect(title!.x).toBeGreaterThanOrEqual(cover!.x + cover!.width);
      expect(await phoneFit(page)).toEqual({ overflow: 0, shortControls: [] });
      await screenshot(page, 'classroom-phone-topic-detail.png');

      for (const path of [`/pcourse/courseDetail?id=${ids.courseA}`, `/coursePreview?id=${ids.courseA}`]) {
        await page.goto(`${t.url}${path}`);
        await page.getByTestId('lesson-player').waitFor();
        expect(await phoneFit(page)).toEqual({ overflow: 0, shortControls: [] });
        const player = (await page.getByTestId('lesson-player').boundingBox())!;
        expect(player.x + player.width).toBeLessThanOrEqual(PHONE.width);
        const lessons = await page
          .getByTestId('lesson')
          .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
        expect(lessons.length).toBe(3);
        expect(lessons.filter((height) => height < 40)).toEqual([]);
      }
      await screenshot(page, 'classroom-phone-course-preview.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
