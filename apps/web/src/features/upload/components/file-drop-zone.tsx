import { CloudUploadOutlined } from '@ant-design/icons';
import { type DragEvent, useId, useRef, useState } from 'react';
import styles from './file-drop-zone.module.css';

/**
 * Click to choose files, or drop them here. The whole selection goes to `onFiles` at once (the helper judges
 * a selection as a whole: too many files refuses all of them).
 */
export const FileDropZone = ({
  accept,
  multiple,
  disabled = false,
  title,
  hint,
  onFiles,
}: {
  accept: readonly string[];
  multiple: boolean;
  disabled?: boolean;
  title: string;
  hint: string;
  onFiles: (files: File[]) => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setOver(event.type !== 'dragleave');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={[styles.zone, over ? styles.over : '', disabled ? styles.disabled : ''].join(' ')}
      data-testid="upload-drop-zone"
    >
      <button
        type="button"
        className={styles.button}
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={onDrag}
        onDrop={onDrop}
      >
        <CloudUploadOutlined className={styles.icon} aria-hidden />
        <span className={styles.title}>{title}</span>
        <span className={styles.hint} id={hintId}>
          {hint}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        className={styles.input}
        accept={accept.map((ext) => `.${ext}`).join(',')}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-label={title}
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ''; // choosing the same file again still fires a change
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
};
