import type { ReactNode } from 'react';
import styles from './console-page.module.css';

/**
 * One console page: its title (the page's h1), a line saying what it is for, actions on the right, then the
 * content. Every part of the console uses it so the pages read alike.
 */
export const ConsolePage = ({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <section className={styles.page} aria-labelledby="console-page-title">
    <div className={styles.head}>
      <div className={styles.titles}>
        <h1 id="console-page-title" className={styles.title}>
          {title}
        </h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
    {children}
  </section>
);
