import type { ReactNode } from 'react';
import styles from './tab-bar.module.css';
import { TabStrip } from './tab-strip.tsx';

/** The main navigation; `extras` (search box, upload button) sit at its right end. */
export const TabBar = ({ extras }: { extras?: ReactNode }) => (
  <nav className={styles.tabBar} aria-label="主导航">
    <div className={`zyk-container ${styles.inner}`}>
      <TabStrip className={styles.tabs} tabClassName={styles.tab ?? ''} activeClassName={styles.active ?? ''} />
      {extras && <div className={styles.extras}>{extras}</div>}
    </div>
  </nav>
);
