import { useState } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { deepestHandle } from '../../../lib/route-handle.ts';
import { type Crumb, nextTrail, visibleTrail } from '../lib/trail.ts';

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
          );
    setState({ key: location.key, trail });
  }

  if (!current || current.handle.noBreadcrumb) return null;
  return visibleTrail(state.trail);
};
