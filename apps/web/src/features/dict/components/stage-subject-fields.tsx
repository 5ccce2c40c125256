import { Select, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { FilterRow } from '../../../components/filter-panel.tsx';
import { useStages } from '../hooks/use-stages.ts';
import { useSubjects } from '../hooks/use-subjects.ts';
import styles from './stage-subject-fields.module.css';

/** A stage and a subject chosen on one screen only (not the site-wide picker); null is 全部. */
export interface StageSubjectValue {
  stageId: number | null;
  subjectId: number | null;
}

interface Props {
  value: StageSubjectValue;
  onChange: (value: StageSubjectValue) => void;
}

/** Filter rows of chips (学段, 学科) for lists that filter on their own, such as the boutique classroom. */
export const StageSubjectChips = ({ value, onChange }: Props) => {
  const stages = useStages();
  const subjects = useSubjects(value.stageId);
  return (
    <>
      <FilterRow title="学段" plain>
        {stages.isPending ? (
          <Skeleton.Input active size="small" block />
        ) : (
          <ChipGroup label="学段">
            {(stages.data ?? []).map((s) => (
              <Chip
                key={s.id ?? 'all'}
                selected={value.stageId === s.id}
                onClick={() => onChange({ stageId: s.id, subjectId: null })}
              >
                {s.dictName}
              </Chip>
            ))}
          </ChipGroup>
        )}
      </FilterRow>
      <FilterRow title="学科" plain>
        {subjects.isPending ? (
          <Skeleton.Input active size="small" block />
        ) : (
          <ChipGroup label="学科">
            {(subjects.data ?? []).map((s) => (
              <Chip
                key={s.id ?? 'all'}
                selected={value.subjectId === s.id}
                onClick={() => onChange({ ...value, subjectId: s.id })}
              >
                {s.dictName}
              </Chip>
            ))}
          </ChipGroup>
        )}
      </FilterRow>
    </>
  );
};

/**
 * Two selects (学段, 学科) for a form field; the subject list follows the stage. `names` fills an empty value
 * from the stage and subject names once the dictionaries are there (for records that carry names only).
 */
export const StageSubjectSelects = ({
  value,
  onChange,
  names,
}: Props & { names?: { stage: string | null; subject: string | null } }) => {
  const stages = useStages();
  const subjects = useSubjects(value.stageId);
  const filled = useRef({ stage: false, subject: false });
  useEffect(() => {
    if (!names?.stage || filled.current.stage || value.stageId !== null || !stages.data) return;
    filled.current.stage = true;
    const stage = stages.data.find((d) => d.id !== null && d.dictName === names.stage);
    if (stage) onChange({ stageId: stage.id, subjectId: null });
  }, [names, stages.data, value.stageId, onChange]);
  useEffect(() => {
    if (!names?.subject || filled.current.subject || value.stageId === null || value.subjectId !== null) return;
    if (!subjects.data) return;
    filled.current.subject = true;
    const subject = subjects.data.find((d) => d.id !== null && d.dictName === names.subject);
    if (subject) onChange({ stageId: value.stageId, subjectId: subject.id });
  }, [names, subjects.data, value.stageId, value.subjectId, onChange]);
  const toOptions = (list: { id: number | null; dictName: string }[] | undefined) =>
    (list ?? []).filter((d) => d.id !== null).map((d) => ({ value: d.id as number, label: d.dictName }));
  return (
    <div className={styles.selects}>
      <Select
        aria-label="学段"
        placeholder="不限学段"
        allowClear
        loading={stages.isPending}
        value={value.stageId ?? undefined}
        options={toOptions(stages.data)}
        onChange={(stageId: number | undefined) => onChange({ stageId: stageId ?? null, subjectId: null })}
      />
      <Select
        aria-label="学科"
        placeholder="不限学科"
        allowClear
        disabled={value.stageId === null}
        loading={subjects.isPending}
        value={value.subjectId ?? undefined}
        options={toOptions(subjects.data)}
        onChange={(subjectId: number | undefined) => onChange({ ...value, subjectId: subjectId ?? null })}
      />
    </div>
  );
};
