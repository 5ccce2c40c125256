/** Where the account site goes when nothing (or nothing acceptable) names a way back. */
export const HOME_PATH = '/home/index';

/**
 * The address to return to after registering or recovering a password: `toUrl` when it is a path on this site (a
 * relative path, or an absolute address on this very origin, as the login dialog sends), else the home page. A
 * protocol-relative `//host` or a backslash trick never leaves the site, and the account-site pages themselves
 * are not a way back.
 */
export const returnPath = (toUrl: string | null, origin: string): string => {
  if (!toUrl) return HOME_PATH;
  const raw = toUrl.trim();
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 32)) return HOME_PATH;
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  if (!relative && !raw.startsWith(`${origin}/`)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== origin) return HOME_PATH;
  if (/^\/auth\/(register|forgetPassword)\b/.test(url.pathname)) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
};
