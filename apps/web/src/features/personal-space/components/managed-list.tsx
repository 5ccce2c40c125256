import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { SPACE_PAGE_SIZE } from '../api/space-api.ts';
import styles from './space.module.css';

interface Page<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

/**
 * A panel listing things I made (courses, topics) in a table with a 新建 button: loading, error and empty states,
 * and numbered pages of 10. The editor dialog comes in as `children`.
 */
export const ManagedList = <T extends { id: number }>({
  id,
  title,
  createLabel,
  onCreate,
  list,
  columns,
  page,
  onPage,
  empty,
  testId,
  children,
}: {
  id: string;
  title: string;
  createLabel: string;
  onCreate: () => void;
  list: UseQueryResult<Page<T>>;
  columns: ColumnsType<T>;
  page: number;
  onPage: (page: number) => void;
  empty: { title: string; hint: string };
  testId: string;
  children?: ReactNode;
}) => {
  const total = list.data?.pageBean.totalCount ?? 0;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <header className={styles.panelHeader}>
        <h1 id={id} className={styles.panelTitle}>
          {title}
        </h1>
        <Button className={styles.panelAction} type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
          {createLabel}
        </Button>
      </header>
      {list.isError && !list.data ? (
        <LoadError message={errorText(list.error, `${title}加载失败`)} onRetry={() => void list.refetch()} />
      ) : (
        <Table<T>
          rowKey="id"
          loading={list.isPending || list.isFetching}
          columns={columns}
          dataSource={list.data?.objList ?? []}
          pagination={
            total > SPACE_PAGE_SIZE
              ? { current: page, pageSize: SPACE_PAGE_SIZE, total, onChange: onPage, showSizeChanger: false }
              : false
          }
          locale={{ emptyText: list.isPending ? ' ' : <EmptyState title={empty.title} hint={empty.hint} /> }}
          data-testid={testId}
        />
      )}
      {children}
    </section>
  );
};

/**
 * The dialog of a create-or-edit form: while an existing record loads a skeleton, when it cannot be loaded the
 * reason; otherwise the form.
 */
export const EditorModal = ({
  open,
  editing,
  title,
  width,
  existing,
  what,
  onClose,
  children,
}: {
  open: boolean;
  editing: boolean;
  title: string;
  width: number;
  existing: UseQueryResult<unknown>;
  what: string;
  onClose: () => void;
  children: () => ReactNode;
}) => (
  <Modal open={open} title={title} width={width} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
    {editing && existing.isPending ? (
      <Skeleton active paragraph={{ rows: 8 }} />
    ) : editing && existing.isError ? (
      <LoadError message={errorText(existing.error, `${what}加载失败`)} onRetry={() => void existing.refetch()} />
    ) : (
      children()
    )}
  </Modal>
);

/** The end of a form: the server's refusal (if any), 取消 and 提交审核. */
export const FormFooter = ({
  error,
  pending,
  testId,
  onCancel,
}: {
  error: unknown;
  pending: boolean;
  testId: string;
  onCancel: () => void;
}) => (
  <>
    {error !== null && error !== undefined && (
      <Alert
        className={styles.formAlert}
        type="error"
        showIcon
        title={errorText(error, '保存失败，请稍后重试')}
        data-testid={testId}
      />
    )}
    <div className={styles.formActions}>
      <Button onClick={onCancel}>取消</Button>
      <Button type="primary" htmlType="submit" loading={pending}>
        提交审核
      </Button>
    </div>
  </>
);
