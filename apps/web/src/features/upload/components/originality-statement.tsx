import { Button, Modal } from 'antd';
import { STATEMENT_PARAGRAPHS, STATEMENT_TITLE } from '../lib/upload-texts.ts';
import styles from './originality-statement.module.css';

/** The statement's text. */
export const StatementText = () => (
  <ol className={styles.text}>
    {STATEMENT_PARAGRAPHS.map((paragraph) => (
      <li key={paragraph}>{paragraph}</li>
    ))}
  </ol>
);

/** The originality statement to agree to before uploading. */
export const OriginalityStatementModal = ({
  open,
  onAgree,
  onCancel,
  cancelText = '取消',
}: {
  open: boolean;
  onAgree: () => void;
  onCancel: () => void;
  cancelText?: string;
}) => (
  <Modal
    open={open}
    title={STATEMENT_TITLE}
    width={560}
    centered
    mask={{ closable: false }}
    onCancel={onCancel}
    footer={[
      <Button autoInsertSpace={false} key="cancel" onClick={onCancel}>
        {cancelText}
      </Button>,
      <Button autoInsertSpace={false} key="agree" type="primary" onClick={onAgree} autoFocus>
        我已阅读并同意
      </Button>,
    ]}
  >
    <p className={styles.lead}>上传资源前，请仔细阅读以下声明：</p>
    <StatementText />
  </Modal>
);
