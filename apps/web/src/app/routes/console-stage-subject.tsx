import { type StageSubject, StageSubjectSelect } from '../../features/admin/components/stage-subject-select.tsx';
import { useStages } from '../../features/dict/hooks/use-stages.ts';
import { useSubjects } from '../../features/dict/hooks/use-subjects.ts';

/** The console's stage and subject selects with the dictionary feature's entries (console pages get them as a render prop). */
export const DictStageSubjectSelect = ({
  value,
  onChange,
  required,
  lockStage,
  className,
}: {
  value: StageSubject;
  onChange: (v: StageSubject) => void;
  required?: boolean;
  lockStage?: boolean;
  className?: string;
}) => {
  const stages = useStages();
  const subjects = useSubjects(value.stageId);
  return (
    <StageSubjectSelect
      value={value}
      onChange={onChange}
      stages={stages.data}
      subjects={value.stageId === null ? undefined : subjects.data}
      required={required}
      lockStage={lockStage}
      className={className}
    />
  );
};
