import { ClassroomReviewPage } from '../../features/admin/review/classroom-review-page.tsx';
import { ReportsPage } from '../../features/admin/review/reports-page.tsx';
import { ResourceReviewPage } from '../../features/admin/review/resource-review-page.tsx';
import reviewStyles from '../../features/admin/review/review.module.css';
import { PreviewPanel } from '../../features/resources/components/preview-panel.tsx';
import { DictStageSubjectSelect } from './console-stage-subject.tsx';

/** The console's review pages (one chunk); the resource preview and the dictionary come from their features. */
export const ResourceReview = () => (
  <ResourceReviewPage
    renderPreview={(resource) => <PreviewPanel resource={resource} counting={false} />}
    renderStageSubject={(value, onChange) => (
      <DictStageSubjectSelect value={value} onChange={onChange} className={reviewStyles.typeSelect} />
    )}
  />
);
export const ClassroomReview = ClassroomReviewPage;
export const Reports = ReportsPage;
