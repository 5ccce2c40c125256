import { TITLES } from '@zyk/shared';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import styles from './classroom.module.css';

const NAV = [
  { to: '/pcourse/index', label: '课堂首页' },
  { to: '/pcourse/topic', label: '专题' },
  { to: '/pcourse/allcourse', label: '全部课程' },
] as const;

/**
 * The boutique classroom's own frame (it opens in a window of its own): its title and navigation, a way back to
 * the resource library, and the identity actions and footer the caller plugs in.
 */
export const ClassroomLayout = ({
  actions,
  footer,
  overlays,
}: {
  actions?: ReactNode;
  footer?: ReactNode;
  overlays?: ReactNode;
}) => (
  <div className={styles.shell}>
    <header className={styles.header}>
      <div className={`zyk-container ${styles.headerInner}`}>
        <Link to="/pcourse/index" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden>
            课
          </span>
          <span className={styles.brandName}>{TITLES.boutique}</span>
        </Link>
        {/* On phones this is a row of its own under the brand, scrolling sideways when it does not fit. */}
        <div className={styles.links}>
          <nav className={styles.nav} aria-label="精品课堂导航">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink)}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <Link to="/home/index" className={styles.backLink}>
            返回{TITLES.library}
          </Link>
        </div>
        {actions && <div className={styles.account}>{actions}</div>}
      </div>
    </header>
    <main className={styles.main}>
      <Outlet />
    </main>

    {footer}
    {overlays}
  </div>
);
