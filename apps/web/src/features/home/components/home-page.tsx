import type { ReactNode } from 'react';
import { HomeHero } from './home-hero.tsx';
import styles from './home-page.module.css';

/** /home/index: the welcome banner, then the sections other features hand in (the stage/subject panel first). */
export const HomePage = ({ children }: { children?: ReactNode }) => (
  <div className={styles.page}>
    <HomeHero />
    <div className={`zyk-container ${styles.sections}`}>{children}</div>
  </div>
);
