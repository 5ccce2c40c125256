import { useState } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router-dom';
import { deepestHandle, handleOf } from '../../../lib/route-handle.ts';
import { type AncestorCrumb, type Crumb, nextTrail, visibleTrail } from '../lib/trail.ts';

/**
 * The breadcrumb trail for the current page, built up across navigations inside the shell; null when the page
 * shows no breadcrumb.
 */
export const useBreadcrumbTrail = (): Crumb[] | null => {
  const location = useLocation();
  const matches = useMatches();
  const current = deepestHandle(matches);
  const [state, setState] = useState<{ key: string | null; trail: Crumb[] }>({ key: null, trail: [] });

  // Derived from the previous render's trail, updated during render so the new page never shows the old trail.
  if (state.key !== location.key && current) {
    const trail =
      current.handle.title === undefined
        ? state.trail
        : nextTrail(
            state.trail,
            { title: current.handle.title, pathname: current.match.pathname },
            current.handle.breadNumber,
            ancestorsOf(matches, current.match),
          );
    setState({ key: location.key, trail });
  }

  if (!current || current.handle.noBreadcrumb) return null;
  return visibleTrail(state.trail);
};

/** The matched routes above the page that name themselves (a list above its details page). */
const ancestorsOf = (matches: UIMatch[], page: UIMatch): AncestorCrumb[] =>
  matches.flatMap((match) => {
    const handle = handleOf(match);
    if (match === page || handle.title === undefined || handle.noBreadcrumb) return [];
    return [{ crumb: { title: handle.title, pathname: match.pathname }, breadNumber: handle.breadNumber ?? 1 }];
  });
