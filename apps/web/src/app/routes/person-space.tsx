import { Badge } from 'antd';
import { AccountLinks } from '../../features/auth/components/account-links.tsx';
import { AuthActions } from '../../features/auth/components/auth-actions.tsx';
import { IncomeCard } from '../../features/commerce/components/income-card.tsx';
import { StageSubjectSelects } from '../../features/dict/components/stage-subject-fields.tsx';
import { LatestMessages } from '../../features/messages/components/latest-messages.tsx';
import { MessageCenter } from '../../features/messages/components/message-center.tsx';
import { UnreadBadge } from '../../features/messages/components/unread-badge.tsx';
import { useUnreadCount } from '../../features/messages/hooks/use-messages.ts';
import { MyCoursesPage } from '../../features/personal-space/components/my-courses-page.tsx';
import { MyResourcesPage } from '../../features/personal-space/components/my-resources-page.tsx';
import { MyTopicsPage } from '../../features/personal-space/components/my-topics-page.tsx';
import { PersonSpaceLayout } from '../../features/personal-space/components/person-space-layout.tsx';
import type { EditorSlots } from '../../features/personal-space/components/slot-field.tsx';
import { SpaceOverview } from '../../features/personal-space/components/space-overview.tsx';
import { SiteFooter } from '../../features/shell/components/site-footer.tsx';
import { CoverField } from '../../features/upload/components/cover-field.tsx';

/** /personSpace/*: its own header with the unread badge and the user menu, the side navigation and the footer. */
export const Layout = () => {
  const unread = useUnreadCount().data ?? 0;
  return (
    <PersonSpaceLayout
      headerActions={(compact) => (
        <>
          <UnreadBadge />
          <AuthActions compact={compact} unread={unread} />
        </>
      )}
      messageCount={<Badge count={unread} size="small" overflowCount={99} data-testid="nav-unread" />}
      accountLinks={<AccountLinks />}
      footer={<SiteFooter />}
    />
  );
};

/** The course and topic forms take their stage/subject selects and image upload from the features owning them. */
const slots: EditorSlots = {
  renderStageSubject: (value, onChange, names) => (
    <StageSubjectSelects value={value} onChange={onChange} {...(names ? { names } : {})} />
  ),
  renderImage: (value, onChange) => <CoverField value={value} onChange={onChange} />,
};

export const Index = () => <SpaceOverview messages={<LatestMessages />} account={<IncomeCard />} />;
export const Courses = () => <MyCoursesPage slots={slots} />;
export const Topics = () => <MyTopicsPage slots={slots} />;
export const Resources = MyResourcesPage;
export const Messages = MessageCenter;
