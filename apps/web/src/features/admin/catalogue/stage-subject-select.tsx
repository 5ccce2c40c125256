import { Select } from 'antd';
import styles from './catalogue.module.css';

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
 * The catalogue's stage and subject: both must be chosen (a catalogue is one stage's subject), so neither clears;
 * the subject select appears once a stage is chosen (never shown disabled). With `lockStage` (a 教研员 whose scope
 * is a whole stage) only the subject is offered. The dictionary's entries come from the caller (the dictionary
 * feature).
 */
export const StageSubjectSelect = ({
  value,
  onChange,
  stages,
  subjects,
  lockStage = false,
}: {
  value: StageSubject;
  onChange: (value: StageSubject) => void;
  stages: Entry[] | undefined;
  subjects: Entry[] | undefined;
  lockStage?: boolean;
}) => (
  <>
    {!lockStage && (
      <Select
        aria-label="学段"
        placeholder="选择学段"
        className={styles.dictSelect}
        loading={!stages}
        value={value.stageId ?? undefined}
        onChange={(stageId: number) => onChange({ stageId, subjectId: null })}
        options={optionsOf(stages)}
      />
    )}
    {value.stageId !== null && (
      <Select
        aria-label="学科"
        placeholder="选择学科"
        className={styles.dictSelect}
        loading={!subjects}
        value={value.subjectId ?? undefined}
        onChange={(subjectId: number) => onChange({ stageId: value.stageId, subjectId })}
        options={optionsOf(subjects)}
      />
    )}
  </>
);
