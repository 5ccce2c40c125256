import {
  BookOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { SideNavFrame, sideNavLinkClass, sideNavStyles } from '../../../components/side-nav-frame.tsx';
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

/** The screens of personal space as a list of links; `onNavigate` runs when one is followed (closes the drawer). */
const SpaceNav = ({ messageCount, onNavigate }: { messageCount?: ReactNode; onNavigate?: () => void }) => (
  <nav aria-label="个人空间导航">
    <ul className={sideNavStyles.list}>
      {NAV.map((item) => (
        <li key={item.to}>
          {item.children ? (
            <>
              <span className={sideNavStyles.group}>
                {item.icon}
                {item.label}
              </span>
              <ul className={sideNavStyles.subList}>
                {item.children.map((child) => (
                  <li key={child.to}>
                    <NavLink to={child.to} className={sideNavLinkClass} onClick={onNavigate}>
                      {child.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <NavLink to={item.to} className={sideNavLinkClass} onClick={onNavigate}>
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

const siteLinks = (className: string | undefined) => (
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
 * and the footer; below antd's lg breakpoint the navigation is a drawer (components/side-nav-frame.tsx). Below md
 * antd's controls take their large size (40 px touch targets).
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
  return (
    <SideNavFrame
      brand={{
        to: '/personSpace/index',
        mark: user?.realName?.slice(0, 1) ?? '我',
        name: '个人空间',
        sub: user && (
          <span className={styles.brandUser} data-testid="space-user">
            {user.realName || user.userName}
            {user.stageName ? ` · ${[user.stageName, user.subjectName].filter(Boolean).join(' ')}` : ''}
          </span>
        ),
      }}
      links={siteLinks}
      nav={(onNavigate) => <SpaceNav messageCount={messageCount} onNavigate={onNavigate} />}
      sideExtras={accountLinks && <div className={styles.accountLinks}>{accountLinks}</div>}
      menuLabel="个人空间菜单"
      headerActions={headerActions}
      contentClassName={styles.content}
      footer={footer}
      overlays={overlays}
    />
  );
};
