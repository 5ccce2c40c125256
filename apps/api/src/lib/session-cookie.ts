/** The cookie that carries a session token: read by the route guard (is anyone signed in?) and by the sessions plugin. */
export const SESSION_COOKIE = 'zyk_session';
