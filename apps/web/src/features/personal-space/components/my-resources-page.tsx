import { RESOURCE_TYPE_LABELS } from '@zyk/shared';
import { Alert, Button, Grid, message, Popconfirm, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import panelStyles from '../../../components/panel.module.css';
import { RecordTable } from '../../../components/record-table.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { detailsPath, editPath } from '../../../lib/resource-paths.ts';
import { type MyRecord, type MyUpload, SPACE_PAGE_SIZE, type UploadStatus } from '../api/space-api.ts';
import type { MyListKind } from '../api/space-keys.ts';
import { useClearHistory, useDeleteMyRecord, useDeleteResource, useMyList, useMyUploads } from '../hooks/use-space.ts';
import styles from './space.module.css';
import { StatusTag } from './status-tag.tsx';

const STATUS_FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'PUBLISHED', label: '已发布' },
  { value: 'PENDING', label: '待审核' },
  { value: 'REJECTED', label: '未通过' },
  { value: 'TAKEN_DOWN', label: '已下架' },
] as const;

const isStatus = (value: string | null): value is UploadStatus =>
  value === 'PUBLISHED' || value === 'PENDING' || value === 'REJECTED' || value === 'TAKEN_DOWN';

const pagination = (page: number, total: number, onChange: (page: number) => void) =>
  total > SPACE_PAGE_SIZE
    ? {
        current: page,
        pageSize: SPACE_PAGE_SIZE,
        total,
        onChange,
        showSizeChanger: false,
        showTotal: (n: number) => `共 ${n} 条`,
      }
    : false;

const TitleLink = ({ r }: { r: { id: number; type: MyUpload['type']; title: string } }) => (
  <Link to={detailsPath(r.type, r.id)}>{r.title}</Link>
);

/** My uploads with their review state (and the reason when refused), to view or delete. */
const MyUploads = () => {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const [page, setPage] = useState(1);
  const list = useMyUploads(status, page);
  const remove = useDeleteResource();
  const [toast, toastHolder] = message.useMessage();

  const columns: ColumnsType<MyUpload> = [
    { title: '资源名称', key: 'title', render: (_, r) => <TitleLink r={r} /> },
    { title: '类型', key: 'type', width: 100, render: (_, r) => RESOURCE_TYPE_LABELS[r.type] },
    { title: '价格', key: 'price', width: 80, render: (_, r) => formatPrice(r.price) },
    {
      title: '审核状态',
      key: 'status',
      width: 200,
      render: (_, r) => (
        <>
          <StatusTag status={r.status} />
          {r.reviewNote && <div className={styles.note}>{r.reviewNote}</div>}
        </>
      ),
    },
    { title: '上传时间', key: 'createdAt', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <>
          <Link to={detailsPath(r.type, r.id)}>查看</Link>
          <Link to={editPath(r.type, r.id)} className={styles.rowAction}>
            编辑
          </Link>
          <Popconfirm
            title="删除后资源将从所有列表中消失，确定删除？"
            okText="删除"
            cancelText="取消"
            onConfirm={() =>
              remove.mutateAsync(r.id).then(
                () => void toast.success('已删除'),
                (error: unknown) => void toast.error(errorText(error, '删除失败，请稍后重试')),
              )
            }
          >
            <Button type="link" danger size="small">
              删除
            </Button>
          </Popconfirm>
        </>
      ),
    },
  ];

  return (
    <>
      {toastHolder}
      {params.get('saved') === '1' && (
        <Alert
          type="success"
          showIcon
          closable
          className={styles.savedNotice}
          title="修改已保存，资源已重新提交审核"
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('saved');
            setParams(next, { replace: true });
          }}
        />
      )}
      <ChoiceFilter
        label="审核状态"
        options={STATUS_FILTERS}
        value={status ?? 'all'}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'all') next.delete('status');
          else next.set('status', value);
          setParams(next, { replace: true });
          setPage(1);
        }}
      />
      {list.isError && !list.data ? (
        <LoadError message={errorText(list.error, '资源加载失败')} onRetry={() => void list.refetch()} />
      ) : (
        <RecordTable
          className={styles.table}
          rowKey="id"
          loading={list.isPending || list.isFetching}
          columns={columns}
          dataSource={list.data?.objList ?? []}
          pagination={pagination(page, list.data?.pageBean.totalCount ?? 0, setPage)}
          emptyText={
            list.isPending ? ' ' : <EmptyState title="暂无资源" hint={<Link to="/home/uploadDoc">上传资源</Link>} />
          }
          testId="my-uploads"
        />
      )}
    </>
  );
};

