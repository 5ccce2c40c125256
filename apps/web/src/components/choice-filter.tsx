import { Grid, Segmented, Select } from 'antd';
import styles from './choice-filter.module.css';

/**
 * A filter of a few choices: a segmented control from antd's md breakpoint up; on phones, where a row of five or
 * more would run past the screen's edge, a select of the same choices.
 */
export const ChoiceFilter = <V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) => {
  const screens = Grid.useBreakpoint();
  return screens.md === false ? (
    <Select<V>
      aria-label={label}
      prefix={<span className={styles.filterPrefix}>{label}</span>}
      options={[...options]}
      value={value}
      onChange={onChange}
      style={{ width: '100%' }}
    />
  ) : (
    <Segmented<V> aria-label={label} options={[...options]} value={value} onChange={onChange} />
  );
};
