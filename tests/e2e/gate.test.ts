import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx, h264Video, pdf } from '../support/files.ts';
import { dictIds, makeMediaFor, publishUploadedDocument, publishUploadedVideo } from '../support/library.ts';
import { artifact, demoAppAndBrowserForFile, returningSession } from './browser.ts';
import {
  overflowFindings,
  pageFindings,
  SCROLLED_CLIP,
  scrolledPhoneFindings,
  settle,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from './gate-checks.ts';

/**
 * The gate every page passes, at desktop and phone size: each page of the web's route table, opened with the demo
 * district's content by a visitor (public pages), by a signed-in teacher (all pages of the site) and, for the
 * console's pages, by the district administrator, must load without console errors, CSP violations or failed
 * requests, must not scroll sideways, must keep header and menu text readable,
 * must render Chinese, and must pass axe-core at "serious" and above. On phones, touch targets are checked too, and
 * again with the page scrolled down, where the shell's compact header shows (at 390 and 360 px wide). A page added
 * to the router without an entry below fails the first test. Screenshots go to tests/artifacts/e2e/gate/ (on
 * phones also the top of the screen scrolled, `*-scrolled.png`).
 */

/** The parts of a react-router route the gate reads. */
interface RouteObject {
  path?: string;
  index?: boolean;
  handle?: unknown;
  children?: RouteObject[];
}

/**
 * The web's route table. Vitest compiles its TSX; the tests' own typecheck builds no JSX, hence the import by a
 * path the compiler does not follow.
 */
const ROUTER = '../../apps/web/src/app/router.tsx';
const webRoutes = async () => ((await import(/* @vite-ignore */ ROUTER)) as { routes: RouteObject[] }).routes;

/**
 * The path of every page in the route table (a route with a title), as the browser's address shows it; with `all`,
 * also the routes without a title (redirects, frames), but never the catch-all that sends unknown addresses to 404.
 */
const pagePaths = (list: RouteObject[], parent = '', all = false): string[] =>
  list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index ? parent : route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`;
    const clean = path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    const own = all || (route.handle as { title?: string } | undefined)?.title ? [clean] : [];
    return [...own, ...pagePaths(route.children ?? [], clean, all)];
  });

/** Whether an address's path is one the route table knows (`:name` segments match any one segment). */
const knownPath = (patterns: string[], pathname: string) =>
  patterns.some((pattern) =>
    new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(decodeURI(pathname).replace(/(.)\/$/, '$1')),
  );

/** Links on the page (same origin, not the api's) whose path no route knows: they would land on the 404 page. */
const deadLinks = async (page: Page, origin: string, patterns: string[]) => {
  const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs)]
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !/^\/(api|es|sandbox|docs)\//.test(url.pathname))
    .filter((url) => !knownPath(patterns, url.pathname))
    .map((url) => `link to a missing page: ${url.pathname}${url.search}`);
};

type Audience = 'public' | 'teacher' | 'admin';
interface PagePlan {
  /** The addresses to open (with the query a real link carries): one, or one per kind of content the page shows. */
  url: () => string | string[];
  /** public: a visitor and a teacher open it; teacher: only a signed-in teacher; admin: the district administrator. */
  audience: Audience;
}

const ids = {
  micro: 0,
  video: 0,
  document: 0,
  officeDocument: 0,
  pdfDocument: 0,
  achievement: 0,
  paid: 0,
  course: 0,
  topic: 0,
  project: 0,
  lijgMember: '',
  /** A lesson of 初中 数学's 人教版 the Word document hangs on: the documents list filtered by it. */
  lesson: 0,
  /** 初中 数学's stage and subject as the catalogue page's query (its seeded 人教版 tree). */
  juniorMaths: '',
};

const PLAN: Record<string, PagePlan> = {
  '/home/index': { url: () => '/home/index', audience: 'public' },
  '/home/search': { url: () => `/home/search?searchKeyWord=${encodeURIComponent('教学设计')}`, audience: 'public' },
  '/home/cousrseResources': { url: () => '/home/cousrseResources', audience: 'public' },
  '/home/cousrseResources/details': {
    url: () => [`/home/cousrseResources/details?id=${ids.micro}`, `/home/cousrseResources/details?id=${ids.video}`],
    audience: 'public',
  },
  '/home/documents': {
    url: () => ['/home/documents', `/home/documents?catalogue=${ids.lesson}`],
    audience: 'public',
  },
  '/home/documents/details': {
    url: () => [ids.document, ids.officeDocument, ids.pdfDocument].map((id) => `/home/documents/details?id=${id}`),
    audience: 'public',
  },
  '/home/achievements': { url: () => '/home/achievements', audience: 'public' },
  '/home/achievements/details': {
    url: () => `/home/achievements/details?id=${ids.achievement}`,
    audience: 'public',
  },
  '/home/uploadDoc': { url: () => '/home/uploadDoc', audience: 'teacher' },
  '/home/uploadVideo': { url: () => '/home/uploadVideo', audience: 'teacher' },
  '/coursePreview': { url: () => `/coursePreview?id=${ids.course}`, audience: 'public' },
  '/pcourse/index': { url: () => '/pcourse/index', audience: 'public' },
  '/pcourse/topic': { url: () => '/pcourse/topic', audience: 'public' },
  '/pcourse/allcourse': { url: () => '/pcourse/allcourse', audience: 'public' },
  '/pcourse/courseDetail': { url: () => `/pcourse/courseDetail?id=${ids.course}`, audience: 'public' },
  '/pcourse/topicDetail': { url: () => `/pcourse/topicDetail?id=${ids.topic}`, audience: 'public' },
  '/personSpace/index': { url: () => '/personSpace/index', audience: 'teacher' },
  '/personSpace/course/course': { url: () => '/personSpace/course/course', audience: 'teacher' },
  '/personSpace/course/topic': { url: () => '/personSpace/course/topic', audience: 'teacher' },
  '/personSpace/resource': { url: () => '/personSpace/resource', audience: 'teacher' },
  '/personSpace/message': { url: () => '/personSpace/message', audience: 'teacher' },
  '/personSpace/verify': { url: () => '/personSpace/verify', audience: 'teacher' },
  '/personSpace/account/income/income': { url: () => '/personSpace/account/income/income', audience: 'teacher' },
  '/personSpace/account/income/withdrawalRecords': {
    url: () => '/personSpace/account/income/withdrawalRecords',
    audience: 'teacher',
  },
  '/personSpace/account/income/withdrawal': {
    url: () => '/personSpace/account/income/withdrawal',
    audience: 'teacher',
  },
  '/personSpace/account/income/aftertaxincome': {
    url: () => '/personSpace/account/income/aftertaxincome',
    audience: 'teacher',
  },
  '/personSpace/account/expenditure/expenditure': {
    url: () => '/personSpace/account/expenditure/expenditure',
    audience: 'teacher',
  },
  '/personSpace/account/expenditure/invoicerecords': {
    url: () => '/personSpace/account/expenditure/invoicerecords',
    audience: 'teacher',
  },
  '/pay': { url: () => `/pay?resourceId=${ids.paid}`, audience: 'teacher' },
  '/invoicing': { url: () => '/invoicing', audience: 'teacher' },
  '/admin/dashboard': { url: () => '/admin/dashboard', audience: 'admin' },
  '/admin/review': { url: () => '/admin/review', audience: 'admin' },
  '/admin/classroom-review': { url: () => '/admin/classroom-review', audience: 'admin' },
  '/admin/reports': { url: () => '/admin/reports', audience: 'admin' },
  '/admin/users': { url: () => '/admin/users', audience: 'admin' },
  '/admin/roster': { url: () => '/admin/roster', audience: 'admin' },
  '/admin/registrations': { url: () => '/admin/registrations', audience: 'admin' },
  '/admin/schools': { url: () => '/admin/schools', audience: 'admin' },
  '/admin/roles': { url: () => '/admin/roles', audience: 'admin' },
  '/admin/verifications': { url: () => '/admin/verifications', audience: 'admin' },
  '/admin/withdrawals': { url: () => '/admin/withdrawals', audience: 'admin' },
  '/admin/invoices': { url: () => '/admin/invoices', audience: 'admin' },
  '/admin/coupons': { url: () => '/admin/coupons', audience: 'admin' },
  '/admin/refunds': { url: () => '/admin/refunds', audience: 'admin' },
  '/admin/ledger': { url: () => '/admin/ledger', audience: 'admin' },
  '/admin/banners': { url: () => '/admin/banners', audience: 'admin' },
  '/admin/featured': { url: () => '/admin/featured', audience: 'admin' },
  '/admin/catalogue': {
    url: () => ['/admin/catalogue', `/admin/catalogue?${ids.juniorMaths}`],
    audience: 'admin',
  },
  '/admin/dict': { url: () => '/admin/dict', audience: 'admin' },
  '/admin/workorders': { url: () => '/admin/workorders', audience: 'admin' },
  '/admin/audit': { url: () => '/admin/audit', audience: 'admin' },
  '/auth/trainingCenter': { url: () => `/auth/trainingCenter?memberId=${ids.lijgMember}`, audience: 'teacher' },
  '/auth/trainingCenter/project': { url: () => `/auth/trainingCenter/project?id=${ids.project}`, audience: 'teacher' },
  '/auth/securitySettings': { url: () => '/auth/securitySettings?roleTypeId=1&roleId=1', audience: 'teacher' },
  '/auth/personalCenter': { url: () => `/auth/personalCenter?memberId=${ids.lijgMember}`, audience: 'teacher' },
  '/auth/studio/:code': { url: () => ['/auth/studio/1001', '/auth/studio/2001'], audience: 'public' },
  '/auth/register': { url: () => `/auth/register?toUrl=${encodeURIComponent('/home/index')}`, audience: 'public' },
  '/auth/forgetPassword': {
    url: () => `/auth/forgetPassword?toUrl=${encodeURIComponent('/home/index')}`,
    audience: 'public',
  },
  '/error/404': { url: () => '/error/404', audience: 'public' },
  '/error/500': { url: () => '/error/500', audience: 'public' },
  '/error/502': { url: () => '/error/502', audience: 'public' },
};

let t: TestApp;
let browser: Browser;
demoAppAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(async () => {
  const first = async (type: 'MICRO_COURSE' | 'DOCUMENT' | 'ACHIEVEMENT') =>
    (await t.prisma.resource.findFirstOrThrow({ where: { type, status: 'PUBLISHED' }, orderBy: { id: 'asc' } })).id;
  ids.micro = await first('MICRO_COURSE');
  ids.document = await first('DOCUMENT');
  ids.achievement = await first('ACHIEVEMENT');
  const teacher = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
  ids.paid = (
    await t.prisma.resource.findFirstOrThrow({
      where: { status: 'PUBLISHED', price: { gt: 0 }, authorId: { not: teacher.id } },
      orderBy: { id: 'asc' },
    })
  ).id;
  ids.course = (await t.prisma.course.findFirstOrThrow({ where: { status: 'PUBLISHED' } })).id;
  ids.topic = (await t.prisma.topic.findFirstOrThrow({ where: { status: 'PUBLISHED' } })).id;
  ids.lijgMember = teacher.memberId;
  // lijg's project with the most courses: the district-wide one, three courses, partly studied.
  ids.project = (
    await t.prisma.project.findFirstOrThrow({
      where: { members: { some: { userId: teacher.id } } },
      orderBy: { courses: { _count: 'desc' } },
    })
  ).id;
  // A Word document, a PDF and a playable video, uploaded and published as a teacher does: the details page shows
  // each kind differently (PDF viewer, video player).
  const lijg = await loginAs(t, 'lijg');
  const math = await dictIds(t, '初中', '数学');
  ids.juniorMaths = new URLSearchParams({
    stageId: String(math.stageId),
    subjectId: String(math.subjectId),
  }).toString();
  const publishDocument = (name: string, bytes: Buffer, title: string, catalogueNodeIds: number[] = []) =>
    publishUploadedDocument(t, lijg, { name, bytes }, { title, ...math, catalogueNodeIds });
  // Hung on a lesson of the shipped catalogue: its details show the chapter, the list opens filtered by it.
  ids.lesson = (await t.prisma.catalogueNode.findUniqueOrThrow({ where: { code: 'jm-rj-8a-u1-l1' } })).id;
  ids.officeDocument = await publishDocument('分数的初步认识.docx', docx(), '《分数的初步认识》教学设计', [ids.lesson]);
  ids.pdfDocument = await publishDocument('勾股定理-课后练习.pdf', pdf(), '《勾股定理》课后练习');
  ids.video = await publishUploadedVideo(
    t,
    lijg,
    { name: 'lesson.mp4', bytes: h264Video() },
    {
      title: '勾股定理的证明微课',
      ...math,
    },
  );
  // The gate's own uploads get their previews and thumbnails now (LibreOffice and ffmpeg run here); the demo's
  // backlog stays queued (no worker here), as a district sees it in the first minutes after the first start.
  await makeMediaFor(t, [ids.officeDocument, ids.pdfDocument, ids.video]);
  mkdirSync(artifact('gate'), { recursive: true });
});

describe('the page gate', () => {
  it('has an entry for every page in the route table', async () => {
    const paths = [...new Set(pagePaths(await webRoutes()))];
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !PLAN[path])).toEqual([]);
    expect(Object.keys(PLAN).filter((path) => !paths.includes(path))).toEqual([]);
  });

  const runs: { viewport: ViewportName; who: 'visitor' | 'teacher' | 'admin' }[] = [
    { viewport: 'desktop', who: 'visitor' },
    { viewport: 'phone', who: 'visitor' },
    { viewport: 'desktop', who: 'teacher' },
    { viewport: 'phone', who: 'teacher' },
    { viewport: 'desktop', who: 'admin' },
    { viewport: 'phone', who: 'admin' },
  ];
  const LOGINS = {
    visitor: undefined,
    teacher: { userName: 'lijg' },
    admin: { userName: 'admin', password: 'Admin@2026' },
  } as const;
  /** The console's pages are the district administrator's; the site's pages are the visitor's and the teacher's. */
  const opens = (who: keyof typeof LOGINS, audience: Audience) =>
    who === 'admin' ? audience === 'admin' : who === 'teacher' ? audience !== 'admin' : audience === 'public';
  describe.each(runs.map((run) => [`${run.who} ${run.viewport}`, run] as const))('%s', (_, { viewport, who }) => {
    let context: BrowserContext;
    let page: Page;
    let watcher: Awaited<ReturnType<typeof watchPage>>;
    beforeAll(async () => {
      const login = LOGINS[who];
      const session = await returningSession(browser, login && { app: t, ...login });
      context = session.context;
      page = session.page;
      await page.setViewportSize(VIEWPORTS[viewport]);
      watcher = await watchPage(context, page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const pages = Object.entries(PLAN).filter(([, plan]) => opens(who, plan.audience));
    it.each(pages)('%s', async (path, plan) => {
      const urls = [plan.url()].flat();
      const findings: string[] = [];
      const known = pagePaths(await webRoutes(), '', true);
      for (const [i, url] of urls.entries()) {
        watcher.take();
        await page.goto(`${t.url}${url}`);
        await settle(page);
        const found = [
          ...watcher.take(),
          ...(await pageFindings(page, { touch: viewport === 'phone' })),
          ...(await deadLinks(page, new URL(t.url).origin, known)),
        ];
        if (viewport === 'phone') {
          // The narrowest phones in use: nothing may scroll sideways there either.
          await page.setViewportSize(VIEWPORTS.narrowPhone);
          found.push(...(await overflowFindings(page)));
          await page.setViewportSize(VIEWPORTS.phone);
        }
        const name = `${who}-${viewport}${path.replaceAll('/', '-')}${urls.length > 1 ? `-${i + 1}` : ''}`;
        await page.screenshot({ path: artifact(`gate/${name}.png`), fullPage: true });
        if (viewport === 'phone') {
          // Scrolled down, the shell's compact header (and back-to-top) come in: their touch targets, at both widths.
          found.push(...(await scrolledPhoneFindings(page)), ...watcher.take());
          await page.screenshot({ path: artifact(`gate/${name}-scrolled.png`), clip: SCROLLED_CLIP });
        }
        findings.push(...(urls.length > 1 ? found.map((f) => `${url}: ${f}`) : found));
        expect(knownPath([path], new URL(page.url()).pathname), `stayed on the page (at ${page.url()})`).toBe(true);
      }
      expect(findings).toEqual([]);
    });
  });
});