const WHEN: Record<MyListKind, { title: string; empty: string }> = {
  collects: { title: '收藏时间', empty: '还没有收藏资源' },
  downloads: { title: '下载时间', empty: '还没有下载记录' },
  history: { title: '浏览时间', empty: '还没有浏览记录' },
};

/** My collections, downloads or viewing history; downloads and history entries can be removed. */
const MyRecords = ({ kind }: { kind: MyListKind }) => {
  const [page, setPage] = useState(1);
  const list = useMyList(kind, page);
  const remove = useDeleteMyRecord(kind === 'downloads' ? 'downloads' : 'history');
  const clear = useClearHistory();
  const [toast, toastHolder] = message.useMessage();
  const items = list.data?.objList ?? [];
  const fail = (error: unknown) => void toast.error(errorText(error, '操作失败，请稍后重试'));

  const columns: ColumnsType<MyRecord> = [
    { title: '资源名称', key: 'title', render: (_, r) => <TitleLink r={r} /> },
    { title: '类型', key: 'type', width: 100, render: (_, r) => RESOURCE_TYPE_LABELS[r.type] },
    { title: '作者', key: 'author', width: 120, render: (_, r) => r.authorName },
    {
      title: WHEN[kind].title,
      key: 'when',
      width: 160,
      render: (_, r) => formatDateTime(r.at),
    },
    ...(kind === 'downloads'
      ? [{ title: '次数', key: 'times', width: 70, render: (_: unknown, r: MyRecord) => r.times }]
      : []),
    ...(kind === 'collects'
      ? []
      : [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, r: MyRecord) => (
              <Button type="link" size="small" danger onClick={() => remove.mutate(r.id, { onError: fail })}>
                删除记录
              </Button>
            ),
          },
        ]),
  ];

  return (
    <>
      {toastHolder}
      {kind === 'history' && items.length > 0 && (
        <Popconfirm
          title="确定清空全部浏览记录？"
          okText="清空"
          cancelText="取消"
          onConfirm={() => clear.mutateAsync().then(() => void toast.success('已清空'), fail)}
        >
          <Button className={panelStyles.panelAction}>清空浏览记录</Button>
        </Popconfirm>
      )}
      {list.isError && !list.data ? (
        <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <RecordTable
          rowKey="id"
          loading={list.isPending || list.isFetching}
          columns={columns}
          dataSource={items}
          pagination={pagination(page, list.data?.pageBean.totalCount ?? 0, setPage)}
          emptyText={list.isPending ? ' ' : <EmptyState title={WHEN[kind].empty} />}
          testId={`my-${kind}`}
        />
      )}
    </>
  );
};

const TABS = ['uploads', 'collects', 'downloads', 'history'] as const;
type Tab = (typeof TABS)[number];

/** /personSpace/resource: my uploads, collections, downloads and history, one tab each (kept in the address). */
export const MyResourcesPage = () => {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = TABS.find((t) => t === tabParam) ?? 'uploads';
  const screens = Grid.useBreakpoint();
  return (
    <section className={styles.panel} aria-labelledby="my-resources-title">
      <header className={styles.panelHeader}>
        <h1 id="my-resources-title" className={panelStyles.panelTitle}>
          我的资源
        </h1>
        <Link className={panelStyles.panelAction} to="/home/uploadDoc">
          上传资源
        </Link>
      </header>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'uploads' ? {} : { tab: key })}
        destroyOnHidden
        // Four tabs fit a 360 px phone only closer together; an overflowing tab bar hides tabs behind a menu.
        tabBarGutter={screens.md === false ? 16 : undefined}
        size="middle"
        items={[
          { key: 'uploads', label: '我的上传', children: <MyUploads /> },
          { key: 'collects', label: '我的收藏', children: <MyRecords kind="collects" /> },
          { key: 'downloads', label: '我的下载', children: <MyRecords kind="downloads" /> },
          { key: 'history', label: '浏览历史', children: <MyRecords kind="history" /> },
        ]}
      />
    </section>
  );
};
