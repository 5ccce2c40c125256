import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';
import styles from './compact-header.module.css';
import { TabStrip } from './tab-strip.tsx';

/**
 * The slim header that stays on top once the page is scrolled past 176 px. It is always in the page (so it can
 * slide in) but hidden from pointer, keyboard and screen readers while `visible` is false.
 */
export const CompactHeader = ({
  visible,
  selector,
  actions,
}: {
  visible: boolean;
  selector?: ReactNode;
  actions?: ReactNode;
}) => (
  <div
    className={visible ? `${styles.compactHeader} ${styles.visible}` : styles.compactHeader}
    aria-hidden={!visible}
    inert={!visible}
    data-testid="compact-header"
  >
    <div className={`zyk-container ${styles.inner}`}>
      <Brand compact />
      <nav className={styles.tabs} aria-label="主导航（精简）">
        <TabStrip tabClassName={styles.tab ?? ''} activeClassName={styles.active ?? ''} />
      </nav>
      {selector && <div className={styles.selector}>{selector}</div>}
      <div className={styles.actions}>{actions}</div>
    </div>
  </div>
);
