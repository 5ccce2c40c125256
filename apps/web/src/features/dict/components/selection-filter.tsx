import type { DictEntry } from '@zyk/shared';
import { Button, Skeleton } from 'antd';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { FilterRow, FilterRows } from '../../../components/filter-panel.tsx';
import { selectionActions, useSelection } from '../../../stores/selection.ts';
import { useStages } from '../hooks/use-stages.ts';
import { useSubjects } from '../hooks/use-subjects.ts';
import styles from './selection-filter.module.css';

const keyOf = (entry: DictEntry) => entry.id ?? 'all';

const LoadFailed = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <span className={styles.muted}>
    {what}加载失败，请检查网络后
    <Button type="link" size="small" onClick={onRetry}>
      重试
    </Button>
  </span>
);

/**
 * Stage row and subject row. Choosing a stage loads its subjects and resets the subject to 全部学科;
 * choosing a subject settles the filter.
 */
export const SelectionFilter = () => {
  const { stage, subject } = useSelection();
  const stages = useStages();
  const subjects = useSubjects(stage.id);

  return (
    <FilterRows>
      <FilterRow title="学段">
        {stages.isPending ? (
          <Skeleton.Input active size="small" block />
        ) : stages.isError ? (
          <LoadFailed what="学段" onRetry={() => void stages.refetch()} />
        ) : stages.data.length === 0 ? (
          <span className={styles.muted}>暂无学段</span>
        ) : (
          <ChipGroup label="学段">
            {stages.data.map((entry) => (
              <Chip
                key={keyOf(entry)}
                selected={entry.id === stage.id}
                onClick={() => selectionActions.selectStage(entry)}
              >
                {entry.dictName}
              </Chip>
            ))}
          </ChipGroup>
        )}
      </FilterRow>
      <FilterRow title="学科">
        {subjects.isPending ? (
          <Skeleton.Input active size="small" block />
        ) : subjects.isError ? (
          <LoadFailed what="学科" onRetry={() => void subjects.refetch()} />
        ) : !subjects.data || subjects.data.length === 0 ? (
          <span className={styles.muted}>该学段暂无学科</span>
        ) : (
          <ChipGroup label="学科">
            {subjects.data.map((entry) => (
              <Chip
                key={keyOf(entry)}
                selected={entry.id === subject.id}
                onClick={() => selectionActions.selectSubject(entry)}
              >
                {entry.dictName}
              </Chip>
            ))}
          </ChipGroup>
        )}
      </FilterRow>
    </FilterRows>
  );
};
