import { routes } from '@zyk/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClassroomReview } from '../../apps/api/src/modules/courses/review.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { sendMessage } from '../../apps/api/src/modules/messages/service.ts';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';
import { appAndBrowserForFile, artifact, returningSession } from './browser.ts';
import { animationsSettled } from './gate-checks.ts';
import { cn, confirmPopover, eventually, sessionForBlock, toast } from './helpers.ts';

/**
 * Personal space in Chromium (issue 9, items 1 and 4): its own header and side navigation, the overview, my
 * resources with their review states and my collections, downloads and history, messages arriving and the unread
 * count dropping as they are read, and a course created here, approved and studied with resume in the classroom.
 */

const PUBLISHED = '七年级语文《春》朗读指导';
const LESSON_RESOURCE = '七年级语文《春》课堂练习';
const PENDING = '七年级语文《济南的冬天》导学案';
const REJECTED = '七年级语文《雨的四季》课件';
const OTHERS = '八年级物理《光的折射》实验记录单';
const COURSE = '七年级语文朗读与写景单元';

let t: TestApp;
let browser: Browser;
const ids = { published: 0, lessonResource: 0, pending: 0, rejected: 0, others: 0, spare: 0, course: 0 };
let lijgId = 0;

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(async () => {
  const review = createReviewAdmin(t.prisma);
  const chinese = await dictIds(t, '初中', '语文');
  const physics = await dictIds(t, '初中', '物理');
  const publish = async (who: Awaited<ReturnType<typeof loginAs>>, title: string, dict: typeof chinese) => {
    const uploaded = await postDocument(t.url, cookieOf(who.jar), `${title}.txt`, Buffer.from(`${title}\n`, 'utf8'));
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const res = await who.call(routes.publishDocument, {
      body: { type: 'DOCUMENT', fileIds: [String(uploaded.json.data.id)], title, ...dict },
    });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  };
  const lijg = await loginAs(t, 'lijg');
  ids.published = await publish(lijg, PUBLISHED, chinese);
  await review.approve(ids.published);
  ids.lessonResource = await publish(lijg, LESSON_RESOURCE, chinese);
  await review.approve(ids.lessonResource);
  ids.spare = await publish(lijg, '七年级语文《春》拓展阅读', chinese);
  await review.approve(ids.spare);
  ids.pending = await publish(lijg, PENDING, chinese);
  ids.rejected = await publish(lijg, REJECTED, chinese);
  await review.reject(ids.rejected, '课件内容与标题不符');

  const wangcy = await loginAs(t, 'wangcy');
  ids.others = await publish(wangcy, OTHERS, physics);
  await review.approve(ids.others);
  // lijg collects, views and downloads a colleague's resource.
  expect((await lijg.call(routes.collect, { query: { id: ids.others, state: '1' } })).code).toBe(0);
  expect((await lijg.call(routes.countView, { query: { id: ids.others, kind: 'view' } })).code).toBe(0);
  expect((await lijg.call(routes.download, { query: { id: ids.others } })).code).toBe(0);
  lijgId = (await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } })).id;
}, 180_000);

const sideNav = (page: Page) => page.getByRole('navigation', { name: '个人空间导航' });
const unreadBadge = (page: Page) => page.getByRole('banner').getByTestId('unread-badge');
/** The unread count as the server has it. */
const unreadOnServer = async () => {
  const lijg = await loginAs(t, 'lijg');
  return (await lijg.call(routes.unreadMessageCount)).data.unread;
};
/**
 * Picks an option in an antd select (the dropdown is rendered at the end of the page) and checks it took: on a
 * loaded machine a click can land while the dropdown is still sliding in, so it tries again once or twice.
 */
const choose = async (page: Page, select: ReturnType<Page['getByRole']>, option: string) => {
  const chosen = select.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  for (let attempt = 0; ; attempt++) {
    await select.click();
    // This select's own dropdown (the one holding the list its input controls): the dropdown of the select used
    // just before may still be fading out with a like-named option in it.
    await eventuallyTrue(async () => Boolean(await select.getAttribute('aria-controls')), 5000);
    const list = await select.getAttribute('aria-controls');
    const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
    const item = dropdown.locator('.ant-select-item-option', { hasText: option }).first();
    await item.waitFor();
    await animationsSettled(page); // the dropdown's slide-in
    // In a multiple select a second click would take the option out again.
    if (!((await item.getAttribute('class')) ?? '').includes('ant-select-item-option-selected')) await item.click();
    const ok = await eventuallyTrue(async () => ((await chosen.textContent()) ?? '').includes(option), 2000);
    if (ok || attempt >= 2) {
      expect(((await chosen.textContent()) ?? '').includes(option), `选择“${option}”`).toBe(true);
      return;
    }
    await page.keyboard.press('Escape');
  }
};
/** Polls `check` until it is true or `ms` pass. */
const eventuallyTrue = async (check: () => Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
};
/** A full-page screenshot from the top once the toasts are gone and nothing is loading. */
const screenshot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(() => page.locator('.ant-message-notice').count()).toBe(0);
  await eventually(() => page.locator('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning').count()).toBe(0);
  await animationsSettled(page);
  await page.screenshot({ path: artifact(name), fullPage: true });
};

