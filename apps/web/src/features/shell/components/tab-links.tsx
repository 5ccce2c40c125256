import { NavLink, useLocation } from 'react-router-dom';
import { enabledTabs, isTabActive } from '../config/tabs.ts';

/** The tabs as links; the boutique classroom opens in a new window. Class names come from the caller. */
export const TabLinks = ({ className, activeClassName }: { className: string; activeClassName: string }) => {
  const { pathname } = useLocation();
  return (
    <>
      {enabledTabs().map((tab) => {
        if (tab.newWindow) {
          return (
            <a key={tab.key} className={className} href={tab.to} target="_blank" rel="noopener">
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
