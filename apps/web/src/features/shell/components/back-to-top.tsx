import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { scrollBehavior } from '../../../lib/reduced-motion.ts';
import styles from './back-to-top.module.css';

/** Shown once the page is scrolled past 176 px. */
export const BackToTop = ({ visible }: { visible: boolean }) =>
  visible ? (
    <button
      type="button"
      className={styles.button}
      title="回到顶部"
      aria-label="回到顶部"
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
    >
      <VerticalAlignTopOutlined aria-hidden />
    </button>
  ) : null;
