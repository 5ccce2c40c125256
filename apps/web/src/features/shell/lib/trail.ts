/** One breadcrumb entry: where it leads and what it says. */
export interface Crumb {
  title: string;
  pathname: string;
}

export const HOME_CRUMB: Crumb = { title: '首页', pathname: '/home/index' };

/**
 * SPEC.md §2: each route's breadNumber (default 1) trims the trail to the entries before it, then the route is
 * appended. Visiting a depth-2 list after a depth-3 detail therefore drops the detail.
 */
export const nextTrail = (trail: readonly Crumb[], crumb: Crumb, breadNumber = 1): Crumb[] => {
  const depth = Math.max(1, Math.floor(breadNumber));
  return [...trail.slice(0, depth - 1), crumb];
};

/** What is shown: the trail always starts at home, and the personal space entry is replaced by home. */
export const visibleTrail = (trail: readonly Crumb[]): Crumb[] => {
  const mapped = trail.map((crumb) => (crumb.pathname.startsWith('/personSpace') ? HOME_CRUMB : crumb));
  const withHome = mapped[0]?.pathname === HOME_CRUMB.pathname ? mapped : [HOME_CRUMB, ...mapped];
  return withHome.filter((crumb, i) => i === 0 || crumb.pathname !== withHome[i - 1]?.pathname);
};
