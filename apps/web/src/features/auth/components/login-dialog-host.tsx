import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadChunk } from '../../../lib/lazy-route.ts';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import { authKeys } from '../api/auth-keys.ts';
import type { LoginDialogProps } from './login-dialog.tsx';

const importDialog = () => import('./login-dialog.tsx');

/** Starts loading the dialog's code early (the login button calls it on hover and focus). */
export const preloadLoginDialog = () => {
  importDialog().catch(() => {
    // reported when the dialog is actually opened
  });
};

type Loaded = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; Dialog: ComponentType<LoginDialogProps> };

/**
 * Renders the login dialog wherever the store says it is open (header button, personal space tab, upload button).
 * The dialog, its form and crypto-js are a separate chunk, fetched the first time the dialog opens. After a login
 * the user is taken where the login started from, when that was given (personal space).
 */
export const LoginDialogHost = () => {
  const { loginDialog } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });

  useEffect(() => {
    if (!loginDialog.open || loaded.state !== 'idle') return;
    setLoaded({ state: 'loading' });
    loadChunk(importDialog).then(
      (module) => setLoaded({ state: 'ready', Dialog: module.LoginDialog }),
      () => setLoaded({ state: 'failed' }),
    );
  }, [loginDialog.open, loaded.state]);

  const onLoggedIn = () => {
    const target = loginDialog.redirectTo;
    sessionActions.closeLogin();
    // What was loaded as a visitor may differ for the user (stars, purchases): load it again.
    void refetchAfterWrite(queryClient, { predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    if (target) navigate(target);
  };

  if (loaded.state === 'ready') {
    const { Dialog } = loaded;
    return <Dialog open={loginDialog.open} onClose={sessionActions.closeLogin} onLoggedIn={onLoggedIn} />;
  }
  if (!loginDialog.open) return null;
  if (loaded.state === 'failed') {
    return (
      <Modal
        open
        title="账号登录"
        width={358}
        centered
        onCancel={() => {
          sessionActions.closeLogin();
          setLoaded({ state: 'idle' });
        }}
        footer={
          <Button type="primary" onClick={() => setLoaded({ state: 'idle' })}>
            重试
          </Button>
        }
      >
        登录模块加载失败，请检查网络后重试。
      </Modal>
    );
  }
  return <div className="zyk-route-progress" role="progressbar" aria-label="登录加载中" />;
};
