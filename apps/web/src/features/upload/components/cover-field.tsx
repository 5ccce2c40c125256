import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { UPLOAD } from '@zyk/shared';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { thumbnailUrl } from '../../../lib/api.ts';
import { useUploader } from '../hooks/use-uploader.ts';
import { IMAGE_EXTENSIONS } from '../lib/file-rules.ts';
import type { UploadStatus } from '../lib/upload-types.ts';
import styles from './cover-field.module.css';

const COVER_TYPES_MESSAGE = '封面只能是 jpg、png、gif 或 bmp 图片';

/**
 * The optional cover image: uploaded at once through the document upload (images only); the field's value is the
 * stored file's id once the upload succeeded.
 */
export const CoverField = ({
  value,
  onChange,
  onStatus,
  onMessage,
  id,
}: {
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  /** The cover upload's state (null when there is none): the form waits for it before publishing. */
  onStatus?: (status: UploadStatus | null) => void;
  onMessage?: (text: string) => void;
  id?: string;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const { uploader, items } = useUploader(
    {
      accept: IMAGE_EXTENSIONS,
      rejectMessage: COVER_TYPES_MESSAGE,
      maxAttachmentSize: UPLOAD.documentMaxBytes,
      maxVideoSize: UPLOAD.videoMaxBytes,
    },
    (event) => {
      if (event.type === 'message') onMessage?.(event.text);
      if (event.type === 'success') onChangeRef.current?.(event.item.fileId);
      if (event.type === 'failure') onMessage?.(event.item.failMsg ?? '封面上传失败');
    },
  );
  const item = items.at(-1);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!item) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(item.source as unknown as Blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [item?.uuid, item]);

  const status = item?.status ?? null;
  useEffect(() => {
    onStatus?.(status);
  }, [status, onStatus]);

  const choose = (files: File[]) => {
    for (const old of uploader.getItems()) uploader.remove(old.uuid);
    onChange?.(null);
    uploader.addFiles(files);
  };
  const clear = () => {
    for (const old of uploader.getItems()) uploader.remove(old.uuid);
    onChange?.(null);
  };

  const busy = status === 'added' || status === 'ready' || status === 'uploading';
  const percent = item && item.progress.total > 0 ? Math.floor((item.progress.loaded / item.progress.total) * 100) : 0;

  return (
    <div className={styles.field} data-testid="cover-field" data-file-id={value ?? undefined}>
      {!item && value ? (
        // The cover an edited resource already has.
        <div className={styles.preview}>
          <img src={thumbnailUrl(value)} alt="当前封面" />
        </div>
      ) : item && preview ? (
        <div className={styles.preview}>
          <img src={preview} alt="封面预览" />
          {busy && (
            <span className={styles.overlay}>
              <LoadingOutlined aria-hidden /> {percent}%
            </span>
          )}
          {status === 'failure' && <span className={`${styles.overlay} ${styles.failed}`}>上传失败</span>}
        </div>
      ) : (
        <button type="button" className={styles.empty} onClick={() => input.current?.click()} id={id}>
          <PictureOutlined className={styles.icon} aria-hidden />
          <span>上传封面</span>
        </button>
      )}
      <div className={styles.side}>
        {(item || value) && (
          <div className={styles.buttons}>
            <Button autoInsertSpace={false} size="small" onClick={() => input.current?.click()}>
              更换
            </Button>
            {item && status === 'failure' && (
              <Button autoInsertSpace={false} size="small" onClick={() => uploader.retry(item.uuid)}>
                重试
              </Button>
            )}
            <Button autoInsertSpace={false} size="small" danger onClick={clear}>
              删除
            </Button>
          </div>
        )}
        <span className={styles.hint}>
          可选。{IMAGE_EXTENSIONS.join('、')} 图片，建议 4:3 横图；不上传时列表显示文件缩略图。
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        className={styles.input}
        style={{ display: 'none' }} // inside a form antd shows file inputs: keep this one hidden
        tabIndex={-1}
        aria-label="选择封面图片"
        data-testid="cover-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) choose(files);
        }}
      />
    </div>
  );
};
