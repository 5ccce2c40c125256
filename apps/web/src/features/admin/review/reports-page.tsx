import { REPORT_CATEGORIES, RESOURCE_STATUS_LABELS, RESOURCE_TYPE_LABELS, type ReportGroup } from '@zyk/shared';
import { Button, message, Select, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { REPORTS_PAGE_SIZE } from '../api/review-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { NoSpaceButtons } from '../components/no-space-buttons.tsx';
import { ReasonDialog, type ReasonRequest } from '../components/reason-dialog.tsx';
import { useDismissReports, useReportGroups, useTakeDownReported } from '../hooks/use-review.ts';
import styles from './review.module.css';

/**
 * /admin/reports: open reports grouped by resource (most reported first), with their categories, reporters and
 * latest texts; dismiss them all with a note, or take the resource down (both tell the reporters).
 */
export const ReportsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [current, setCurrent] = useState(1);
  const [category, setCategory] = useState<string | undefined>();
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const groups = useReportGroups(current, category);
  const dismiss = useDismissReports();
  const takeDown = useTakeDownReported();
  const rows = groups.data?.objList ?? [];

  const decide = (row: ReportGroup, how: 'dismiss' | 'takedown') =>
    setReason({
      title: how === 'dismiss' ? `驳回对《${row.title}》的举报` : `下架《${row.title}》`,
      label: how === 'dismiss' ? '处理说明' : '下架原因',
      okText: how === 'dismiss' ? '驳回举报' : '下架',
      danger: how === 'takedown',
      onSubmit: async (text) => {
        try {
          const done =
            how === 'dismiss'
              ? await dismiss.mutateAsync({ resourceId: row.resourceId, note: text })
              : await takeDown.mutateAsync({ resourceId: row.resourceId, reason: text });
          void toast.success(
            how === 'dismiss'
              ? `已驳回 ${done.closed} 条举报，资源保持不变`
              : `已下架《${row.title}》，关闭举报 ${done.closed} 条`,
          );
        } catch (error) {
          void toast.error(errorText(error, '处理失败，请稍后重试'));
          throw error;
        }
      },
    });

  const columns: TableProps<ReportGroup>['columns'] = [
    {
      title: '被举报的资源',
      key: 'title',
      render: (_, row) => (
        <div className={styles.titleCell}>
          <strong>{row.title}</strong>
          <span className={styles.muted}>
            {RESOURCE_TYPE_LABELS[row.type]} · {row.authorName} · {RESOURCE_STATUS_LABELS[row.status]}
          </span>
        </div>
      ),
    },
    {
      title: '举报',
      key: 'count',
      width: 170,
      render: (_, row) => (
        <div className={styles.titleCell}>
          <strong>{row.count} 条</strong>
          <span>
            {row.categories.map((c) => (
              <Tag key={c.category} color="orange">
                {c.label} {c.count}
              </Tag>
            ))}
          </span>
        </div>
      ),
    },
    {
      title: '最近的举报',
      key: 'latest',
      width: 320,
      render: (_, row) => (
        <ul className={styles.reportList}>
          {row.latest.map((r) => (
            <li key={r.id} className={styles.reportText}>
              <span className={styles.muted}>
                {r.reporterName} · {r.label} · {formatDateTime(r.createdAt)}
              </span>
              {r.content && <div>{r.content}</div>}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button type="link" onClick={() => decide(row, 'dismiss')} aria-label={`驳回举报：《${row.title}》`}>
            驳回举报
          </Button>
          <Button
            type="link"
            danger
            disabled={row.status !== 'PUBLISHED'}
            onClick={() => decide(row, 'takedown')}
            aria-label={`下架：《${row.title}》`}
          >
            下架
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <TouchSize>
      <NoSpaceButtons>
        {toastHolder}
        <ConsolePage
          title="举报处理"
          description="未处理的举报按资源归并，举报多的在前。驳回或下架都会关闭该资源的全部未处理举报，并通知举报人。"
        >
          <div className={styles.toolbar}>
            <Select
              aria-label="举报类型"
              placeholder="全部举报类型"
              allowClear
              className={styles.typeSelect}
              value={category}
              onChange={(value?: string) => {
                setCategory(value);
                setCurrent(1);
              }}
              options={Object.entries(REPORT_CATEGORIES).map(([value, label]) => ({ value, label }))}
            />
          </div>
          {groups.isError ? (
            <LoadError message={errorText(groups.error, '举报加载失败')} onRetry={() => void groups.refetch()} />
          ) : !groups.isPending && rows.length === 0 ? (
            <EmptyState title="没有未处理的举报" />
          ) : (
            <Table<ReportGroup>
              rowKey="resourceId"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={groups.isFetching}
              scroll={{ x: 900 }}
              locale={{ emptyText: '没有未处理的举报' }}
              pagination={{
                current,
                pageSize: REPORTS_PAGE_SIZE,
                total: groups.data?.pageBean.totalCount ?? 0,
                showTotal: (total) => `共 ${total} 个资源`,
                showSizeChanger: false,
                onChange: setCurrent,
              }}
            />
          )}
        </ConsolePage>
        <ReasonDialog request={reason} onClose={() => setReason(null)} />
      </NoSpaceButtons>
    </TouchSize>
  );
};
