import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';
import styles from './console-page.module.css';

/**
 * A console list: antd's Table, whose sideways-scrolling box (narrow screens) is a labelled, focusable region so
 * keyboard users can scroll it even when its rows hold no control (an empty or read-only list), and whose empty text
 * keeps the page's contrast.
 */
export const ConsoleTable = <T extends object>({
  label,
  emptyText,
  ...props
}: Omit<TableProps<T>, 'locale'> & { label: string; emptyText: string }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const scroller of box.current?.querySelectorAll('.ant-table-content') ?? []) {
      scroller.setAttribute('tabindex', '0');
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={box}>
      <Table<T> size="middle" {...props} locale={{ emptyText: <span className={styles.empty}>{emptyText}</span> }} />
    </div>
  );
};
