import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type PagerItem, pagerItems } from '../lib/paging.ts';
import styles from './pager.module.css';

/**
 * Numbered pages for the list and search pages: previous, page numbers with gaps, next, and the total. Plain
 * buttons (antd's Pagination brings its Select along, some 30 kB for a size changer these pages do not have).
 * Nothing while everything fits on one page.
 */
export const Pager = ({
  current,
  total,
  pageSize,
  onChange,
  totalText,
}: {
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  totalText?: string;
}) => {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const items = pagerItems(current, pages);
  const button = (item: PagerItem) => {
    if (typeof item !== 'number') {
      return (
        <li key={item} className={styles.gap} aria-hidden>
          …
        </li>
      );
    }
    const active = item === current;
    return (
      <li key={item}>
        <button
          type="button"
          className={active ? `${styles.page} ${styles.active}` : styles.page}
          aria-current={active ? 'page' : undefined}
          aria-label={`第 ${item} 页`}
          onClick={() => !active && onChange(item)}
        >
          {item}
        </button>
      </li>
    );
  };
  return (
    <nav className={styles.pager} aria-label="分页" data-testid="pager">
      {totalText && <span className={styles.total}>{totalText}</span>}
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.page}
            aria-label="上一页"
            disabled={current <= 1}
            onClick={() => onChange(current - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {items.map(button)}
        <li>
          <button
            type="button"
            className={styles.page}
            aria-label="下一页"
            disabled={current >= pages}
            onClick={() => onChange(current + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
};
