import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ChunkLoadFailure } from '../../features/errors/components/chunk-load-failure.tsx';
import { ErrorPage } from '../../features/errors/components/error-page.tsx';
import { ChunkLoadError } from '../../lib/lazy-route.ts';

/** What the router shows when a route fails: chunk loading problems get their own message, the rest is a 500. */
export const RouteError = () => {
  const error = useRouteError();
  if (error instanceof ChunkLoadError) return <ChunkLoadFailure kind={error.kind} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage code={404} />;
  console.error(error);
  return <ErrorPage code={500} />;
};
