import { z } from '@zyk/shared';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../lib/session-storage.ts';

/**
 * Who is logged in, as far as this browser tab knows: the logged-in flag, the member id, the
 * user info and the studio list, kept for the tab in sessionStorage so a reload shows the user at once; the session
 * guard confirms or clears it with the server before every navigation. Also the login dialog's open state, since
 * several places open it (header button, personal space tab, upload button).
 */
export const LOGGED_IN_KEY = 'isLogin';
export const MEMBER_ID_KEY = 'memberId';
export const USER_KEY = 'zyk.user';
export const STUDIOS_KEY = 'zyk.studios';

const userInfo = z.object({
  memberId: z.string(),
  realName: z.string(),
  userName: z.string(),
  scStage: z.number().nullable(),
  special: z.number().nullable(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  roleTypeId: z.number().nullable(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  /** Holds an administrative permission (the user menu offers 管理后台). */
  hasConsole: z.boolean().default(false),
});
export type UserInfo = z.infer<typeof userInfo>;

const studio = z.object({ name: z.string(), toUrl: z.string() });
export type Studio = z.infer<typeof studio>;

export interface LoginDialogState {
  open: boolean;
  /** Where to go once logged in (personal space when login started there); null stays on the page. */
  redirectTo: string | null;
}

export interface SessionState {
  loggedIn: boolean;
  memberId: string | null;
  user: UserInfo | null;
  studios: Studio[];
  loginDialog: LoginDialogState;
}

const initialState = (): SessionState => {
  const loggedIn = sessionStore.get(LOGGED_IN_KEY) === '1';
  return {
    loggedIn,
    memberId: loggedIn ? sessionStore.get(MEMBER_ID_KEY) : null,
    user: loggedIn ? sessionStore.getJson(USER_KEY, (value) => userInfo.safeParse(value).data ?? null) : null,
    studios: loggedIn
      ? (sessionStore.getJson(STUDIOS_KEY, (value) => z.array(studio).safeParse(value).data ?? null) ?? [])
      : [],
    loginDialog: { open: false, redirectTo: null },
  };
};

let state: SessionState | undefined;
const listeners = new Set<() => void>();

export const getSession = (): SessionState => {
  state ??= initialState();
  return state;
};

const setState = (patch: Partial<SessionState>) => {
  state = { ...getSession(), ...patch };
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * What prerendered markup shows (the home page's first paint, built without a session): hydration starts from it
 * and then moves to this tab's real state.
 */
const PRERENDERED: SessionState = {
  loggedIn: false,
  memberId: null,
  user: null,
  studios: [],
  loginDialog: { open: false, redirectTo: null },
};

export const useSession = (): SessionState => useSyncExternalStore(subscribe, getSession, () => PRERENDERED);

export const sessionActions = {
  /** The server says this tab's cookie is a live session (after login, or found by the guard). */
  markLoggedIn(memberId?: string | null) {
    sessionStore.set(LOGGED_IN_KEY, '1');
    const patch: Partial<SessionState> = { loggedIn: true };
    if (memberId) {
      sessionStore.set(MEMBER_ID_KEY, memberId);
      patch.memberId = memberId;
    }
    if (!getSession().loggedIn || memberId) setState(patch);
  },
  /** Fresh user info and studio list from the personal centre. */
  setUser(user: UserInfo, studios: Studio[]) {
    sessionStore.set(USER_KEY, JSON.stringify(user));
    sessionStore.set(STUDIOS_KEY, JSON.stringify(studios));
    sessionStore.set(MEMBER_ID_KEY, user.memberId);
    setState({ user, studios, memberId: user.memberId });
  },
  /** Not logged in (any more): forget the flag, the member id, the user info and the studios. */
  clear() {
    for (const key of [LOGGED_IN_KEY, MEMBER_ID_KEY, USER_KEY, STUDIOS_KEY]) sessionStore.remove(key);
    const current = getSession();
    if (!current.loggedIn && current.user === null && current.memberId === null && current.studios.length === 0) return;
    setState({ loggedIn: false, memberId: null, user: null, studios: [] });
  },
  /** Opens the login dialog; `redirectTo` is where to go after a successful login. */
  openLogin(options: { redirectTo?: string | null } = {}) {
    setState({ loginDialog: { open: true, redirectTo: options.redirectTo ?? null } });
  },
  closeLogin() {
    setState({ loginDialog: { open: false, redirectTo: null } });
  },
};
