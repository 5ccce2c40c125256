import { SubjectPanel } from '../../features/dict/components/subject-panel.tsx';
import { HomePage } from '../../features/home/components/home-page.tsx';

/** /home/index. */
export const Component = () => (
  <HomePage>
    <SubjectPanel />
  </HomePage>
);
