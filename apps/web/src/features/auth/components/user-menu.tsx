import {
  AppstoreOutlined,
  ControlOutlined,
  HomeOutlined,
  LogoutOutlined,
  MailOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Badge, Dropdown, type MenuProps, message } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useSession } from '../../../stores/session.ts';
import { authLinks } from '../lib/auth-links.ts';
import { logoutSession } from '../lib/session-sync.ts';
import { UserBadge } from './user-badge.tsx';

const link = (href: string | undefined, text: string, newWindow = false) =>
  href === undefined ? (
    text
  ) : (
    <a href={href} {...(newWindow ? { target: '_blank', rel: 'noopener' } : {})}>
      {text}
    </a>
  );

/**
 * The user menu (loaded once logged in): personal space and its messages (with the unread count), 个人中心, 研修中心
 * and 安全设置 on the auth site, the user's studios, and 退出登录.
 * After logout, personal space is left for the home page; anywhere else the page reloads as a visitor.
 * `openAtStart`: the badge was clicked while the menu was loading, so it opens at once.
 */
export const UserMenu = ({
  compact = false,
  unread = 0,
  openAtStart = false,
}: {
  compact?: boolean;
  unread?: number;
  openAtStart?: boolean;
}) => {
  const [open, setOpen] = useState(openAtStart);
  const { user, studios, memberId } = useSession();
  const config = useClientConfig();
  const [toast, toastHolder] = message.useMessage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const authSite = config.data?.authSiteUrl;

  const logout = async () => {
    try {
      await logoutSession();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '退出登录失败，请稍后重试');
      return;
    }
    if (pathname === '/personSpace' || pathname.startsWith('/personSpace/')) navigate('/home/index', { replace: true });
    else window.location.reload();
  };

  const items: MenuProps['items'] = [
    {
      key: 'space',
      icon: <AppstoreOutlined aria-hidden />,
      label: <Link to="/personSpace/index">个人空间</Link>,
    },
    {
      key: 'messages',
      icon: <MailOutlined aria-hidden />,
      label: (
        <Link to="/personSpace/message" data-testid="user-menu-messages">
          我的消息 <Badge count={unread} size="small" overflowCount={99} />
        </Link>
      ),
    },
    ...(user?.hasConsole
      ? [
          {
            key: 'console',
            icon: <ControlOutlined aria-hidden />,
            label: (
              <Link to="/admin" data-testid="user-menu-console">
                管理后台
              </Link>
            ),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'center',
      icon: <HomeOutlined aria-hidden />,
      label: link(
        authSite === undefined ? undefined : authLinks.personalCenter(authSite, user?.memberId ?? memberId),
        '个人中心',
      ),
      disabled: authSite === undefined,
    },
    {
      key: 'training',
      icon: <ReadOutlined aria-hidden />,
      label: link(
        authSite === undefined ? undefined : authLinks.trainingCenter(authSite, user?.memberId ?? memberId),
        '研修中心',
      ),
      disabled: authSite === undefined,
    },
    {
      key: 'security',
      icon: <SafetyCertificateOutlined aria-hidden />,
      label: link(
        authSite === undefined
          ? undefined
          : authLinks.securitySettings(authSite, user?.roleTypeId ?? null, user?.roleId ?? null),
        '安全设置',
      ),
      disabled: authSite === undefined,
    },
    ...(studios.length > 0
      ? [
          { type: 'divider' as const },
          {
            type: 'group' as const,
            label: '我的工作室',
            children: studios.map((studio, i) => ({
              key: `studio-${i}`,
              icon: <TeamOutlined aria-hidden />,
              label: link(studio.toUrl, studio.name, true),
            })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', danger: true },
  ];

  return (
    <>
      {toastHolder}
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
          },
        }}
      >
        <UserBadge compact={compact} unread={unread} aria-haspopup="menu" aria-expanded={open} />
      </Dropdown>
    </>
  );
};
