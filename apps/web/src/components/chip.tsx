import type { ReactNode } from 'react';
import styles from './chip.module.css';

/** A selectable pill (stages, subjects): a real button, so it is reachable and announced as pressed. */
export const Chip = ({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <button
    type="button"
    className={selected ? `${styles.chip} ${styles.selected}` : styles.chip}
    aria-pressed={selected}
    onClick={onClick}
  >
    {children}
  </button>
);

export const ChipGroup = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend layout we do not want
  <div className={styles.group} role="group" aria-label={label}>
    {children}
  </div>
);
