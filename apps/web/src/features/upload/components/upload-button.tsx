import { Button, Modal } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { loadChunk } from '../../../lib/lazy-route.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import styles from './upload-button.module.css';
import type { UploadDialogsProps } from './upload-dialogs.tsx';

const importDialogs = () => import('./upload-dialogs.tsx');

/** Starts loading the dialogs early (on hover and focus). */
const preloadDialogs = () => {
  importDialogs().catch(() => {
    // reported when the dialogs are actually needed
  });
};

type Loaded = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; Dialogs: ComponentType<UploadDialogsProps> };

/**
 * The tab bar's 上传 button. A visitor gets the login dialog and, once logged in, carries on to
 * the upload choice; a user gets the choice (文档 / 视频), then the originality statement, then the upload screen.
 * Everything past the button is its own chunk, fetched the first time it is needed, so the home page carries
 * only this.
 */
export const UploadButton = () => {
  const { loggedIn, loginDialog } = useSession();
  /** Bumped for each opening, so the dialogs start afresh at the choice. */
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const [afterLogin, setAfterLogin] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });

  // The login dialog this button opened has closed: logged in → on to the choice; cancelled → nothing.
  useEffect(() => {
    if (!afterLogin || loginDialog.open) return;
    setAfterLogin(false);
    if (loggedIn) {
      setOpened((n) => n + 1);
      setOpen(true);
    }
  }, [afterLogin, loginDialog.open, loggedIn]);

  useEffect(() => {
    if (!open || loaded.state !== 'idle') return;
    setLoaded({ state: 'loading' });
    loadChunk(importDialogs).then(
      (module) => setLoaded({ state: 'ready', Dialogs: module.UploadDialogs }),
      () => setLoaded({ state: 'failed' }),
    );
  }, [open, loaded.state]);

  const start = () => {
    if (!loggedIn) {
      setAfterLogin(true);
      sessionActions.openLogin();
      return;
    }
    setOpened((n) => n + 1);
    setOpen(true);
  };
  const close = () => setOpen(false);

  let dialogs = null;
  if (loaded.state === 'ready') {
    const { Dialogs } = loaded;
    dialogs = <Dialogs key={opened} open={open} onClose={close} />;
  } else if (open && loaded.state === 'failed') {
    dialogs = (
      <Modal
        open
        title="上传"
        width={358}
        centered
        onCancel={() => {
          close();
          setLoaded({ state: 'idle' });
        }}
        footer={
          <Button autoInsertSpace={false} type="primary" onClick={() => setLoaded({ state: 'idle' })}>
            重试
          </Button>
        }
      >
        上传模块加载失败，请检查网络后重试。
      </Modal>
    );
  } else if (open) {
    dialogs = <div className="zyk-route-progress" role="progressbar" aria-label="上传模块加载中" />;
  }

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onMouseEnter={preloadDialogs}
        onFocus={preloadDialogs}
        onClick={start}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 4l-5 5h3v6h4V9h3l-5-5zM5 18v2h14v-2H5z" />
        </svg>
        上传
      </button>
      {dialogs}
    </>
  );
};
