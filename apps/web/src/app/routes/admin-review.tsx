import { ClassroomReviewPage } from '../../features/admin/review/classroom-review-page.tsx';
import { ReportsPage } from '../../features/admin/review/reports-page.tsx';
import { ResourceReviewPage } from '../../features/admin/review/resource-review-page.tsx';
import { type StageSubject, StageSubjectFilter } from '../../features/admin/review/stage-subject-filter.tsx';
import { useStages } from '../../features/dict/hooks/use-stages.ts';
import { useSubjects } from '../../features/dict/hooks/use-subjects.ts';
import { PreviewPanel } from '../../features/resources/components/preview-panel.tsx';

/** The queue's stage/subject filter with the dictionary feature's entries. */
const DictStageSubjectFilter = ({ value, onChange }: { value: StageSubject; onChange: (v: StageSubject) => void }) => {
  const stages = useStages();
  const subjects = useSubjects(value.stageId);
  return <StageSubjectFilter value={value} onChange={onChange} stages={stages.data} subjects={subjects.data} />;
};

/** The console's review pages (one chunk); the resource preview and the dictionary come from their features. */
export const ResourceReview = () => (
  <ResourceReviewPage
    renderPreview={(resource) => <PreviewPanel resource={resource} counting={false} />}
    renderStageSubject={(value, onChange) => <DictStageSubjectFilter value={value} onChange={onChange} />}
  />
);
export const ClassroomReview = ClassroomReviewPage;
export const Reports = ReportsPage;
