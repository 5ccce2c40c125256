import { CataloguePage } from '../../features/admin/catalogue/catalogue-page.tsx';
import { type StageSubject, StageSubjectSelect } from '../../features/admin/catalogue/stage-subject-select.tsx';
import { useStages } from '../../features/dict/hooks/use-stages.ts';
import { useSubjects } from '../../features/dict/hooks/use-subjects.ts';

/** The catalogue's stage and subject selects with the dictionary feature's entries. */
const DictStageSubject = ({
  value,
  onChange,
  lockStage,
}: {
  value: StageSubject;
  onChange: (v: StageSubject) => void;
  lockStage: boolean;
}) => {
  const stages = useStages();
  const subjects = useSubjects(value.stageId);
  return (
    <StageSubjectSelect
      value={value}
      onChange={onChange}
      stages={stages.data}
      subjects={value.stageId === null ? undefined : subjects.data}
      lockStage={lockStage}
    />
  );
};

/** The console's 教材目录 page (its own chunk: the tree editor); the dictionary comes from its feature. */
export const Catalogue = () => (
  <CataloguePage
    renderStageSubject={(value, onChange, lockStage) => (
      <DictStageSubject value={value} onChange={onChange} lockStage={lockStage} />
    )}
  />
);
