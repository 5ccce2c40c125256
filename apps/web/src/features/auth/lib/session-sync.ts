import { selectionActions } from '../../../stores/selection.ts';
import { getSession, sessionActions } from '../../../stores/session.ts';
import { getAlreadyLogin, postLogout } from '../api/session.ts';
import { fetchUserInfo } from '../api/user-info.ts';
import { requiresLogin } from './guarded-paths.ts';
import { type LoginSelection, selectionOnLogin } from './selection-on-login.ts';

const applySelection = (action: LoginSelection) => {
  if (action.kind === 'apply') selectionActions.apply(action.stage, action.subject);
  else if (action.kind === 'pick') selectionActions.openPicker();
};

/**
 * Loads the user info and studio list into the session store and applies the user's stage/subject.
 * `sessionCheck` is the guard's refresh: the picker is left alone when the same user is still there.
 * Returns false when the server did not hand out the user (the session ended meanwhile).
 */
export const refreshUserInfo = async ({ sessionCheck }: { sessionCheck: boolean }): Promise<boolean> => {
  const previousUserName = getSession().user?.userName ?? null;
  const result = await fetchUserInfo();
  if (!result || !getSession().loggedIn) return false;
  sessionActions.setUser(result.user, result.studios);
  applySelection(selectionOnLogin(result.user, { sessionCheck, previousUserName }));
  return true;
};

let refreshing: Promise<unknown> | null = null;

/** The guard's refresh runs in the background, one at a time; it never holds up a navigation. */
const refreshInBackground = () => {
  if (refreshing) return;
  refreshing = refreshUserInfo({ sessionCheck: true })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
};

/**
 * The session guard, run before every navigation: ask the server whether this browser is logged in. Logged in:
 * keep the flag and refresh the user info. Not logged in: clear the local user data. Returns whether `pathname`
 * may be shown; personal space and upload paths need a login. Without a usable answer (network down) the tab's
 * own flag decides, so a flaky network neither logs anyone out nor lets a visitor in.
 */
export const checkSession = async (pathname: string): Promise<boolean> => {
  let loggedIn: boolean | null;
  try {
    loggedIn = await getAlreadyLogin();
  } catch {
    loggedIn = null;
  }
  if (loggedIn === true) {
    sessionActions.markLoggedIn();
    refreshInBackground();
  } else if (loggedIn === false) {
    sessionActions.clear();
  }
  const effective = loggedIn ?? getSession().loggedIn;
  return effective || !requiresLogin(pathname);
};

/**
 * After POST /api/newLogin succeeded: set the flag and member id, then load the user info and studios and apply
 * the user's stage/subject. A failure to load the info does not undo the login; the next
 * navigation's guard tries again.
 */
export const completeLogin = async (memberId: string): Promise<void> => {
  sessionActions.markLoggedIn(memberId);
  try {
    await refreshUserInfo({ sessionCheck: false });
  } catch {
    // the user is logged in all the same; the header shows a generic name until the next refresh
  }
};

/**
 * Logout: end the server session, then clear the user info, flag and member id and reset the
 * stage/subject to all. A request error rejects and changes nothing (the server session may still be live);
 * a non-zero code is ignored like everywhere else.
 */
export const logoutSession = async (): Promise<void> => {
  await postLogout();
  sessionActions.clear();
  selectionActions.resetToAll();
};
