import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import {
  formatBytes,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceDetail,
  type ResourceType,
  type ReviewQueueItem,
} from '@zyk/shared';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Grid,
  Input,
  message,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { EmptyState, LoadError, Loading } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import type { ApproveResult, QueueQuery } from '../api/review-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { NoSpaceButtons } from '../components/no-space-buttons.tsx';
import { ReasonDialog, type ReasonRequest } from '../components/reason-dialog.tsx';
import type { StageSubject } from '../components/stage-subject-select.tsx';
import { useIdentity } from '../hooks/use-identity.ts';
import {
  useApproveResources,
  useRejectResource,
  useReviewQueue,
  useReviewResource,
  useTakeDownResource,
} from '../hooks/use-review.ts';
import styles from './review.module.css';

export interface ResourceReviewSlots {
  /** The resource's preview (document pages, the video player), from the resources feature. */
  renderPreview: (resource: ResourceDetail) => ReactNode;
  /** Stage and subject selects, from the dictionary feature. */
  renderStageSubject: (value: StageSubject, onChange: (value: StageSubject) => void) => ReactNode;
}

const PAGE_SIZE = 10;
const LEVEL_LABELS = { 1: '待学校初审', 2: '待区县终审' } as const;

/** What an approval did, in one sentence for the toast. */
const approvedText = (result: ApproveResult) => {
  const published = result.approved.filter((a) => a.outcome === 'published').length;
  const school = result.approved.length - published;
  const parts = [
    published ? `已通过并发布 ${published} 个资源` : null,
    school ? `学校初审通过 ${school} 个资源，已转区县终审` : null,
    result.skipped.length ? `跳过 ${result.skipped.length} 个（${result.skipped[0]!.reason}）` : null,
  ];
  return parts.filter(Boolean).join('；');
};

/**
 * /admin/review: the pending resources the administrator's scope reaches (filters, paging, oldest first), batch
 * approval, and a drawer with the details, the preview and the decision (通过, 驳回 with a reason). With two-level
 * review each row says where it waits, and only the rows the administrator may decide on can be selected.
 */
