import { TITLES } from '@zyk/shared';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';

/** The course viewing page's title (/coursePreview, 'course viewing'). */
export const COURSE_PREVIEW_TITLE = '课程观看';

/**
 * The boutique classroom has its own title, and so has the course viewing page; everything else is the resource
 * library.
 */
export const documentTitleFor = (pathname: string) => {
  if (pathname === '/coursePreview') return COURSE_PREVIEW_TITLE;
  return pathname.includes('/pcourse') ? TITLES.boutique : TITLES.library;
};

/** Behaviour common to every page: document title, scroll to top on navigation, a progress bar while loading. */
export const RootLayout = () => {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  return (
    <>
      {navigation.state !== 'idle' && <div className="zyk-route-progress" role="progressbar" aria-label="页面加载中" />}
      <Outlet />
    </>
  );
};
