import { HomeOutlined, ReadOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useSession } from '../../../stores/session.ts';
import { authLinks } from '../lib/auth-links.ts';
import styles from './account-links.module.css';

/**
 * The places on the separate authentication site: the user's studios, the training centre,
 * the personal centre and the security settings. They open in a new window.
 */
export const AccountLinks = () => {
  const { user, studios, memberId } = useSession();
  const config = useClientConfig();
  const base = config.data?.authSiteUrl;
  const member = user?.memberId ?? memberId;
  if (config.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (base === undefined) return null;
  const links = [
    {
      key: 'center',
      href: authLinks.personalCenter(base, member),
      label: '个人中心',
      icon: <HomeOutlined aria-hidden />,
    },
    {
      key: 'training',
      href: authLinks.trainingCenter(base, member),
      label: '研修中心',
      icon: <ReadOutlined aria-hidden />,
    },
    {
      key: 'security',
      href: authLinks.securitySettings(base, user?.roleTypeId ?? null, user?.roleId ?? null),
      label: '安全设置',
      icon: <SafetyCertificateOutlined aria-hidden />,
    },
  ];
  return (
    <nav className={styles.box} aria-label="更多服务">
      <div className={styles.heading}>我的工作室</div>
      {studios.length === 0 ? (
        <div className={styles.empty}>暂未加入工作室</div>
      ) : (
        <ul className={styles.list}>
          {studios.map((studio) => (
            <li key={`${studio.name}-${studio.toUrl}`}>
              <a href={studio.toUrl} target="_blank" rel="noopener">
                <TeamOutlined aria-hidden /> {studio.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.heading}>更多服务</div>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} target="_blank" rel="noopener">
              {link.icon} {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
};
