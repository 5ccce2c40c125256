import { RESOURCE_STATUS_LABELS } from '@zyk/shared';
import { Tag } from 'antd';

const COLORS = {
  DRAFT: 'default',
  PENDING: 'gold',
  PUBLISHED: 'green',
  REJECTED: 'red',
  TAKEN_DOWN: 'default',
} as const;

/** The review state of something I made (resource, course, topic). */
export const StatusTag = ({ status }: { status: keyof typeof COLORS }) => (
  <Tag color={COLORS[status]} data-testid="status-tag">
    {RESOURCE_STATUS_LABELS[status]}
  </Tag>
);
