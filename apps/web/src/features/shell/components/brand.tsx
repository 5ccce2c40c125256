import { Link } from 'react-router-dom';
import styles from './brand.module.css';

const Logo = ({ size }: { size: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
    <rect width="64" height="64" rx="14" fill="currentColor" />
    <path d="M16 18h14a6 6 0 0 1 6 6v24a5 5 0 0 0-5-5H16zM48 18H40a6 6 0 0 0-6 6v24a5 5 0 0 1 5-5h9z" fill="#fff" />
  </svg>
);

/** Logo and name; leads home. */
export const Brand = ({ compact = false }: { compact?: boolean }) => (
  <Link to="/home/index" className={compact ? `${styles.brand} ${styles.compact}` : styles.brand}>
    <Logo size={compact ? 28 : 40} />
    <span className={styles.words}>
      <span className={styles.name}>资源库</span>
      {!compact && <span className={styles.tagline}>教师教学资源共享平台</span>}
    </span>
  </Link>
);