export const ResourceReviewPage = ({ renderPreview, renderStageSubject }: ResourceReviewSlots) => {
  const identity = useIdentity();
  const twoLevels = identity.data?.reviewLevels === 2;
  const [toast, toastHolder] = message.useMessage();
  const [query, setQuery] = useState<QueueQuery>({ current: 1, size: PAGE_SIZE, sortWay: 'ASC' });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const queue = useReviewQueue(query);
  const compact = Grid.useBreakpoint().md === false;
  const rows = queue.data?.objList ?? [];
  const actionableIds = rows.filter((r) => r.actionable).map((r) => r.id);
  const allSelected = actionableIds.length > 0 && actionableIds.every((id) => selected.includes(id));

  const filter = (patch: Partial<QueueQuery>) => setQuery((q) => ({ ...q, ...patch, current: 1 }));

  const approve = useApproveResources();
  const reject = useRejectResource();
  const takeDown = useTakeDownResource();
  const approveIds = (ids: number[]) =>
    approve.mutate(ids, {
      onSuccess: (result) => {
        void toast.success(approvedText(result));
        setOpenId(null);
        setSelected([]);
      },
      onError: (error) => {
        void toast.error(errorText(error, '审核失败，请稍后重试'));
        setSelected([]);
      },
    });
  const askReject = (row: { id: number; title: string }) =>
    setReason({
      title: `驳回《${row.title}》`,
      label: '驳回原因',
      okText: '驳回',
      danger: true,
      onSubmit: async (text) => {
        try {
          await reject.mutateAsync({ id: row.id, reason: text });
          void toast.success(`已驳回《${row.title}》，作者会收到驳回原因`);
          setOpenId(null);
          setSelected([]);
        } catch (error) {
          void toast.error(errorText(error, '驳回失败，请稍后重试'));
          setSelected([]);
          throw error;
        }
      },
    });
  const askTakedown = (row: { id: number; title: string }) =>
    setReason({
      title: `下架《${row.title}》`,
      label: '下架原因',
      okText: '下架',
      danger: true,
      onSubmit: async (text) => {
        try {
          await takeDown.mutateAsync({ id: row.id, reason: text });
          void toast.success(`已下架《${row.title}》`);
          setSelected([]);
        } catch (error) {
          void toast.error(errorText(error, '下架失败，请稍后重试'));
          throw error;
        }
      },
    });

  const columns: TableProps<ReviewQueueItem>['columns'] = [
    {
      title: '资源',
      key: 'title',
      render: (_, row) => (
        <div className={styles.titleCell}>
          <Button type="link" className={styles.titleLink} onClick={() => setOpenId(row.id)}>
            {row.title}
          </Button>
          <span className={styles.muted}>
            {RESOURCE_TYPE_LABELS[row.type]}
            {row.fileType ? ` · ${row.fileType.toUpperCase()}` : ''}
            {row.fileSize !== null ? ` · ${formatBytes(row.fileSize)}` : ''}
            {row.fileCount > 1 ? ` · 共 ${row.fileCount} 个文件` : ''}
          </span>
        </div>
      ),
    },
    {
      title: '作者',
      key: 'author',
      width: 160,
      render: (_, row) => (
        <div className={styles.titleCell}>
          <span>{row.authorName}</span>
          <span className={styles.muted}>{row.schoolName ?? '—'}</span>
        </div>
      ),
    },
    {
      title: '学段学科',
      key: 'subject',
      width: 110,
      render: (_, row) => [row.stageName, row.subjectName].filter(Boolean).join('') || '—',
    },
    {
      title: '价格',
      dataIndex: 'price',
      width: 90,
      render: (price: number) => formatPrice(price),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      width: 170,
      sorter: true,
      sortOrder: query.sortWay === 'DESC' ? 'descend' : 'ascend',
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (at: string) => formatDateTime(at),
    },
    ...(twoLevels
      ? [
          {
            title: '审核级别',
            key: 'level',
            width: 130,
            render: (_: unknown, row: ReviewQueueItem) => (
              <div className={styles.titleCell}>
                <Tag color={row.level === 1 ? 'gold' : 'blue'}>{LEVEL_LABELS[row.level]}</Tag>
                {row.schoolReviewerName && <span className={styles.muted}>初审：{row.schoolReviewerName}</span>}
              </div>
            ),
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: compact ? undefined : 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button type="link" onClick={() => setOpenId(row.id)}>
            查看
          </Button>
          <Button
            type="link"
            disabled={!row.actionable || approve.isPending}
            onClick={() => approveIds([row.id])}
            aria-label={`通过《${row.title}》`}
          >
            通过
          </Button>
          <Button type="link" danger disabled={!row.actionable} onClick={() => askReject(row)}>
            驳回
          </Button>
        </Space>
      ),
    },
  ];

  const scopeText = identity.data?.scope.all
    ? '全区'
    : [
        identity.data?.scope.schoolName,
        `${identity.data?.scope.stageName ?? ''}${identity.data?.scope.subjectName ?? ''}`,
      ]
        .filter(Boolean)
        .join('、');

  return (
    <TouchSize>
      <NoSpaceButtons>
        {toastHolder}
        <ConsolePage
          title="资源审核"
          description={
            <>
              管理范围（{scopeText || '—'}）内待审核的资源，先提交的在前。
              {twoLevels
                ? '本平台实行两级审核：学校管理员初审，教研员或区县管理员终审后发布。'
                : '审核通过后资源立即发布。'}
            </>
          }
          actions={
            <Space wrap>
              <Button
                disabled={actionableIds.length === 0}
                onClick={() => setSelected(allSelected ? [] : actionableIds)}
              >
                {allSelected ? '取消全选' : '全选本页'}
              </Button>
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden />}
                disabled={selected.length === 0}
                loading={approve.isPending}
                onClick={() => approveIds(selected)}
              >
                批量通过{selected.length ? `（${selected.length}）` : ''}
              </Button>
            </Space>
          }
        >
          <div className={styles.toolbar}>
            <Select
              aria-label="资源类型"
              placeholder="全部类型"
              allowClear
              className={styles.typeSelect}
              value={query.type}
              onChange={(type?: ResourceType) => filter({ type })}
              options={Object.entries(RESOURCE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            {renderStageSubject({ stageId: query.stageId ?? null, subjectId: query.subjectId ?? null }, (v) =>
              filter({ stageId: v.stageId ?? undefined, subjectId: v.subjectId ?? undefined }),
            )}
            {twoLevels && (
              <Select
                aria-label="审核级别"
                placeholder="全部级别"
                allowClear
                className={styles.typeSelect}
                value={query.level}
                onChange={(level?: 1 | 2) => filter({ level })}
                options={[
                  { value: 1, label: LEVEL_LABELS[1] },
                  { value: 2, label: LEVEL_LABELS[2] },
                ]}
              />
            )}
            <Input.Search
              aria-label="标题关键词"
              placeholder="标题关键词"
              allowClear
              className={styles.search}
              value={keyword}
              maxLength={50}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => filter({ keyword: value.trim() || undefined })}
            />
          </div>
          {queue.isError ? (
            <LoadError message={errorText(queue.error, '待审核资源加载失败')} onRetry={() => void queue.refetch()} />
          ) : !queue.isPending && rows.length === 0 ? (
            <EmptyState
              title="没有待审核的资源"
              hint={query.keyword || query.type || query.stageId || query.level ? '可以换个筛选条件看看' : undefined}
            />
          ) : (
            <Table<ReviewQueueItem>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={queue.isFetching}
              scroll={{ x: twoLevels ? 1090 : 960 }}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row) => ({ disabled: !row.actionable, 'aria-label': `选择《${row.title}》` }),
                // The header's select-all is cloned into antd's hidden measure row, where it stays focusable: the
                // page's own 全选本页 button does its work.
                hideSelectAll: true,
              }}
              locale={{ emptyText: '没有待审核的资源' }}
              pagination={{
                current: query.current ?? 1,
                pageSize: PAGE_SIZE,
                total: queue.data?.pageBean.totalCount ?? 0,
                showTotal: (total) => `共 ${total} 个`,
                showSizeChanger: false,
              }}
              onChange={(pagination, _filters, sorter) => {
                const order = Array.isArray(sorter) ? sorter[0]?.order : sorter.order;
                const sortWay = order === 'descend' ? 'DESC' : 'ASC';
                setQuery((q) => ({
                  ...q,
                  sortWay,
                  current: sortWay === q.sortWay ? (pagination.current ?? 1) : 1,
                }));
              }}
            />
          )}
        </ConsolePage>
        <Drawer
          open={openId !== null}
          onClose={() => setOpenId(null)}
          title="资源详情"
          size={compact ? '100%' : 880}
          destroyOnHidden
        >
          {openId !== null && (
            <ReviewDetail
              id={openId}
              twoLevels={twoLevels}
              renderPreview={renderPreview}
              approving={approve.isPending}
              onApprove={(id) => approveIds([id])}
              onReject={askReject}
              onTakedown={askTakedown}
            />
          )}
        </Drawer>
        <ReasonDialog request={reason} onClose={() => setReason(null)} />
      </NoSpaceButtons>
    </TouchSize>
  );
};

