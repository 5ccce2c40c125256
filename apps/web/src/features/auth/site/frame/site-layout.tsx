import {
  HomeOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { SideNavFrame, sideNavLinkClass, sideNavStyles } from '../../../../components/side-nav-frame.tsx';
import { useSession } from '../../../../stores/session.ts';
import { AUTH_PATHS } from '../../lib/auth-links.ts';
import styles from './site.module.css';

/** The account site's own router paths (it is served by this app under /auth). */
export const SITE_BASE = '/auth';
export const sitePath = (path: string) => `${SITE_BASE}${path}`;

/** Where a studio's link points inside this site, when it does (a studio may also live elsewhere). */
const studioRoute = (toUrl: string) => (toUrl.startsWith(`${SITE_BASE}/`) ? toUrl : null);

const Label = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <>
    {icon}
    <span className={sideNavStyles.label}>{text}</span>
  </>
);

/** The logged-in user's places on the account site, and their studios. */
const SiteNav = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { user, memberId, studios } = useSession();
  const member = user?.memberId ?? memberId;
  const memberQuery = member ? `?memberId=${encodeURIComponent(member)}` : '';
  const roleQuery =
    user?.roleTypeId != null && user.roleId != null ? `?roleTypeId=${user.roleTypeId}&roleId=${user.roleId}` : '';
  const items = [
    {
      to: `${sitePath(AUTH_PATHS.personalCenter)}${memberQuery}`,
      text: '个人中心',
      icon: <HomeOutlined aria-hidden />,
    },
    {
      to: `${sitePath(AUTH_PATHS.trainingCenter)}${memberQuery}`,
      text: '研修中心',
      icon: <ReadOutlined aria-hidden />,
    },
    {
      to: `${sitePath(AUTH_PATHS.securitySettings)}${roleQuery}`,
      text: '安全设置',
      icon: <SafetyCertificateOutlined aria-hidden />,
    },
  ];
  return (
    <nav aria-label="账号中心导航">
      <ul className={sideNavStyles.list}>
        {items.map((item) => (
          <li key={item.text}>
            <NavLink to={item.to} className={sideNavLinkClass} onClick={onNavigate}>
              <Label icon={item.icon} text={item.text} />
            </NavLink>
          </li>
        ))}
      </ul>
      <div className={sideNavStyles.heading}>我的工作室</div>
      {studios.length === 0 ? (
        <p className={sideNavStyles.empty}>暂未加入工作室</p>
      ) : (
        <ul className={sideNavStyles.list}>
          {studios.map((studio) => {
            const route = studioRoute(studio.toUrl);
            const label = <Label icon={<TeamOutlined aria-hidden />} text={studio.name} />;
            return (
              <li key={`${studio.name}-${studio.toUrl}`}>
                {route ? (
                  <NavLink to={route} className={sideNavLinkClass} onClick={onNavigate}>
                    {label}
                  </NavLink>
                ) : (
                  <a href={studio.toUrl} className={sideNavStyles.link}>
                    {label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
};

const siteLinks = (className: string | undefined) => (
  <nav className={className} aria-label="站点">
    <Link to="/home/index">返回资源库</Link>
    <Link to="/pcourse/index">精品课堂</Link>
  </nav>
);

/**
 * The account site's frame (个人中心, 研修中心, 安全设置, studios, registration and password recovery): its header
 * with the site links and the caller's user menu or login button, a side navigation for a logged-in user (a drawer
 * on narrow screens), and the footer. A visitor (registering, recovering a password, reading a studio) gets the
 * content at full width.
 */
export const AccountSiteLayout = ({
  headerActions,
  footer,
  overlays,
}: {
  headerActions?: (compact: boolean) => ReactNode;
  footer?: ReactNode;
  overlays?: ReactNode;
}) => {
  const { loggedIn } = useSession();
  return (
    <SideNavFrame
      brand={{
        to: loggedIn ? sitePath(AUTH_PATHS.personalCenter) : '/home/index',
        mark: loggedIn ? <HomeOutlined /> : <UserAddOutlined />,
        name: '账号中心',
        sub: <span className={styles.brandSub}>资源库 · 教师服务</span>,
      }}
      links={siteLinks}
      nav={(onNavigate) => <SiteNav onNavigate={onNavigate} />}
      showNav={loggedIn}
      menuLabel="账号中心菜单"
      headerActions={headerActions}
      footer={footer}
      overlays={overlays}
    />
  );
};
