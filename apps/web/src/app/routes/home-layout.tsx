import { SelectionLabel } from '../../features/dict/components/selection-label.tsx';
import { StageSubjectPicker } from '../../features/dict/components/stage-subject-picker.tsx';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';

/** /home/*: the public shell with the stage/subject picker plugged in. */
export const Component = () => (
  <ShellLayout
    renderSelector={(variant) => <SelectionLabel compact={variant === 'compact'} />}
    overlays={<StageSubjectPicker />}
  />
);
