import { InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import styles from './status.module.css';

/** Nothing to show: a short sentence and, optionally, what to do about it. */
export const EmptyState = ({ title, hint, children }: { title: string; hint?: ReactNode; children?: ReactNode }) => (
  <div className={styles.box} data-testid="empty-state">
    <InboxOutlined className={styles.icon} aria-hidden />
    <div className={styles.title}>{title}</div>
    {hint && <div className={styles.hint}>{hint}</div>}
    {children}
  </div>
);

/** Something could not be loaded: the reason and a retry button. */
export const LoadError = ({ message, onRetry }: { message: string; onRetry?: () => void }) => (
  <div className={`${styles.box} ${styles.error}`} role="alert" data-testid="load-error">
    <WarningOutlined className={styles.icon} aria-hidden />
    <div className={styles.title}>{message}</div>
    {onRetry && (
      <Button onClick={onRetry} className={styles.action}>
        重试
      </Button>
    )}
  </div>
);

/**
 * A spinner that names itself. antd's Spin is a plain div, and a label on a div with no role is an ARIA
 * error, so the label sits on a status region around it.
 */
export const Loading = ({ size }: { size?: 'small' | 'large' }) => (
  <div role="status" aria-label="加载中" className={styles.loading}>
    <Spin size={size} />
  </div>
);
