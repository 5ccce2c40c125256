import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';
import styles from './top-bar.module.css';

/** Title, stage/subject selector and, at the right end, the identity actions (login or user menu). */
export const TopBar = ({ selector, actions }: { selector?: ReactNode; actions?: ReactNode }) => (
  <div className={styles.topBar}>
    <div className={`zyk-container ${styles.inner}`}>
      <Brand />
      {selector && <div className={styles.selector}>{selector}</div>}
      <div className={styles.actions}>{actions}</div>
    </div>
  </div>
);
