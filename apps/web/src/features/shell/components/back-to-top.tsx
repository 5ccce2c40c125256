import { VerticalAlignTopOutlined } from '@ant-design/icons';
import styles from './back-to-top.module.css';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Shown once the page is scrolled past 176 px. */
export const BackToTop = ({ visible }: { visible: boolean }) =>
  visible ? (
    <button
      type="button"
      className={styles.button}
      title="回到顶部"
      aria-label="回到顶部"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
    >
      <VerticalAlignTopOutlined aria-hidden />
    </button>
  ) : null;
