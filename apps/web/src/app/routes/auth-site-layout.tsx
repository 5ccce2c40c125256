import { AuthActions } from '../../features/auth/components/auth-actions.tsx';
import { LoginDialogHost } from '../../features/auth/components/login-dialog-host.tsx';
import { AccountSiteLayout } from '../../features/auth/site/frame/site-layout.tsx';
import { useUnreadCount } from '../../features/messages/hooks/use-messages.ts';
import { SiteFooter } from '../../features/shell/components/site-footer.tsx';

/** /auth/*: the account site's frame with the user menu (or login button), the login dialog and the footer. */
export const Layout = () => {
  const unread = useUnreadCount().data ?? 0;
  return (
    <AccountSiteLayout
      headerActions={(compact) => <AuthActions compact={compact} unread={unread} />}
      footer={<SiteFooter />}
      overlays={<LoginDialogHost />}
    />
  );
};
