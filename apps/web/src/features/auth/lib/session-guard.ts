import { type MiddlewareFunction, redirect } from 'react-router-dom';
import { VISITOR_HOME } from './guarded-paths.ts';
import { checkSession } from './session-sync.ts';

/**
 * The session guard as the root route's middleware: it runs before the loaders of every navigation
 * (the root route always revalidates, so there is always a loader to run). A visitor asking for personal space or
 * an upload screen is sent to the home page, before any other route gets a say.
 */
export const sessionGuardMiddleware: MiddlewareFunction = async ({ request }) => {
  const { pathname } = new URL(request.url);
  if (!(await checkSession(pathname))) throw redirect(VISITOR_HOME);
};
