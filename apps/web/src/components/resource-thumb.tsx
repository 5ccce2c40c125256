import { FileTextOutlined, PlayCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import type { ResourceType } from '@zyk/shared';
import { useState } from 'react';
import { thumbnailUrl } from '../lib/api.ts';
import styles from './resource-thumb.module.css';

const ICONS: Record<ResourceType, typeof FileTextOutlined> = {
  MICRO_COURSE: PlayCircleOutlined,
  DOCUMENT: FileTextOutlined,
  ACHIEVEMENT: TrophyOutlined,
};

/**
 * A resource's picture: the file's thumbnail, or (no file, a paid file a visitor cannot see, an image that fails)
 * a placeholder in the colours of the resource type.
 */
export const ResourceThumb = ({
  type,
  fileId,
  className,
}: {
  type: ResourceType;
  fileId: string | null;
  className?: string;
}) => {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const Icon = ICONS[type];
  const showImage = fileId !== null && failedFor !== fileId;
  return (
    <div className={`${styles.thumb} ${styles[type] ?? ''} ${className ?? ''}`} data-type={type}>
      {showImage ? (
        <img
          className={styles.image}
          src={thumbnailUrl(fileId)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedFor(fileId)}
        />
      ) : (
        <Icon className={styles.icon} aria-hidden />
      )}
    </div>
  );
};
