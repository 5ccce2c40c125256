import { createBrowserRouter, type RouteObject, redirect } from 'react-router-dom';
import { loadChunk } from '../lib/lazy-route.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { RoutePending } from './routes/route-pending.tsx';

const handle = (value: RouteHandle) => value;

const errorPages = () => loadChunk(() => import('./routes/error-pages.tsx'));

/** SPEC.md §2 routes that exist so far; each page area is its own chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RoutePending />,
    children: [
      { index: true, loader: () => redirect('/home') },
      {
        path: 'home',
        lazy: () => loadChunk(() => import('./routes/home-layout.tsx')),
        children: [
          { index: true, loader: () => redirect('/home/index') },
          {
            path: 'index',
            handle: handle({ title: '首页', breadNumber: 1, noBreadcrumb: true }),
            lazy: () => loadChunk(() => import('./routes/home-index.tsx')),
          },
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
