import {
  FileExcelOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileUnknownOutlined,
  FileWordOutlined,
  PlaySquareOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { formatBytes, UPLOAD } from '@zyk/shared';
import { Button, Progress, Tag } from 'antd';
import { formatSpeed, IMAGE_EXTENSIONS } from '../lib/file-rules.ts';
import type { Uploader } from '../lib/upload-helper.ts';
import { STATUS_LABELS, type UploadItem, type UploadStatus } from '../lib/upload-types.ts';
import styles from './upload-queue.module.css';

const TAG_COLORS: Record<UploadStatus, string> = {
  added: 'default',
  ready: 'default',
  uploading: 'processing',
  paused: 'warning',
  canceled: 'default',
  success: 'success',
  failure: 'error',
};

const AUDIO = new Set<string>(UPLOAD.audioExtensions);

const ICONS: Record<string, typeof FileWordOutlined> = {
  doc: FileWordOutlined,
  docx: FileWordOutlined,
  xls: FileExcelOutlined,
  xlsx: FileExcelOutlined,
  ppt: FilePptOutlined,
  pptx: FilePptOutlined,
  pdf: FilePdfOutlined,
};

/** Type-specific icons (icons of its own, so the upload screens share none with the home page's chunks). */
const FileIcon = ({ item }: { item: UploadItem }) => {
  let Icon = ICONS[item.extension] ?? FileUnknownOutlined;
  if (item.method === 'chunked') Icon = AUDIO.has(item.extension) ? SoundOutlined : PlaySquareOutlined;
  else if (IMAGE_EXTENSIONS.includes(item.extension)) Icon = FileImageOutlined;
  return <Icon aria-hidden />;
};

const percentOf = (item: UploadItem) =>
  item.progress.total > 0 ? Math.floor((item.progress.loaded / item.progress.total) * 100) : 0;

const Row = ({ item, uploader }: { item: UploadItem; uploader: Uploader }) => {
  const percent = item.status === 'success' ? 100 : percentOf(item);
  const speed = item.status === 'uploading' ? formatSpeed(item.progress.bitrate) : '';
  let remark: string | null = null;
  if (item.status === 'failure') remark = item.failMsg;
  else if (item.notice) remark = item.retries > 0 ? `${item.notice}（第 ${item.retries} 次）` : item.notice;
  else if (item.resumedFrom > 0 && item.status !== 'success')
    remark = `已从 ${formatBytes(item.resumedFrom)} 处继续上传`;

  return (
    <li className={styles.row} data-testid="upload-item" data-status={item.status} data-name={item.name}>
      <span className={styles.icon}>
        <FileIcon item={item} />
      </span>
      <div className={styles.main}>
        <div className={styles.head}>
          <span className={styles.name} title={item.name}>
            {item.shortName}
          </span>
          <span className={styles.size}>{formatBytes(item.size)}</span>
          <Tag color={TAG_COLORS[item.status]} className={styles.status} data-testid="upload-item-status">
            {item.status === 'uploading' ? `${STATUS_LABELS.uploading} ${percent}%` : STATUS_LABELS[item.status]}
          </Tag>
          {speed && <span className={styles.speed}>{speed}</span>}
        </div>
        {item.status !== 'canceled' && (
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            status={item.status === 'failure' ? 'exception' : item.status === 'uploading' ? 'active' : 'normal'}
            aria-label={`${item.name} 上传进度`}
          />
        )}
        {remark && (
          <div
            className={item.status === 'failure' ? `${styles.remark} ${styles.error}` : styles.remark}
            role={item.status === 'failure' ? 'alert' : undefined}
          >
            {remark}
          </div>
        )}
      </div>
      <div className={styles.actions}>
        {(item.status === 'uploading' || item.status === 'ready') && (
          <Button autoInsertSpace={false} size="small" type="link" onClick={() => uploader.pause(item.uuid)}>
            暂停
          </Button>
        )}
        {item.status === 'paused' && (
          <Button autoInsertSpace={false} size="small" type="link" onClick={() => uploader.resume(item.uuid)}>
            继续
          </Button>
        )}
        {item.status === 'failure' && (
          <Button autoInsertSpace={false} size="small" type="link" onClick={() => uploader.retry(item.uuid)}>
            重试
          </Button>
        )}
        {['added', 'ready', 'uploading', 'paused'].includes(item.status) && (
          <Button autoInsertSpace={false} size="small" type="link" danger onClick={() => uploader.cancel(item.uuid)}>
            取消
          </Button>
        )}
        {['success', 'canceled', 'failure'].includes(item.status) && (
          <Button autoInsertSpace={false} size="small" type="link" onClick={() => uploader.remove(item.uuid)}>
            移除
          </Button>
        )}
      </div>
    </li>
  );
};

/** The upload queue: each file with its state, progress, speed and what can be done with it. */
export const UploadQueue = ({ items, uploader }: { items: readonly UploadItem[]; uploader: Uploader }) =>
  items.length === 0 ? null : (
    <ul className={styles.queue} aria-label="上传列表">
      {items.map((item) => (
        <Row key={item.uuid} item={item} uploader={uploader} />
      ))}
    </ul>
  );
