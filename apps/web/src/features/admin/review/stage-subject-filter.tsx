import { Select } from 'antd';
import styles from './review.module.css';

export interface StageSubject {
  stageId: number | null;
  subjectId: number | null;
}

interface Entry {
  id: number | null;
  dictName: string;
}

const optionsOf = (list: Entry[] | undefined) =>
  (list ?? []).flatMap((d) => (d.id === null ? [] : [{ value: d.id, label: d.dictName }]));

/**
 * The queue's stage and subject filter. The subject select appears once a stage is chosen (never shown disabled);
 * the dictionary's entries come from the caller (the dictionary feature).
 */
export const StageSubjectFilter = ({
  value,
  onChange,
  stages,
  subjects,
}: {
  value: StageSubject;
  onChange: (value: StageSubject) => void;
  stages: Entry[] | undefined;
  subjects: Entry[] | undefined;
}) => (
  <>
    <Select
      aria-label="学段"
      placeholder="全部学段"
      allowClear
      className={styles.typeSelect}
      loading={!stages}
      value={value.stageId ?? undefined}
      onChange={(stageId?: number) => onChange({ stageId: stageId ?? null, subjectId: null })}
      options={optionsOf(stages)}
    />
    {value.stageId !== null && (
      <Select
        aria-label="学科"
        placeholder="全部学科"
        allowClear
        className={styles.typeSelect}
        loading={!subjects}
        value={value.subjectId ?? undefined}
        onChange={(subjectId?: number) => onChange({ stageId: value.stageId, subjectId: subjectId ?? null })}
        options={optionsOf(subjects)}
      />
    )}
  </>
);
