import { UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '../../../lib/lazy-route.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import { preloadLoginDialog } from './login-dialog-host.tsx';
import { UserBadge } from './user-badge.tsx';

// The menu (antd Dropdown) is only for logged-in users: visitors never load it.
const UserMenu = lazy(() => loadChunk(() => import('./user-menu.tsx')).then((m) => ({ default: m.UserMenu })));

/**
 * The header's right end: 登录 for visitors, the user and their menu once logged in. `unread` is the unread
 * message count the menu shows (the messages feature provides it).
 */
export const AuthActions = ({ compact = false, unread = 0 }: { compact?: boolean; unread?: number }) => {
  const { loggedIn } = useSession();
  // A click on the badge before the menu has loaded is not lost: the menu opens when it arrives.
  const [openOnArrival, setOpenOnArrival] = useState(false);
  if (loggedIn) {
    return (
      <Suspense
        fallback={
          <UserBadge
            compact={compact}
            unread={unread}
            aria-haspopup="menu"
            aria-expanded={false}
            onClick={() => setOpenOnArrival(true)}
          />
        }
      >
        <UserMenu compact={compact} unread={unread} openAtStart={openOnArrival} />
      </Suspense>
    );
  }
  return (
    <Button
      type="primary"
      icon={<UserOutlined aria-hidden />}
      aria-haspopup="dialog"
      onMouseEnter={preloadLoginDialog}
      onFocus={preloadLoginDialog}
      onClick={() => sessionActions.openLogin()}
    >
      登录
    </Button>
  );
};
