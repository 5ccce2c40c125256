import type { ReactNode } from 'react';
import styles from './filter-panel.module.css';

/** A filter panel's title row: its heading, then 当前筛选 with the stage and subject now chosen. */
export const FilterHeader = ({
  current,
  currentTestId,
  children,
}: {
  current: string;
  currentTestId?: string;
  children: ReactNode;
}) => (
  <header className={styles.header}>
    {children}
    <span className={styles.current}>
      当前筛选：<strong data-testid={currentTestId}>{current}</strong>
    </span>
  </header>
);

/** The filter rows, one under the other. */
export const FilterRows = ({ children }: { children: ReactNode }) => <div className={styles.rows}>{children}</div>;

/** One filter row: its name at the left (bold, or `plain` as in the boutique classroom), its chips beside it. */
export const FilterRow = ({ title, plain, children }: { title: string; plain?: boolean; children: ReactNode }) => (
  <div className={styles.row}>
    <div className={`${styles.rowTitle} ${plain ? styles.plain : styles.strong}`}>{title}</div>
    <div className={styles.rowBody}>{children}</div>
  </div>
);
