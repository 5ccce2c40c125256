import { NavLink, useLocation } from 'react-router-dom';
import { sessionActions, useSession } from '../../../stores/session.ts';
import { enabledTabs, isTabActive, opensLogin } from '../config/tabs.ts';

/**
 * The tabs as links; the boutique classroom opens in a new window, and a tab that needs a login (personal space)
 * opens the login dialog for visitors, going there after the login once its screens exist. Class names come from
 * the caller.
 */
export const TabLinks = ({ className, activeClassName }: { className: string; activeClassName: string }) => {
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  return (
    <>
      {enabledTabs(loggedIn).map((tab) => {
        if (tab.newWindow) {
          return (
            <a key={tab.key} className={className} href={tab.to} target="_blank" rel="noopener">
              {tab.label}
            </a>
          );
        }
        if (opensLogin(tab, loggedIn)) {
          return (
            <a
              key={tab.key}
              className={className}
              href={tab.to}
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                sessionActions.openLogin({ redirectTo: tab.enabled ? tab.to : null });
              }}
            >
              {tab.label}
            </a>
          );
        }
        const active = isTabActive(tab, pathname);
        return (
          <NavLink
            key={tab.key}
            to={tab.to}
            className={active ? `${className} ${activeClassName}` : className}
            aria-current={active ? 'page' : undefined}
          >
            {tab.label}
          </NavLink>
        );
      })}
    </>
  );
};