/** The drawer's content: facts, description, the preview, and the decision buttons. */
const ReviewDetail = ({
  id,
  twoLevels,
  renderPreview,
  approving,
  onApprove,
  onReject,
  onTakedown,
}: {
  id: number;
  twoLevels: boolean;
  renderPreview: ResourceReviewSlots['renderPreview'];
  approving: boolean;
  onApprove: (id: number) => void;
  onReject: (row: { id: number; title: string }) => void;
  onTakedown: (row: { id: number; title: string }) => void;
}) => {
  const detail = useReviewResource(id);
  if (detail.isPending) {
    return (
      <div className={styles.centered}>
        <Loading />
      </div>
    );
  }
  if (detail.isError) {
    return <LoadError message={errorText(detail.error, '资源详情加载失败')} onRetry={() => void detail.refetch()} />;
  }
  const r = detail.data;
  const pending = r.status === 'PENDING';
  return (
    <div className={styles.detail} data-testid="review-detail">
      <h2 className={styles.detailTitle}>{r.title}</h2>
      {pending && !r.actionable && (
        <Alert
          type="info"
          showIcon
          title={r.level === 1 ? '该资源正等待学校管理员初审' : '该资源已通过学校初审，正等待区县终审'}
        />
      )}
      <Space wrap className={styles.decision}>
        {pending && (
          <>
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              disabled={!r.actionable}
              loading={approving}
              onClick={() => onApprove(r.id)}
            >
              通过
            </Button>
            <Button danger icon={<CloseOutlined aria-hidden />} disabled={!r.actionable} onClick={() => onReject(r)}>
              驳回
            </Button>
          </>
        )}
        {r.status === 'PUBLISHED' && (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={() => onTakedown(r)}>
            下架
          </Button>
        )}
      </Space>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'status', label: '状态', children: RESOURCE_STATUS_LABELS[r.status] },
          { key: 'type', label: '类型', children: RESOURCE_TYPE_LABELS[r.type] },
          { key: 'author', label: '作者', children: r.authorName },
          { key: 'school', label: '学校', children: r.schoolName ?? '—' },
          {
            key: 'subject',
            label: '学段学科',
            children: [r.stageName, r.subjectName].filter(Boolean).join('') || '—',
          },
          { key: 'price', label: '价格', children: formatPrice(r.price) },
          { key: 'submitted', label: '提交时间', children: formatDateTime(r.submittedAt) },
          ...(twoLevels && pending
            ? [
                {
                  key: 'level',
                  label: '审核级别',
                  children:
                    r.level === 2
                      ? `待区县终审（初审：${r.schoolReviewerName ?? '—'}，${formatDateTime(r.schoolReviewedAt)}）`
                      : '待学校初审',
                },
              ]
            : []),
          ...(r.reviewNote ? [{ key: 'note', label: '审核意见', children: r.reviewNote }] : []),
          ...(r.openReports ? [{ key: 'reports', label: '未处理举报', children: `${r.openReports} 条` }] : []),
          {
            key: 'tags',
            label: '标签',
            children: r.tags.length ? r.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '—',
          },
        ]}
      />
      {r.description && <p className={styles.description}>{r.description}</p>}
      <h3 className={styles.previewTitle}>预览</h3>
      {renderPreview(r)}
    </div>
  );
};
