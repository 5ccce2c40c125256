import type { ClassroomKind, ClassroomQueueItem } from '@zyk/shared';
import { Button, Input, message, Space, Table, type TableProps, Tabs } from 'antd';
import { useState } from 'react';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { CLASSROOM_PAGE_SIZE } from '../api/review-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { NoSpaceButtons } from '../components/no-space-buttons.tsx';
import { ReasonDialog, type ReasonRequest } from '../components/reason-dialog.tsx';
import { useApproveClassroom, useClassroomQueue, useRejectClassroom } from '../hooks/use-review.ts';
import styles from './review.module.css';

const LABEL: Record<ClassroomKind, string> = { course: '课程', topic: '专题' };

/** /admin/classroom-review: pending courses and topics (tabs), approve or reject with a reason. */
export const ClassroomReviewPage = () => {
  const [kind, setKind] = useState<ClassroomKind>('course');
  return (
    <TouchSize>
      <NoSpaceButtons>
        <ConsolePage
          title="课程与专题审核"
          description="精品课堂中待审核的课程与专题。教研员审核本学段学科的课程，以及包含本学段学科课程的专题。"
        >
          <Tabs
            activeKey={kind}
            onChange={(key) => setKind(key as ClassroomKind)}
            items={(['course', 'topic'] as const).map((k) => ({
              key: k,
              label: `待审核${LABEL[k]}`,
              children: <ClassroomQueue kind={k} />,
            }))}
          />
        </ConsolePage>
      </NoSpaceButtons>
    </TouchSize>
  );
};

const ClassroomQueue = ({ kind }: { kind: ClassroomKind }) => {
  const [toast, toastHolder] = message.useMessage();
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const queue = useClassroomQueue(kind, current, keyword);
  const label = LABEL[kind];
  const rows = queue.data?.objList ?? [];

  const approve = useApproveClassroom();
  const reject = useRejectClassroom();
  // Through the promise rather than per-call callbacks: rows approve independently, and each answer gets its toast.
  const approveRow = (row: ClassroomQueueItem) =>
    approve.mutateAsync({ kind, id: row.id }).then(
      (done) => void toast.success(`已通过${label}《${done.title}》，已发布`),
      (error: unknown) => void toast.error(errorText(error, '审核失败，请稍后重试')),
    );
  const askReject = (row: ClassroomQueueItem) =>
    setReason({
      title: `驳回${label}《${row.title}》`,
      label: '驳回原因',
      okText: '驳回',
      danger: true,
      onSubmit: async (text) => {
        try {
          await reject.mutateAsync({ kind, id: row.id, reason: text });
          void toast.success(`已驳回${label}《${row.title}》，作者会收到驳回原因`);
        } catch (error) {
          void toast.error(errorText(error, '驳回失败，请稍后重试'));
          throw error;
        }
      },
    });

  const columns: TableProps<ClassroomQueueItem>['columns'] = [
    {
      title: label,
      key: 'title',
      render: (_, row) => (
        <div className={styles.titleCell}>
          <strong>{row.title}</strong>
          {row.description && <span className={styles.muted}>{row.description}</span>}
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
    ...(kind === 'course'
      ? [
          {
            title: '学段学科',
            key: 'subject',
            width: 110,
            render: (_: unknown, row: ClassroomQueueItem) =>
              [row.stageName, row.subjectName].filter(Boolean).join('') || '—',
          },
        ]
      : []),
    {
      title: kind === 'course' ? '课时' : '课程',
      key: 'parts',
      width: 90,
      render: (_, row) => `${row.parts.length} 个`,
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: (at: string) => formatDateTime(at) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={4}>
          <Button
            type="link"
            loading={approve.isPending && approve.variables?.id === row.id}
            onClick={() => void approveRow(row)}
            aria-label={`通过${label}《${row.title}》`}
          >
            通过
          </Button>
          <Button type="link" danger onClick={() => askReject(row)} aria-label={`驳回${label}《${row.title}》`}>
            驳回
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {toastHolder}
      <div className={styles.toolbar}>
        <Input.Search
          aria-label={`${label}标题关键词`}
          placeholder="标题关键词"
          allowClear
          className={styles.search}
          value={typed}
          maxLength={50}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setCurrent(1);
          }}
        />
      </div>
      {queue.isError ? (
        <LoadError message={errorText(queue.error, `待审核${label}加载失败`)} onRetry={() => void queue.refetch()} />
      ) : !queue.isPending && rows.length === 0 ? (
        <EmptyState title={`没有待审核的${label}`} />
      ) : (
        <Table<ClassroomQueueItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={queue.isFetching}
          scroll={{ x: 860 }}
          expandable={{
            rowExpandable: (row) => row.parts.length > 0,
            expandedRowRender: (row) => (
              <ol className={styles.parts} aria-label={kind === 'course' ? '课时' : '专题中的课程'}>
                {row.parts.map((part, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; the order is the identity
                  <li key={i}>{part}</li>
                ))}
              </ol>
            ),
          }}
          locale={{ emptyText: `没有待审核的${label}` }}
          pagination={{
            current,
            pageSize: CLASSROOM_PAGE_SIZE,
            total: queue.data?.pageBean.totalCount ?? 0,
            showTotal: (total) => `共 ${total} 个`,
            showSizeChanger: false,
            onChange: setCurrent,
          }}
        />
      )}
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </>
  );
};
