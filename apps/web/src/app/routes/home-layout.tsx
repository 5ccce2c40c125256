import { AuthActions } from '../../features/auth/components/auth-actions.tsx';
import { LoginDialogHost } from '../../features/auth/components/login-dialog-host.tsx';
import { SelectionLabel } from '../../features/dict/components/selection-label.tsx';
import { StageSubjectOffer } from '../../features/dict/components/stage-subject-offer.tsx';
import { StageSubjectPicker } from '../../features/dict/components/stage-subject-picker.tsx';
import { useUnreadCount } from '../../features/messages/hooks/use-messages.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';
import { UploadButton } from '../../features/upload/components/upload-button.tsx';

/** /home/*: the public shell with the stage/subject picker and the login button or user menu plugged in. */
export const Component = () => {
  const unread = useUnreadCount().data ?? 0;
  return (
    <ShellLayout
      renderSelector={(variant) => <SelectionLabel compact={variant === 'compact'} />}
      renderActions={(variant) => <AuthActions compact={variant === 'compact'} unread={unread} />}
      tabExtras={
        <>
          <SearchBox />
          <UploadButton />
        </>
      }
      notice={<StageSubjectOffer />}
      overlays={
        <>
          <StageSubjectPicker />
          <LoginDialogHost />
        </>
      }
    />
  );
};
