import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * After a write: marks the matching queries stale and asks again, also those whose first request is still out.
 * TanStack Query (v5) lets a refetch of a query that has no data yet join the request in flight, which may have been
 * answered from before the write (its `cancelRefetch` applies only to queries with data); cancelling first makes the
 * next request start after the write. Cancelling a query that has data puts its data back, so nothing flickers.
 */
export const refetchAfterWrite = async (client: QueryClient, filters: QueryFilters) => {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
};
