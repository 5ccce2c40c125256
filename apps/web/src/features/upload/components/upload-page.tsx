import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/status.tsx';
import { parseResourceId } from '../../../lib/resource-paths.ts';
import { getEditableResource } from '../api/get-editable-resource.ts';
import { uploadKeys } from '../api/upload-keys.ts';
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
  const [params] = useSearchParams();
  const editId = parseResourceId(params.get('id'));
  return editId === null ? <NewUpload kind={kind} /> : <EditUpload kind={kind} id={editId} />;
};

/**
 * `?id=`: the same screen edits one's own resource — its details filled in, its files kept unless removed; saving
 * sends it back to review and returns to 我的资源.
 */
const EditUpload = ({ kind, id }: { kind: UploadKind; id: number }) => {
  const navigate = useNavigate();
  const editable = useQuery({
    queryKey: uploadKeys.editable(id),
    queryFn: () => getEditableResource(id),
    retry: false,
  });
  if (editable.isPending) {
    return (
      <div className={`zyk-container ${styles.page}`}>
        <section className={styles.card}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      </div>
    );
  }
  if (editable.isError) {
    return (
      <div className={`zyk-container ${styles.page}`}>
        <section className={styles.card}>
          <LoadError message={editable.error.message} onRetry={() => void editable.refetch()} />
        </section>
      </div>
    );
  }
  return (
    <UploadWorkspace
      kind={kind}
      agreed
      editing={editable.data}
      onPublished={() => navigate('/personSpace/resource?saved=1')}
    />
  );
};

const NewUpload = ({ kind }: { kind: UploadKind }) => {
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
