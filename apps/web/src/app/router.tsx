import { createBrowserRouter, type RouteObject, redirect } from 'react-router-dom';
import { sessionGuardMiddleware } from '../features/auth/lib/session-guard.ts';
import { prefetchHome } from '../features/home/api/prefetch-home.ts';
import { loadChunk } from '../lib/lazy-route.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { queryClient } from './query-client.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { InitialPending } from './routes/route-pending.tsx';

const handle = (value: RouteHandle) => value;

/** An index route that only redirects; its empty element keeps react-router from warning about a missing one. */
const redirectIndex = (to: string): RouteObject => ({ index: true, loader: () => redirect(to), element: null });

const errorPages = () => loadChunk(() => import('./routes/error-pages.tsx'));

const resourceLists = () => loadChunk(() => import('./routes/resource-list.tsx'));

/** Both upload screens (documents, video) share one chunk. */
const uploadScreens = () => loadChunk(() => import('./routes/upload.tsx'));

/**
 * A resource type's list (depth 2, kept alive) with its details page below it (depth 3): the details are a child
 * route, so the list stays mounted (hidden) while they show.
 */
const resourceRoutes = (
  path: string,
  title: string,
  list: 'MicroCourseList' | 'DocumentList' | 'AchievementList',
): RouteObject[] => [
  {
    path,
    handle: handle({ title, breadNumber: 2 }),
    lazy: async () => ({ Component: (await resourceLists())[list] }),
    children: [
      {
        path: 'details',
        handle: handle({ title: '资源详情', breadNumber: 3 }),
        lazy: () => loadChunk(() => import('./routes/resource-details.tsx')),
      },
    ],
  },
];

/** The boutique classroom's screens share one chunk, and so do personal space's. */
const classroom = () => loadChunk(() => import('./routes/classroom.tsx'));
const personSpace = () => loadChunk(() => import('./routes/person-space.tsx'));
/** Verification and the account screens (income, withdrawals, expenditure) are a chunk of their own. */
const account = () => loadChunk(() => import('./routes/person-space-account.tsx'));
/** /pay and /invoicing share a chunk and sit in the public shell. */
const payScreens = () => loadChunk(() => import('./routes/pay.tsx'));
const publicShell = () => loadChunk(() => import('./routes/home-layout.tsx'));

/**
 * Pages of an area whose parts are chunks: `page(path, title, part, exportName)` loads the part's chunk and shows the
 * named export; the export name is checked against the chunk's exports.
 */
const pagesOf =
  <Parts extends Record<string, () => Promise<object>>>(parts: Parts) =>
  <P extends keyof Parts>(
    path: string,
    title: string,
    part: P,
    page: keyof Awaited<ReturnType<Parts[P]>>,
  ): RouteObject => ({
    path,
    handle: handle({ title }),
    lazy: async () => {
      const module = (await parts[part]!()) as Record<PropertyKey, unknown>;
      return { Component: module[page] as React.ComponentType };
    },
  });

/** The administration console: its frame, then one chunk per part (the dashboard's charts load only there). */
const adminFrame = () => loadChunk(() => import('./routes/admin-layout.tsx'));
const adminParts = {
  dashboard: () => loadChunk(() => import('./routes/admin-dashboard.tsx')),
  review: () => loadChunk(() => import('./routes/admin-review.tsx')),
  people: () => loadChunk(() => import('./routes/admin-people.tsx')),
  money: () => loadChunk(() => import('./routes/admin-money.tsx')),
  curation: () => loadChunk(() => import('./routes/admin-curation.tsx')),
  catalogue: () => loadChunk(() => import('./routes/admin-catalogue.tsx')),
};
const adminPage = pagesOf(adminParts);

/** The account site (/auth): its frame, then one chunk per part. */
const authSiteFrame = () => loadChunk(() => import('./routes/auth-site-layout.tsx'));
const authParts = {
  register: () => loadChunk(() => import('./routes/auth-register.tsx')),
  centre: () => loadChunk(() => import('./routes/auth-centre.tsx')),
  security: () => loadChunk(() => import('./routes/auth-security.tsx')),
  training: () => loadChunk(() => import('./routes/auth-training.tsx')),
};
const authPage = pagesOf(authParts);

