/** Paths only a logged-in user may open (Guard): personal space, the upload screens and the console. */
export const UPLOAD_PATHS = ['/home/uploadDoc', '/home/uploadVideo'] as const;

export const requiresLogin = (pathname: string) =>
  pathname === '/personSpace' ||
  pathname.startsWith('/personSpace/') ||
  pathname === '/admin' ||
  pathname.startsWith('/admin/') ||
  UPLOAD_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Where a visitor is sent instead. */
export const VISITOR_HOME = '/home/index';
