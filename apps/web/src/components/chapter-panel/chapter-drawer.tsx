import { CloseOutlined, ReadOutlined } from '@ant-design/icons';
import { chapterText } from '@zyk/shared';
import { Button, Drawer } from 'antd';
import { type ReactNode, useState } from 'react';
import styles from './chapter-drawer.module.css';

/**
 * Phones: the chapter panel behind a 按教材 button, in a drawer from the left; `panel` renders it with a `close` to
 * call once a lesson is picked. The footer leads back to the results.
 */
export const ChapterDrawerButton = ({
  filtered,
  total,
  panel,
}: {
  /** A chapter filter is on (the button says so). */
  filtered: boolean;
  /** The filtered list's total, for the footer (null while it loads). */
  total: number | null;
  panel: (close: () => void) => ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        className={filtered ? `${styles.button} ${styles.on}` : styles.button}
        icon={<ReadOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="chapter-drawer-button"
      >
        按教材
      </Button>
      <Drawer
        placement="left"
        size={320}
        open={open}
        onClose={close}
        title="按教材章节"
        classNames={{ body: styles.body, footer: styles.footer }}
        footer={
          <Button type="primary" size="large" block onClick={close}>
            {total === null ? '查看结果' : `查看 ${total} 个资源`}
          </Button>
        }
      >
        {panel(close)}
      </Drawer>
    </>
  );
};

/**
 * The chapter filter above the results: its trail, removable (a 40 px touch target on phones). Where the line is
 * short, the trail above the chosen node gives way first, so the node itself stays readable.
 */
export const ChapterChip = ({
  trail,
  onRemove,
  className,
}: {
  trail: readonly string[] | null;
  onRemove: () => void;
  className?: string;
}) => {
  if (!trail || trail.length === 0) return null;
  const label = chapterText(trail);
  const above = trail.slice(0, -1);
  return (
    <div className={className ? `${styles.chipLine} ${className}` : styles.chipLine} data-testid="chapter-chip">
      <button
        type="button"
        className={styles.chip}
        aria-label={`取消教材筛选：${label}`}
        title={label}
        onClick={onRemove}
      >
        <ReadOutlined aria-hidden className={styles.chipIcon} />
        {above.length > 0 && <span className={styles.chipAbove}>{`${chapterText(above)} › `}</span>}
        <span className={styles.chipLeaf}>{trail.at(-1)}</span>
        <CloseOutlined aria-hidden className={styles.chipX} />
      </button>
    </div>
  );
};
