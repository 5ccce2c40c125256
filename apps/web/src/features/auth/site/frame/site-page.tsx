import { LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { sessionActions, useSession } from '../../../../stores/session.ts';
import styles from './site.module.css';

/**
 * One page of the account site: its heading (with an optional action at the right) and its content. A page that
 * needs a logged-in user (`requireLogin`) shows a card asking a visitor to log in instead; the login dialog opens in
 * place and the page appears once the session exists. `narrow` centres a form-sized column (registration, recovery).
 */
export const SitePage = ({
  title,
  subtitle,
  extra,
  requireLogin = false,
  narrow = false,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  requireLogin?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) => {
  const { loggedIn } = useSession();
  const locked = requireLogin && !loggedIn;
  return (
    <section className={narrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <div className={styles.pageHeader}>
        <div>
          <h1 className={styles.pageTitle}>{title}</h1>
          {subtitle && !locked && <p className={styles.pageSubtitle}>{subtitle}</p>}
        </div>
        {extra && !locked && <div className={styles.pageExtra}>{extra}</div>}
      </div>
      {locked ? (
        <div className={styles.panel} data-testid="site-login-required">
          <Result
            icon={<LockOutlined aria-hidden />}
            title="请先登录"
            subTitle="登录后即可查看和管理本页内容。"
            extra={
              <Button type="primary" size="large" onClick={() => sessionActions.openLogin()}>
                登录
              </Button>
            }
          />
        </div>
      ) : (
        children
      )}
    </section>
  );
};

/** A white section of a page with its title row; pages build their content from these. */
export const SitePanel = ({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <div className={styles.panel} data-testid={testId}>
    {(title || extra) && (
      <div className={styles.panelHeader}>
        {title && <h2 className={styles.panelTitle}>{title}</h2>}
        {extra && <div className={styles.panelAction}>{extra}</div>}
      </div>
    )}
    {children}
  </div>
);
