/** One breadcrumb entry: where it leads and what it says. */
export interface Crumb {
  title: string;
  pathname: string;
}

export const HOME_CRUMB: Crumb = { title: '首页', pathname: '/home/index' };

/** A crumb that is a matched parent of the page (a list above its details), at its own depth. */
export interface AncestorCrumb {
  crumb: Crumb;
  breadNumber: number;
}

/**
 * Each route's breadNumber (default 1) trims the trail to the entries before it, then the route is
 * appended. Visiting a depth-2 list after a depth-3 detail therefore drops the detail. When the trail is too short
 * for the depth (a details page opened straight from the home page or a link), the gaps are filled with the
 * page's parent routes at their depths (home at depth 1), so details always sit below their list.
 */
export const nextTrail = (
  trail: readonly Crumb[],
  crumb: Crumb,
  breadNumber = 1,
  ancestors: readonly AncestorCrumb[] = [],
): Crumb[] => {
  const depth = Math.max(1, Math.floor(breadNumber));
  const kept = trail.slice(0, depth - 1);
  for (let position = kept.length + 1; position < depth; position++) {
    const parent = ancestors.find((a) => Math.floor(a.breadNumber) === position)?.crumb;
    const filler = parent ?? (position === 1 ? HOME_CRUMB : undefined);
    if (!filler) break; // nothing known for this level: never shift a crumb to a depth that is not its own
    kept.push(filler);
  }
  return [...kept, crumb];
};

/** What is shown: the trail always starts at home, and the personal space entry is replaced by home. */
export const visibleTrail = (trail: readonly Crumb[]): Crumb[] => {
  const mapped = trail.map((crumb) => (crumb.pathname.startsWith('/personSpace') ? HOME_CRUMB : crumb));
  const withHome = mapped[0]?.pathname === HOME_CRUMB.pathname ? mapped : [HOME_CRUMB, ...mapped];
  return withHome.filter((crumb, i) => i === 0 || crumb.pathname !== withHome[i - 1]?.pathname);
};
