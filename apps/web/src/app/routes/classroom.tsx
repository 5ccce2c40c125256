import { AuthActions } from '../../features/auth/components/auth-actions.tsx';
import { LoginDialogHost } from '../../features/auth/components/login-dialog-host.tsx';
import { AllCoursesPage } from '../../features/classroom/components/all-courses-page.tsx';
import { ClassroomHome } from '../../features/classroom/components/classroom-home.tsx';
import { ClassroomLayout } from '../../features/classroom/components/classroom-layout.tsx';
import { CourseDetailPage, CoursePreviewPage } from '../../features/classroom/components/course-detail-page.tsx';
import { TopicDetailPage } from '../../features/classroom/components/topic-detail-page.tsx';
import { TopicListPage } from '../../features/classroom/components/topic-list-page.tsx';
import { StageSubjectChips } from '../../features/dict/components/stage-subject-fields.tsx';
import { useUnreadCount } from '../../features/messages/hooks/use-messages.ts';
import { SiteFooter } from '../../features/shell/components/site-footer.tsx';

/** /pcourse/*: the boutique classroom's frame with the user menu, the login dialog and the site footer. */
export const Layout = () => {
  const unread = useUnreadCount().data ?? 0;
  return (
    <ClassroomLayout actions={<AuthActions unread={unread} />} footer={<SiteFooter />} overlays={<LoginDialogHost />} />
  );
};

export const Index = ClassroomHome;
export const Topics = TopicListPage;
export const AllCourses = () => (
  <AllCoursesPage renderStageSubject={(value, onChange) => <StageSubjectChips value={value} onChange={onChange} />} />
);
export const CourseDetail = CourseDetailPage;
export const TopicDetail = TopicDetailPage;

/** /coursePreview: no header or footer. */
export const CoursePreview = () => (
  <>
    <CoursePreviewPage />
    <LoginDialogHost />
  </>
);
