import type { UIMatch } from 'react-router-dom';

/** Metadata every route carries in its `handle`. */
export interface RouteHandle {
  /** Breadcrumb text of the route. */
  title?: string;
  /** Position of the route in the breadcrumb trail (default 1): the trail is trimmed or extended to it. */
  breadNumber?: number;
  /** The route shows no breadcrumb at all (the home page). */
  noBreadcrumb?: boolean;
}

export const handleOf = (match: UIMatch | undefined): RouteHandle => (match?.handle ?? {}) as RouteHandle;

/** The deepest matched route that says something about itself. */
export const deepestHandle = (matches: UIMatch[]): { match: UIMatch; handle: RouteHandle } | undefined => {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = handleOf(match);
    if (match && (handle.title !== undefined || handle.noBreadcrumb)) return { match, handle };
  }
  return undefined;
};