describe('a teacher in personal space', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  sessionForBlock(
    () => returningSession(browser, { app: t, userName: 'lijg' }),
    (session) => {
      ({ context, page, errors } = session);
    },
  );

  it('/personSpace opens the overview: resource counts by review state, messages, only built screens', async () => {
    await page.goto(`${t.url}/personSpace`);
    await page.waitForURL(`${t.url}/personSpace/index`);
    expect(await page.title()).toBe('资源库');
    await eventually(() => page.getByTestId('space-user').textContent()).toContain('李建国');
    const stat = (label: string) => page.getByTestId(`stat-${label}`).locator('strong').textContent();
    await eventually(() => stat('我的资源')).toBe('5');
    expect(await stat('已发布')).toBe('3');
    expect(await stat('待审核')).toBe('1');
    expect(await stat('未通过')).toBe('1');
    expect(await stat('我的课程')).toBe('0');
    const unread = await unreadOnServer();
    expect(unread).toBeGreaterThan(0); // the review results
    await eventually(() => page.getByTestId('overview-unread').textContent()).toBe(String(unread));
    await page.getByTestId('latest-messages').getByText(`审核未通过：${REJECTED}`).waitFor();

    expect(await sideNav(page).getByRole('link').allTextContents()).toEqual([
      '空间首页',
      '课程管理',
      '专题管理',
      '我的资源',
      '实名认证',
      '收入与提现',
      '支出与发票',
      `我的消息${unread}`,
    ]);
    // Studios, the training centre and security settings live on the auth site.
    const more = page.getByRole('navigation', { name: '更多服务' });
    expect(await more.getByRole('link', { name: /研修中心/ }).getAttribute('href')).toMatch(
      /\/trainingCenter\?memberId=/,
    );
    expect(await more.getByRole('link', { name: /安全设置/ }).getAttribute('href')).toMatch(/\/securitySettings\?/);
    await screenshot(page, 'person-space-index.png');
  });

  it('my resources: uploads with review state and reason, delete; collections, downloads, history', async () => {
    await sideNav(page).getByRole('link', { name: '我的资源' }).click();
    await page.waitForURL(`${t.url}/personSpace/resource`);
    const uploads = page.getByTestId('my-uploads');
    const rows = uploads.locator('tbody tr.ant-table-row');
    await eventually(() => rows.count()).toBe(5);
    const rejected = rows.filter({ hasText: REJECTED });
    expect(await rejected.getByTestId('status-tag').textContent()).toBe('未通过');
    expect(await rejected.textContent()).toContain('课件内容与标题不符');
    expect(await rows.filter({ hasText: PENDING }).getByTestId('status-tag').textContent()).toBe('待审核');

    await page.getByRole('radiogroup', { name: '审核状态' }).getByText('未通过').click();
    await eventually(() => rows.count()).toBe(1);
    await page.getByRole('radiogroup', { name: '审核状态' }).getByText('全部').click();
    await eventually(() => rows.count()).toBe(5);
    await screenshot(page, 'person-space-resources.png');

    await rows
      .filter({ hasText: REJECTED })
      .getByRole('button', { name: cn('删除') })
      .click();
    await confirmPopover(page, '删除');
    await toast(page, '已删除').waitFor();
    await eventually(() => rows.count()).toBe(4);
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id: ids.rejected } })).deletedAt).not.toBeNull();

    for (const [tab, testId] of [
      ['我的收藏', 'my-collects'],
      ['我的下载', 'my-downloads'],
      ['浏览历史', 'my-history'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByTestId(testId).getByRole('link', { name: OTHERS }).waitFor();
    }
    await page.getByTestId('my-history').getByRole('button', { name: '删除记录' }).click();
    await page.getByTestId('my-history').getByText('还没有浏览记录').waitFor();
    expect(await t.prisma.viewHistory.count({ where: { userId: lijgId } })).toBe(0);
  });

  it('messages arrive, the badges show them, and the count drops as they are read', async () => {
    await sendMessage(t.prisma, {
      userId: null,
      type: 'announcement',
      title: '关于寒假教研活动安排的通知',
      content: '各位老师：寒假期间将开展线上集体备课，请留意后续安排。',
    });
    await sendMessage(t.prisma, {
      userId: lijgId,
      type: 'work_order',
      title: '您的工单已回复',
      content: '视频上传失败的问题已修复，请重新上传。',
      link: '/personSpace/resource',
    });
    const unread = await unreadOnServer();

    // The main site's header: a dot on the user, the count in the menu.
    await page.goto(`${t.url}/home/index`);
    await page.getByRole('banner').getByTestId('user-menu-unread').waitFor();
    await page.getByRole('banner').getByTestId('user-menu').click();
    await eventually(() => page.getByTestId('user-menu-messages').textContent()).toBe(`我的消息 ${unread}`);
    await page.getByTestId('user-menu-messages').click();
    await page.waitForURL(`${t.url}/personSpace/message`);

    await eventually(() => unreadBadge(page).getAttribute('data-count')).toBe(String(unread));
    const items = page.getByTestId('message-item');
    await eventually(() => items.count()).toBe(unread);
    expect(await items.first().textContent()).toContain('您的工单已回复');
    expect(await page.getByTestId('message-unread').textContent()).toBe(`未读 ${unread} 条`);

    // Reading one: the detail, then one fewer everywhere.
    await items.first().click();
    const detail = page.getByTestId('message-detail');
    await eventually(() => detail.textContent()).toContain('视频上传失败的问题已修复，请重新上传。');
    await eventually(() => unreadBadge(page).getAttribute('data-count')).toBe(String(unread - 1));
    expect(await unreadOnServer()).toBe(unread - 1);
    await page.keyboard.press('Escape');
    await eventually(() => items.first().getAttribute('data-read')).toBe('1');

    // Only the unread, by type.
    await page.getByRole('radiogroup', { name: '阅读状态' }).getByText('未读').click();
    await eventually(() => items.count()).toBe(unread - 1);
    await choose(page, page.getByRole('combobox', { name: '消息类型' }), '系统公告');
    await eventually(() => items.allTextContents()).toEqual([expect.stringContaining('关于寒假教研活动安排的通知')]);
    await page.getByRole('radiogroup', { name: '阅读状态' }).getByText('全部').click();
    await screenshot(page, 'person-space-messages.png');

    await page.getByRole('button', { name: '全部已读' }).click();
    await toast(page, '已全部标为已读').waitFor();
    await eventually(() => unreadBadge(page).getAttribute('data-count')).toBe('0');
    expect(await unreadOnServer()).toBe(0);
    await eventually(() => page.getByTestId('message-unread').textContent()).toBe('未读 0 条');
  });

  it('creates a course: checks before sending, shows the server refusal, orders lessons, submits for review', async () => {
    await sideNav(page).getByRole('link', { name: '课程管理' }).click();
    await page.waitForURL(`${t.url}/personSpace/course/course`);
    await page.getByTestId('my-courses').getByText('还没有课程').waitFor();
    await page.getByRole('button', { name: '新建课程' }).click();
    const form = page.getByTestId('course-form');
    await form.waitFor();

    // Nothing is sent while the form is incomplete.
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/course/course/save')) saves.push(r.postData() ?? '');
    });
    await form.getByLabel('课程名称').fill('   ');
    await form.getByRole('button', { name: '提交审核' }).click();
    await form.getByText('请输入课程名称').waitFor();
    await form.getByText('请选择课时资源').waitFor();
    expect(saves).toEqual([]);

    await form.getByLabel('课程名称').fill(COURSE);
    await form.getByLabel('课程简介').fill('通过朗读体会写景散文的语言之美，配套课堂练习。');
    await choose(page, form.getByRole('combobox', { name: '课程分类' }), '学科教学');
    await choose(page, form.getByRole('combobox', { name: '学段' }), '初中');
    await choose(page, form.getByRole('combobox', { name: '学科' }), '语文');
    await form.getByLabel('第 1 章名称').fill('朗读与感悟');
    const lessons = form.getByTestId('lesson-editor');
    await lessons.nth(0).getByLabel('课时名称').fill('《春》朗读指导');
    await choose(page, lessons.nth(0).getByRole('combobox', { name: '课时资源' }), PUBLISHED);
    await form.getByRole('button', { name: '添加课时' }).click();
    await lessons.nth(1).getByLabel('课时名称').fill('课堂练习');
    await choose(page, lessons.nth(1).getByRole('combobox', { name: '课时资源' }), '七年级语文《春》拓展阅读');
    await choose(page, lessons.nth(1).getByRole('combobox', { name: '课时类型' }), '练习');

    // The chosen resource is deleted meanwhile: the server refuses and says why.
    const lijg = await loginAs(t, 'lijg');
    expect((await lijg.call(routes.resourceDelete, { query: { id: ids.spare } })).code).toBe(0);
    await form.getByRole('button', { name: '提交审核' }).click();
    await eventually(() => form.getByTestId('course-refusal').textContent()).toBe('课时引用的资源不存在或未发布');
    expect(saves).toHaveLength(1);

    // Another resource, and the practice first.
    await choose(page, lessons.nth(1).getByRole('combobox', { name: '课时资源' }), LESSON_RESOURCE);
    await lessons.nth(1).getByRole('button', { name: '上移' }).click();
    await eventually(() => lessons.nth(0).getByLabel('课时名称').inputValue()).toBe('课堂练习');
    await form.evaluate((el) => el.closest('.ant-modal-wrap')?.scrollTo(0, 0));
    await page.screenshot({ path: artifact('person-space-course-editor.png'), fullPage: true });
    await form.getByRole('button', { name: '提交审核' }).click();
    await toast(page, '课程已提交审核').waitFor();
    const row = page.getByTestId('my-courses').locator('tbody tr.ant-table-row').filter({ hasText: COURSE });
    await eventually(() => row.getByTestId('status-tag').textContent()).toBe('待审核');

    const course = await t.prisma.course.findFirstOrThrow({ where: { title: COURSE } });
    ids.course = course.id;
    const math = await dictIds(t, '初中', '语文');
    expect(course).toMatchObject({ status: 'PENDING', categoryId: 1, ...math });
    const titles = await t.prisma.courseTitle.findMany({
      where: { courseId: course.id, parentId: { not: null } },
      orderBy: { sort: 'asc' },
    });
    expect(titles.map((l) => [l.title, l.resourceId, l.categoryCode])).toEqual([
      ['课堂练习', ids.lessonResource, 'practice'],
      ['《春》朗读指导', ids.published, null],
    ]);
    await screenshot(page, 'person-space-courses.png');
  });

  it('once approved, the course is studied in the classroom and opens where it was left', async () => {
    await createClassroomReview(t.prisma).approve('course', ids.course);
    await page.reload();
    const row = page.getByTestId('my-courses').locator('tbody tr.ant-table-row').filter({ hasText: COURSE });
    await eventually(() => row.getByTestId('status-tag').textContent()).toBe('已发布');
    await eventually(() => unreadBadge(page).getAttribute('data-count')).toBe('1'); // the review result

    const opened = context.waitForEvent('page');
    await row.getByRole('link', { name: '学习' }).click();
    const classroom = await opened;
    await classroom.waitForURL(`${t.url}/pcourse/courseDetail?id=${ids.course}`);
    await eventually(() => classroom.title()).toBe('精品课堂');
    await classroom.getByTestId('course-resume').getByText('还没有开始学习，从第一课开始吧').waitFor();
    const lessons = classroom.getByTestId('lesson');
    // The first lesson is shown and counts as started.
    await eventually(() => lessons.nth(0).getByTestId('lesson-state').textContent()).toBe('学习中');
    await classroom.getByRole('button', { name: '标记为已学完' }).click();
    await eventually(() => lessons.nth(0).getByTestId('lesson-state').textContent()).toBe('已学完');
    await lessons.nth(1).click();
    await eventually(() => lessons.nth(1).getByTestId('lesson-state').textContent()).toBe('学习中');

    await classroom.reload();
    const resume = classroom.getByTestId('course-resume');
    await eventually(() => resume.textContent()).toContain('上次学到：《春》朗读指导 · 已学完 1/2');
    await eventually(() => classroom.getByTestId('lesson-player').getByRole('heading').textContent()).toBe(
      '《春》朗读指导',
    );
    expect(await t.prisma.studyRecord.count({ where: { userId: lijgId, courseId: ids.course } })).toBe(2);
    await classroom.close();
  });

  it('creates a topic with a background image; once approved its detail shows the background', async () => {
    await sideNav(page).getByRole('link', { name: '专题管理' }).click();
    await page.waitForURL(`${t.url}/personSpace/course/topic`);
    await page.getByTestId('my-topics').getByText('还没有专题').waitFor();
    await page.getByRole('button', { name: '新建专题' }).click();
    const form = page.getByTestId('topic-form');
    // The form slides in: a click during the motion can land beside the button.
    await form.getByRole('button', { name: '提交审核' }).waitFor();
    await animationsSettled(page);
    await form.getByRole('button', { name: '提交审核' }).click();
    await form.getByText('请输入专题名称').waitFor();
    await form.getByText('至少选择一门课程').waitFor();

    await form.getByLabel('专题名称').fill('写景散文阅读专题');
    await form.getByLabel('专题简介').fill('汇集写景散文的朗读、赏析与写作课程。');
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/upload/document'));
    await form
      .getByTestId('cover-input')
      .setInputFiles({ name: '背景.png', mimeType: 'image/png', buffer: png(640, 240) });
    expect((await uploaded).status()).toBe(200);
    await eventually(() => form.getByTestId('cover-field').getAttribute('data-file-id')).toMatch(/\w+/);
    await choose(page, form.getByRole('combobox', { name: '包含的课程' }), COURSE);
    await form.getByLabel('专题名称').click(); // closes the multiple select's dropdown
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await page.screenshot({ path: artifact('person-space-topic-editor.png') });
    await form.getByRole('button', { name: '提交审核' }).click();
    await toast(page, '专题已提交审核').waitFor();
    const topic = await t.prisma.topic.findFirstOrThrow({ where: { title: '写景散文阅读专题' } });
    expect(topic.backgroundFileId).not.toBeNull();
    await createClassroomReview(t.prisma).approve('topic', topic.id);

    await page.goto(`${t.url}/pcourse/topicDetail?id=${topic.id}`);
    await eventually(() => page.getByTestId('topic-hero').getAttribute('data-background')).toBe('loaded');
    await page.getByRole('list', { name: '专题课程' }).getByRole('link', { name: COURSE }).waitFor();
  });

  it('on a 360 px phone: the navigation is a drawer, lists are cards, nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    try {
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      await page.goto(`${t.url}/personSpace/index`);
      await page.getByTestId('overview-stats').waitFor();
      expect(await sideNav(page).count()).toBe(0);
      await noSidewaysScroll();

      await page.getByRole('button', { name: '个人空间菜单' }).click();
      await sideNav(page).waitFor();
      expect(await sideNav(page).getByRole('link').count()).toBe(8);
      await animationsSettled(page); // the drawer's slide-in
      await page.screenshot({ path: artifact('person-space-phone-menu.png') });
      await sideNav(page).getByRole('link', { name: '课程管理' }).click();
      await page.waitForURL(`${t.url}/personSpace/course/course`);
      await sideNav(page).waitFor({ state: 'hidden' });
      const course = page.getByTestId('my-courses').getByRole('listitem').filter({ hasText: COURSE });
      expect(await course.getByTestId('status-tag').textContent()).toBe('已发布');
      expect(await page.getByTestId('my-courses').locator('table').count()).toBe(0);
      await noSidewaysScroll();
      // The course editor fits the screen, its lesson rows stacked.
      await page.getByRole('button', { name: '新建课程' }).click();
      const form = page.getByTestId('course-form');
      await form.getByRole('button', { name: '添加课时' }).click();
      const box = await form.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360, 'the editor fits the screen').toBe(true);
      await animationsSettled(page); // the dialog's zoom-in
      await page.screenshot({ path: artifact('person-space-phone-course-editor.png') });
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });

      await page.goto(`${t.url}/personSpace/resource`);
      const uploads = page.getByTestId('my-uploads').getByRole('listitem');
      await eventually(() => uploads.count()).toBe(3); // two were deleted above
      await choose(page, page.getByRole('combobox', { name: '审核状态' }), '待审核');
      await eventually(() => uploads.count()).toBe(1);
      expect(await uploads.first().textContent()).toContain(PENDING);
      await noSidewaysScroll();
      await screenshot(page, 'person-space-phone-resources.png');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('a visitor', () => {
  it('is sent home from personal space, and the 个人空间 tab asks for login', async () => {
    const { context, page, errors } = await returningSession(browser);
    try {
      await page.goto(`${t.url}/personSpace/message`);
      await page.waitForURL(`${t.url}/home/index`);
      await page
        .getByRole('navigation', { name: '主导航', exact: true })
        .getByRole('link', { name: '个人空间' })
        .click();
      await page.getByRole('dialog', { name: '账号登录' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
