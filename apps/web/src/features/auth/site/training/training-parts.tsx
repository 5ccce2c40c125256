import { Progress, Tag } from 'antd';
import { thumbnailUrl } from '../../../../lib/api.ts';
import { sitePath } from '../frame/site-layout.tsx';
import styles from './training.module.css';

/** The detail page of a project. */
export const projectPath = (id: number) => sitePath(`/trainingCenter/project?id=${id}`);

const STATUS_COLORS: Record<string, string> = {
  进行中: 'processing',
  筹备中: 'gold',
  已结题: 'default',
  已结束: 'default',
};
const LEVEL_COLORS: Record<string, string> = {
  国家级: 'red',
  省级: 'volcano',
  市级: 'orange',
  区级: 'purple',
  校级: 'geekblue',
};

/** A project's status as the project records it (进行中, 已结题…). */
export const StatusTag = ({ status }: { status: string }) => (
  <Tag color={STATUS_COLORS[status] ?? 'default'} className={styles.tag}>
    {status}
  </Tag>
);

export const LevelTag = ({ level }: { level: string }) => (
  <Tag color={LEVEL_COLORS[level] ?? 'blue'} variant="outlined" className={styles.tag}>
    {level}
  </Tag>
);

/** 2025-09-01 至今 / 2023-09-01 至 2025-06-30. */
export const dateRange = (start: string, end: string | null) => `${start} 至 ${end ?? '今'}`;

/** A progress bar with its number, named for screen readers. */
export const ProgressBar = ({ percent, label, testId }: { percent: number; label: string; testId?: string }) => (
  <div className={styles.progress} data-testid={testId} data-percent={percent}>
    <Progress
      percent={percent}
      size="small"
      status={percent >= 100 ? 'success' : 'normal'}
      aria-label={`${label}：${percent}%`}
      format={(p) => `${p ?? 0}%`}
    />
  </div>
);

/** A course's cover: its uploaded picture, otherwise a coloured panel with the first characters of its title. */
export const CourseThumb = ({ fileId, title }: { fileId: string | null; title: string }) => (
  <div className={styles.thumb} aria-hidden>
    {fileId ? (
      <img src={thumbnailUrl(fileId)} alt="" loading="lazy" decoding="async" />
    ) : (
      <span>{title.slice(0, 4)}</span>
    )}
  </div>
);
