import { FileWordOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { agreeToStatement } from '../lib/agreement.ts';
import { UPLOAD_PATHS, type UploadKind } from '../lib/upload-texts.ts';
import { OriginalityStatementModal } from './originality-statement.tsx';
import styles from './upload-dialogs.module.css';

export interface UploadDialogsProps {
  open: boolean;
  onClose: () => void;
}

const CHOICES: { kind: UploadKind; title: string; hint: string; Icon: typeof FileWordOutlined }[] = [
  {
    kind: 'document',
    title: '文档',
    hint: '教学文档、教研成果：doc、ppt、pdf 等，不超过 50M',
    Icon: FileWordOutlined,
  },
  {
    kind: 'video',
    title: '视频',
    hint: '微课视频、音频：mp4、flv、mp3 等，不超过 1G',
    Icon: PlaySquareOutlined,
  },
];

/**
 * The upload dialogs: choose document or video, agree to the originality statement, then on
 * to that upload screen. Loaded the first time the upload button is used; mounted afresh for each opening.
 */
export const UploadDialogs = ({ open, onClose }: UploadDialogsProps) => {
  const navigate = useNavigate();
  const [kind, setKind] = useState<UploadKind | null>(null);

  return (
    <>
      <Modal open={open && kind === null} title="选择上传类型" width={560} centered footer={null} onCancel={onClose}>
        <div className={styles.choices}>
          {CHOICES.map(({ kind: choice, title, hint, Icon }) => (
            <button key={choice} type="button" className={styles.choice} onClick={() => setKind(choice)}>
              <Icon className={styles.icon} aria-hidden />
              <span className={styles.body}>
                <span className={styles.title}>{title}</span>
                <span className={styles.hint}>{hint}</span>
              </span>
              <span className={styles.arrow} aria-hidden>
                ›
              </span>
            </button>
          ))}
        </div>
      </Modal>
      <OriginalityStatementModal
        open={open && kind !== null}
        onAgree={() => {
          agreeToStatement();
          onClose();
          if (kind) navigate(UPLOAD_PATHS[kind]);
        }}
        onCancel={onClose}
      />
    </>
  );
};