const accountPage = (
  path: string,
  title: string,
  page: 'Income' | 'WithdrawalRecords' | 'Withdrawal' | 'AfterTax' | 'Expenditure' | 'InvoiceRecords',
): RouteObject => ({
  path,
  handle: handle({ title }),
  lazy: async () => ({ Component: (await account())[page] }),
});

/** The routes that exist so far; each page area is its own chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    // The session guard runs before every navigation's loaders, ahead of the child routes' own
    // redirects; the no-op loader that always revalidates makes sure every navigation has loaders to run.
    middleware: [sessionGuardMiddleware],
    loader: () => null,
    shouldRevalidate: () => true,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialPending />,
    children: [
      redirectIndex('/home'),
      {
        path: 'home',
        lazy: () => loadChunk(() => import('./routes/home-layout.tsx')),
        children: [
          redirectIndex('/home/index'),
          {
            path: 'index',
            handle: handle({ title: '首页', breadNumber: 1, noBreadcrumb: true }),
            // Starts the page's requests alongside its lazy code instead of after it (largest contentful paint).
            loader: () => {
              prefetchHome(queryClient);
              return null;
            },
            lazy: () => loadChunk(() => import('./routes/home-index.tsx')),
          },
          {
            path: 'search',
            handle: handle({ title: '资源检索', breadNumber: 2 }),
            lazy: () => loadChunk(() => import('./routes/search.tsx')),
          },
          ...resourceRoutes('cousrseResources', '微课资源', 'MicroCourseList'),
          ...resourceRoutes('documents', '教学文档', 'DocumentList'),
          ...resourceRoutes('achievements', '教研成果', 'AchievementList'),
          {
            path: 'uploadDoc',
            handle: handle({ title: '上传文档', breadNumber: 2 }),
            lazy: async () => ({ Component: (await uploadScreens()).UploadDocument }),
          },
          {
            path: 'uploadVideo',
            handle: handle({ title: '上传视频', breadNumber: 2 }),
            lazy: async () => ({ Component: (await uploadScreens()).UploadVideo }),
          },
        ],
      },
      {
        path: 'coursePreview',
        handle: handle({ title: '课程观看' }),
        lazy: async () => ({ Component: (await classroom()).CoursePreview }),
      },
      {
        path: 'pcourse',
        lazy: async () => ({ Component: (await classroom()).Layout }),
        children: [
          redirectIndex('/pcourse/index'),
          {
            path: 'index',
            handle: handle({ title: '精品课堂' }),
            lazy: async () => ({ Component: (await classroom()).Index }),
          },
          {
            path: 'topic',
            handle: handle({ title: '专题' }),
            lazy: async () => ({ Component: (await classroom()).Topics }),
          },
          {
            path: 'allcourse',
            handle: handle({ title: '全部课程' }),
            lazy: async () => ({ Component: (await classroom()).AllCourses }),
          },
          {
            path: 'courseDetail',
            handle: handle({ title: '课程详情' }),
            lazy: async () => ({ Component: (await classroom()).CourseDetail }),
          },
          {
            path: 'topicDetail',
            handle: handle({ title: '专题详情' }),
            lazy: async () => ({ Component: (await classroom()).TopicDetail }),
          },
        ],
      },
      {
        path: 'personSpace',
        lazy: async () => ({ Component: (await personSpace()).Layout }),
        children: [
          redirectIndex('/personSpace/index'),
          {
            path: 'index',
            handle: handle({ title: '个人空间' }),
            lazy: async () => ({ Component: (await personSpace()).Index }),
          },
          {
            path: 'course',
            children: [
              redirectIndex('/personSpace/course/course'),
              {
                path: 'course',
                handle: handle({ title: '课程管理' }),
                lazy: async () => ({ Component: (await personSpace()).Courses }),
              },
              {
                path: 'topic',
                handle: handle({ title: '专题管理' }),
                lazy: async () => ({ Component: (await personSpace()).Topics }),
              },
            ],
          },
          {
            path: 'resource',
            handle: handle({ title: '我的资源' }),
            lazy: async () => ({ Component: (await personSpace()).Resources }),
          },
          {
            path: 'message',
            handle: handle({ title: '我的消息' }),
            lazy: async () => ({ Component: (await personSpace()).Messages }),
          },
          {
            path: 'verify',
            handle: handle({ title: '实名认证' }),
            lazy: async () => ({ Component: (await account()).Verify }),
          },
          {
            path: 'account',
            children: [
              redirectIndex('/personSpace/account/income'),
              {
                path: 'income',
                children: [
                  redirectIndex('/personSpace/account/income/income'),
                  accountPage('income', '我的收入', 'Income'),
                  accountPage('withdrawalRecords', '提现记录', 'WithdrawalRecords'),
                  accountPage('withdrawal', '申请提现', 'Withdrawal'),
                  accountPage('aftertaxincome', '税后收入', 'AfterTax'),
                ],
              },
              {
                path: 'expenditure',
                children: [
                  redirectIndex('/personSpace/account/expenditure/expenditure'),
                  accountPage('expenditure', '我的支出', 'Expenditure'),
                  accountPage('invoicerecords', '开票记录', 'InvoiceRecords'),
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'pay',
        lazy: publicShell,
        children: [
          {
            index: true,
            handle: handle({ title: '支付订单', breadNumber: 2 }),
            lazy: async () => ({ Component: (await payScreens()).Pay }),
          },
        ],
      },
      {
        path: 'invoicing',
        lazy: publicShell,
        children: [
          {
            index: true,
            handle: handle({ title: '申请开票', breadNumber: 2 }),
            lazy: async () => ({ Component: (await payScreens()).Invoicing }),
          },
        ],
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await adminFrame()).Layout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await adminFrame()).Home }) },
          adminPage('dashboard', '数据概览', 'dashboard', 'Dashboard'),
          adminPage('dict', '学段学科与地区', 'dashboard', 'Dict'),
          adminPage('workorders', '工单', 'dashboard', 'WorkOrders'),
          adminPage('audit', '操作日志', 'dashboard', 'Audit'),
          adminPage('review', '资源审核', 'review', 'ResourceReview'),
          adminPage('classroom-review', '课程与专题审核', 'review', 'ClassroomReview'),
          adminPage('reports', '举报处理', 'review', 'Reports'),
          adminPage('users', '用户管理', 'people', 'Users'),
          adminPage('roster', '名册导入', 'people', 'Roster'),
          adminPage('registrations', '注册审核', 'people', 'Registrations'),
          adminPage('schools', '学校管理', 'people', 'Schools'),
          adminPage('roles', '角色权限', 'people', 'Roles'),
          adminPage('verifications', '实名认证', 'money', 'Verifications'),
          adminPage('withdrawals', '提现审核', 'money', 'Withdrawals'),
          adminPage('invoices', '发票', 'money', 'Invoices'),
          adminPage('coupons', '优惠券', 'money', 'Coupons'),
          adminPage('refunds', '订单退款', 'money', 'Refunds'),
          adminPage('ledger', '账本核对', 'money', 'Ledger'),
          adminPage('banners', '首页横幅与公告', 'curation', 'Banners'),
          adminPage('featured', '精品课堂推荐', 'curation', 'Featured'),
          adminPage('catalogue', '教材目录', 'catalogue', 'Catalogue'),
        ],
      },
      {
        path: 'auth',
        lazy: async () => ({ Component: (await authSiteFrame()).Layout }),
        children: [
          redirectIndex('/auth/personalCenter'),
          authPage('register', '注册', 'register', 'Register'),
          authPage('forgetPassword', '找回密码', 'register', 'ForgotPassword'),
          authPage('personalCenter', '个人中心', 'centre', 'PersonalCenter'),
          authPage('studio/:code', '工作室', 'centre', 'Studio'),
          authPage('securitySettings', '安全设置', 'security', 'SecuritySettings'),
          authPage('trainingCenter', '研修中心', 'training', 'TrainingCenter'),
          authPage('trainingCenter/project', '研修项目', 'training', 'ProjectDetail'),
        ],
      },
      {
        path: 'error/404',
        handle: handle({ title: '页面不存在' }),
        lazy: async () => ({ Component: (await errorPages()).NotFound }),
      },
      {
        path: 'error/500',
        handle: handle({ title: '服务器错误' }),
        lazy: async () => ({ Component: (await errorPages()).ServerError }),
      },
      {
        path: 'error/502',
        handle: handle({ title: '服务不可用' }),
        lazy: async () => ({ Component: (await errorPages()).BadGateway }),
      },
      { path: '*', loader: () => redirect('/error/404') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
