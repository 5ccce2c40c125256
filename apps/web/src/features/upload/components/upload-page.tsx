import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { agreeToStatement, hasAgreedToStatement } from '../lib/agreement.ts';
import type { UploadKind } from '../lib/upload-texts.ts';
import { OriginalityStatementModal } from './originality-statement.tsx';
import { PublishSuccess } from './publish-success.tsx';
import styles from './upload-workspace.module.css';
import { UploadWorkspace } from './upload-workspace.tsx';

/**
 * /home/uploadDoc and /home/uploadVideo: upload, describe, submit; then the success screen, from which another
 * round starts afresh. Opened without going through the upload dialog (a typed address, a bookmark), the screen
 * asks for the originality statement itself.
 */
export const UploadPage = ({ kind }: { kind: UploadKind }) => {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(hasAgreedToStatement);
  const [round, setRound] = useState(0);
  const [published, setPublished] = useState<{ id: number; title: string } | null>(null);

  if (published) {
    return (
      <div className={`zyk-container ${styles.page}`}>
        <section className={styles.card}>
          <PublishSuccess
            kind={kind}
            title={published.title}
            onUploadMore={() => {
              setPublished(null);
              setRound((n) => n + 1);
            }}
          />
        </section>
      </div>
    );
  }
  return (
    <>
      <UploadWorkspace key={`${kind}-${round}`} kind={kind} agreed={agreed} onPublished={setPublished} />
      <OriginalityStatementModal
        open={!agreed}
        cancelText="不同意"
        onAgree={() => {
          agreeToStatement();
          setAgreed(true);
        }}
        onCancel={() => navigate('/home/index')}
      />
    </>
  );
};
