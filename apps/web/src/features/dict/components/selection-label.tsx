import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { selectionActions, selectionLabel, useSelection } from '../../../stores/selection.ts';
import styles from './selection-label.module.css';

/** The header button 'stage | subject' that opens the picker. */
export const SelectionLabel = ({ compact = false }: { compact?: boolean }) => {
  const selection = useSelection();
  return (
    <button
      type="button"
      className={compact ? `${styles.label} ${styles.compact}` : styles.label}
      aria-haspopup="dialog"
      title="切换学段与学科"
      onClick={selectionActions.openPicker}
    >
      <AppstoreOutlined aria-hidden className={styles.icon} />
      <span className={styles.text} data-testid="selection-label">
        {selectionLabel(selection)}
      </span>
      <DownOutlined aria-hidden className={styles.caret} />
    </button>
  );
};
