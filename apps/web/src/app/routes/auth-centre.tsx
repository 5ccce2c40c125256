import { PersonalCenterPage } from '../../features/auth/site/centre/personal-centre.tsx';
import { StudioPage } from '../../features/auth/site/centre/studio-page.tsx';
import { StageSubjectSelects } from '../../features/dict/components/stage-subject-fields.tsx';

/** 个人中心 (/auth/personalCenter?memberId=): the stage/subject selects come from the dictionaries feature. */
export const PersonalCenter = () => (
  <PersonalCenterPage
    renderStageSubject={(value, onChange) => <StageSubjectSelects value={value} onChange={onChange} />}
  />
);

/** A studio's home (/auth/studio/:code), open to everyone. */
export const Studio = StudioPage;
