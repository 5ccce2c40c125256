import { errorText, isUnauthorized } from '../../../lib/api-result.ts';
import type { Toast } from '../../../lib/toast.ts';
import { getSession, sessionActions } from '../../../stores/session.ts';

/** Login-only actions (star, collect, comment, download, report): a visitor gets the login dialog instead. */
export const ensureLoggedIn = (): boolean => {
  if (getSession().loggedIn) return true;
  sessionActions.openLogin();
  return false;
};

/**
 * A refused action shows the server's message. A session that has ended meanwhile (401) turns this tab back
 * into a visitor and offers the login dialog.
 */
export const reportActionError = (toast: Toast, error: unknown, fallback = '操作失败，请稍后重试') => {
  if (isUnauthorized(error)) {
    sessionActions.clear();
    sessionActions.openLogin();
    void toast.warning('登录已失效，请重新登录');
    return;
  }
  void toast.error(errorText(error, fallback));
};
