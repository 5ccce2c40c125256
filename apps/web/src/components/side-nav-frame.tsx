import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import styles from './side-nav-frame.module.css';

/** The class of a side-navigation link, marked while its page is open (for react-router's NavLink). */
export const sideNavLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink;

/** Class names for the navigation a frame's caller draws: lists, group labels, headings, links. */
export const sideNavStyles = {
  list: styles.nav,
  subList: styles.subNav,
  group: styles.navGroup,
  heading: styles.navHeading,
  empty: styles.navEmpty,
  link: styles.navLink,
  /** A link's text that may be cut short with an ellipsis (a long studio name). */
  label: styles.navLabel,
} as const;

export interface SideNavFrameProps {
  /** Where the brand leads, its round mark, its name and a second line (hidden on narrow screens). */
  brand: { to: string; mark: ReactNode; name: string; sub?: ReactNode };
  /** The site links of the header (and of the drawer on narrow screens), given the class for where they sit. */
  links: (className: string | undefined) => ReactNode;
  /** The side navigation; `onNavigate` runs when a link is followed (closes the drawer). */
  nav: (onNavigate?: () => void) => ReactNode;
  /** Below the navigation, in the side column and in the drawer. */
  sideExtras?: ReactNode;
  /** False draws the content at full width with no navigation (a visitor on the account site). */
  showNav?: boolean;
  /** The accessible name of the menu button that opens the drawer. */
  menuLabel: string;
  /** Right end of the header, told whether the screen is narrow: unread badge, user menu or login button. */
  headerActions?: (compact: boolean) => ReactNode;
  /** Extra class of the main column (pages lay out their sections with it). */
  contentClassName?: string;
  footer?: ReactNode;
  overlays?: ReactNode;
}

/**
 * A frame with its own header and a side navigation: personal space and the account site. Below antd's lg
 * breakpoint the navigation and the site links move into a drawer opened from the header's menu button.
 */
export const SideNavFrame = ({
  brand,
  links,
  nav,
  sideExtras,
  showNav = true,
  menuLabel,
  headerActions,
  contentClassName,
  footer,
  overlays,
}: SideNavFrameProps) => {
  const screens = Grid.useBreakpoint();
  // Before the first measurement the breakpoints are undefined: desktop, the layout effect corrects it before paint.
  const compact = screens.lg === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const brandWords = (
    <span className={styles.brandWords}>
      <span className={styles.brandName}>{brand.name}</span>
      {brand.sub}
    </span>
  );
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`zyk-container ${styles.headerInner}`}>
          {compact && showNav && (
            <Button
              type="text"
              size="large"
              className={styles.menuButton}
              icon={<MenuOutlined aria-hidden />}
              aria-label={menuLabel}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            />
          )}
          <Link to={brand.to} className={styles.brand}>
            {!compact && (
              <span className={styles.mark} aria-hidden>
                {brand.mark}
              </span>
            )}
            {compact ? (
              <span className={styles.brandWords}>
                <span className={styles.brandName}>{brand.name}</span>
              </span>
            ) : (
              brandWords
            )}
          </Link>
          {!compact && links(styles.headerLinks)}
          <div className={styles.headerActions}>{headerActions?.(compact)}</div>
        </div>
      </header>
      <div className={`zyk-container ${showNav ? styles.body : styles.bodyWide}`}>
        {showNav &&
          (compact ? (
            <Drawer
              placement="left"
              size={300}
              open={menuOpen}
              onClose={closeMenu}
              title={brandWords}
              classNames={{ body: styles.drawerBody }}
            >
              {nav(closeMenu)}
              {links(styles.drawerLinks)}
              {sideExtras}
            </Drawer>
          ) : (
            <aside className={styles.side}>
              {nav()}
              {sideExtras}
            </aside>
          ))}
        <main className={contentClassName ? `${styles.content} ${contentClassName}` : styles.content}>
          <Outlet />
        </main>
      </div>
      {footer}
      {overlays}
    </div>
  );
};
