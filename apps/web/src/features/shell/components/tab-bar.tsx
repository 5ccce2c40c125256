import type { ReactNode } from 'react';
import styles from './tab-bar.module.css';
import { TabLinks } from './tab-links.tsx';

/** The main navigation; `extras` (search box, upload button) sit at its right end. */
export const TabBar = ({ extras }: { extras?: ReactNode }) => (
  <nav className={styles.tabBar} aria-label="主导航">
    <div className={`zyk-container ${styles.inner}`}>
      <div className={styles.tabs}>
        <TabLinks className={styles.tab ?? ''} activeClassName={styles.active ?? ''} />
      </div>
      {extras && <div className={styles.extras}>{extras}</div>}
    </div>
  </nav>
);
