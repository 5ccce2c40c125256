import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { ComponentPropsWithRef } from 'react';
import { useSession } from '../../../stores/session.ts';
import styles from './user-badge.module.css';

/**
 * The logged-in user in the header: initial, real name and role. It is the user menu's trigger; the menu itself is
 * loaded on demand, and until it is, the badge is shown on its own. Extra props (from the menu) go to the button.
 */
export const UserBadge = ({
  compact = false,
  unread = 0,
  ...props
}: { compact?: boolean; unread?: number } & ComponentPropsWithRef<'button'>) => {
  const { user } = useSession();
  const name = user?.realName || user?.userName || '我的账号';
  return (
    <button
      type="button"
      {...props}
      className={compact ? `${styles.trigger} ${styles.compact}` : styles.trigger}
      data-testid="user-menu"
    >
      <span className={styles.avatar} aria-hidden>
        {user?.realName ? user.realName.slice(0, 1) : <UserOutlined />}
        {unread > 0 && <span className={styles.unreadDot} data-testid="user-menu-unread" />}
      </span>
      <span className={styles.words}>
        <span className={styles.name}>{name}</span>
        {!compact && user?.roleName && <span className={styles.role}>{user.roleName}</span>}
      </span>
      <DownOutlined aria-hidden className={styles.caret} />
    </button>
  );
};
