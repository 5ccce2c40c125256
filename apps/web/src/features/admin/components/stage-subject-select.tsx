import { Select } from 'antd';

/** A stage and a subject chosen in a console page; null is not chosen (全部, where the page allows it). */
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
 * The console's stage and subject selects. The subject select appears once a stage is chosen (never shown
 * disabled). A filter (the review queue) may clear either back to 全部; a `required` choice (the catalogue, which is
 * one stage's subject) cannot. With `lockStage` (a 教研员 whose scope is a whole stage) only the subject is offered.
 * The dictionary's entries come from the caller (the dictionary feature).
 */
export const StageSubjectSelect = ({
  value,
  onChange,
  stages,
  subjects,
  required = false,
  lockStage = false,
  className,
}: {
  value: StageSubject;
  onChange: (value: StageSubject) => void;
  stages: Entry[] | undefined;
  subjects: Entry[] | undefined;
  required?: boolean;
  lockStage?: boolean;
  className?: string;
}) => (
  <>
    {!lockStage && (
      <Select
        aria-label="学段"
        placeholder={required ? '选择学段' : '全部学段'}
        allowClear={!required}
        className={className}
        loading={!stages}
        value={value.stageId ?? undefined}
        onChange={(stageId?: number) => onChange({ stageId: stageId ?? null, subjectId: null })}
        options={optionsOf(stages)}
      />
    )}
    {value.stageId !== null && (
      <Select
        aria-label="学科"
        placeholder={required ? '选择学科' : '全部学科'}
        allowClear={!required}
        className={className}
        loading={!subjects}
        value={value.subjectId ?? undefined}
        onChange={(subjectId?: number) => onChange({ stageId: value.stageId, subjectId: subjectId ?? null })}
        options={optionsOf(subjects)}
      />
    )}
  </>
);
