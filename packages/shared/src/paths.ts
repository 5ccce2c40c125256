import type { PathParamNames, QueryInputOf, RouteDef } from './routes/define.ts';

/** A query string from plain values, in the object's key order; undefined and null are left out. */
export const toSearch = (query: Record<string, unknown> | undefined) => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

type ParamValues<D extends RouteDef> = { [K in PathParamNames<D['path']>]: string | number };
type PathArgs<D extends RouteDef> = [PathParamNames<D['path']>] extends [never]
  ? [params?: Record<string, never>, query?: QueryInputOf<D>]
  : [params: ParamValues<D>, query?: QueryInputOf<D>];

/**
 * A route's URL from the route table: its `:name` segments filled (URI-encoded) and, when given, a query string.
 * The product's paths are written once, in the contract; callers build links and upload addresses from it.
 */
export const pathOf = <D extends RouteDef>(route: D, ...[params, query]: PathArgs<D>): string => {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf(${route.path}): missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${toSearch(query as Record<string, unknown> | undefined)}`;
};
