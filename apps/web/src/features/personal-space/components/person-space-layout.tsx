import {
  BookOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  MailOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Grid } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useSession } from '../../../stores/session.ts';
import styles from './space.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  children?: { to: string; label: string }[];
  badge?: 'messages';
}

/** The screens of personal space that exist; the side navigation shows only these. */
const NAV: NavItem[] = [
  { to: '/personSpace/index', label: '空间首页', icon: <HomeOutlined aria-hidden /> },
  {
    to: '/personSpace/course',
    label: '我的课程',
    icon: <BookOutlined aria-hidden />,
    children: [
      { to: '/personSpace/course/course', label: '课程管理' },
      { to: '/personSpace/course/topic', label: '专题管理' },
    ],
  },
  { to: '/personSpace/resource', label: '我的资源', icon: <FolderOpenOutlined aria-hidden /> },
  { to: '/personSpace/verify', label: '实名认证', icon: <SafetyCertificateOutlined aria-hidden /> },
  {
    to: '/personSpace/account',
    label: '我的账户',
    icon: <WalletOutlined aria-hidden />,
    children: [
      { to: '/personSpace/account/income', label: '收入与提现' },
      { to: '/personSpace/account/expenditure', label: '支出与发票' },
    ],
  },
  { to: '/personSpace/message', label: '我的消息', icon: <MailOutlined aria-hidden />, badge: 'messages' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink;

/** The screens of personal space as a list of links; `onNavigate` runs when one is followed (closes the drawer). */
const SpaceNav = ({ messageCount, onNavigate }: { messageCount?: ReactNode; onNavigate?: () => void }) => (
  <nav aria-label="个人空间导航">
    <ul className={styles.nav}>
      {NAV.map((item) => (
        <li key={item.to}>
          {item.children ? (
            <>
              <span className={styles.navGroup}>
                {item.icon}
                {item.label}
              </span>
              <ul className={styles.subNav}>
                {item.children.map((child) => (
                  <li key={child.to}>
                    <NavLink to={child.to} className={navClass} onClick={onNavigate}>
                      {child.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <NavLink to={item.to} className={navClass} onClick={onNavigate}>
              {item.icon}
              <span>{item.label}</span>
              {item.badge === 'messages' && messageCount}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  </nav>
);

const SiteLinks = ({ className }: { className?: string }) => (
  <nav className={className} aria-label="站点">
    <Link to="/home/index">资源库首页</Link>
    <a href="/pcourse" target="_blank" rel="noopener">
      精品课堂
    </a>
  </nav>
);

/**
 * Personal space's own frame: its header (the caller plugs in the unread badge and the user menu, told whether the
 * header is compact), the side navigation, links to the auth site's studios, training centre and security settings,
 * and the footer. Below antd's lg breakpoint the side navigation and the site links move into a drawer opened from
 * the header's menu button; below md antd's controls take their large size (40 px touch targets).
 */
export const PersonSpaceLayout = ({
  headerActions,
  messageCount,
  accountLinks,
  footer,
  overlays,
}: {
  headerActions?: (compact: boolean) => ReactNode;
  messageCount?: ReactNode;
  accountLinks?: ReactNode;
  footer?: ReactNode;
  overlays?: ReactNode;
}) => {
  const { user } = useSession();
  const screens = Grid.useBreakpoint();
  // Before the first measurement the breakpoints are undefined: desktop, the layout effect corrects it before paint.
  const compact = screens.lg === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const userLine = user && (
    <span className={styles.brandUser} data-testid="space-user">
      {user.realName || user.userName}
      {user.stageName ? ` · ${[user.stageName, user.subjectName].filter(Boolean).join(' ')}` : ''}
    </span>
  );
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`zyk-container ${styles.headerInner}`}>
          {compact && (
            <Button
              type="text"
              size="large"
              className={styles.menuButton}
              icon={<MenuOutlined aria-hidden />}
              aria-label="个人空间菜单"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            />
          )}
          <Link to="/personSpace/index" className={styles.brand}>
            {!compact && (
              <span className={styles.avatar} aria-hidden>
                {user?.realName?.slice(0, 1) ?? '我'}
              </span>
            )}
            <span className={styles.brandWords}>
              <span className={styles.brandName}>个人空间</span>
              {!compact && userLine}
            </span>
          </Link>
          {!compact && <SiteLinks className={styles.headerLinks} />}
          <div className={styles.headerActions}>{headerActions?.(compact)}</div>
        </div>
      </header>
      <div className={`zyk-container ${styles.body}`}>
        {compact ? (
          <Drawer
            placement="left"
            size={300}
            open={menuOpen}
            onClose={closeMenu}
            title={
              <span className={styles.brandWords}>
                <span className={styles.brandName}>个人空间</span>
                {userLine}
              </span>
            }
            classNames={{ body: styles.drawerBody }}
          >
            <SpaceNav messageCount={messageCount} onNavigate={closeMenu} />
            <SiteLinks className={styles.drawerLinks} />
            {accountLinks && <div className={styles.accountLinks}>{accountLinks}</div>}
          </Drawer>
        ) : (
          <aside className={styles.side}>
            <SpaceNav messageCount={messageCount} />
            {accountLinks && <div className={styles.accountLinks}>{accountLinks}</div>}
          </aside>
        )}
        <main className={styles.content}>
          <Outlet />
        </main>
      </div>
      {footer}
      {overlays}
    </div>
  );
};
