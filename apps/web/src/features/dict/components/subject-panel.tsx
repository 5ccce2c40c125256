import { FilterOutlined } from '@ant-design/icons';
import { FilterHeader } from '../../../components/filter-panel.tsx';
import { selectionLabel, useSelection } from '../../../stores/selection.ts';
import { SelectionFilter } from './selection-filter.tsx';
import styles from './subject-panel.module.css';

/** The home page's view of the filter: the current choice, and the stages and subjects to change it. */
export const SubjectPanel = () => {
  const selection = useSelection();
  return (
    <section className={styles.panel} aria-labelledby="subject-panel-title">
      <FilterHeader current={selectionLabel(selection)} currentTestId="panel-selection">
        <h2 id="subject-panel-title" className={styles.title}>
          <FilterOutlined aria-hidden /> 学段学科
        </h2>
      </FilterHeader>
      <SelectionFilter />
    </section>
  );
};
