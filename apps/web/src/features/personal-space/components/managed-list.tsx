import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, message, Skeleton } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import panelStyles from '../../../components/panel.module.css';
import { RecordTable } from '../../../components/record-table.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate } from '../../../lib/format.ts';
import { SPACE_PAGE_SIZE } from '../api/space-api.ts';
import type { EditorSlots } from './slot-field.tsx';
import styles from './space.module.css';
import { StatusTag } from './status-tag.tsx';

interface Page<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

/**
 * The state of a managed list page: its page number, which record the editor dialog is open on (id null: a new
 * one) and the toast that reports the editor's outcome. `editor` goes to the editor component as props.
 */
export const useManagedList = () => {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [toast, toastHolder] = message.useMessage();
  const editor = {
    open: editing !== null,
    id: editing?.id ?? null,
    onClose: () => setEditing(null),
    onDone: (text: string) => {
      setEditing(null);
      void toast.success(text);
    },
  };
  return { page, setPage, edit: (id: number | null) => setEditing({ id }), toast, toastHolder, editor };
};

/** The 审核状态 (with the reviewer's note) and 发布时间 columns of a list of things I made. */
export const reviewColumns = <
  T extends {
    status: Parameters<typeof StatusTag>[0]['status'];
    reviewNote: string | null;
    publishedAt: string | null;
  },
>(): ColumnsType<T> => [
  {
    title: '审核状态',
    key: 'status',
    width: 180,
    render: (_, r) => (
      <>
        <StatusTag status={r.status} />
        {r.reviewNote && <div className={styles.note}>{r.reviewNote}</div>}
      </>
    ),
  },
  { title: '发布时间', key: 'publishedAt', width: 110, render: (_, r) => formatDate(r.publishedAt) || '—' },
];

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
        <h1 id={id} className={panelStyles.panelTitle}>
          {title}
        </h1>
        <Button
          className={panelStyles.panelAction}
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={onCreate}
        >
          {createLabel}
        </Button>
      </header>
      {list.isError && !list.data ? (
        <LoadError message={errorText(list.error, `${title}加载失败`)} onRetry={() => void list.refetch()} />
      ) : (
        <RecordTable<T>
          rowKey="id"
          loading={list.isPending || list.isFetching}
          columns={columns}
          dataSource={list.data?.objList ?? []}
          pagination={
            total > SPACE_PAGE_SIZE
              ? { current: page, pageSize: SPACE_PAGE_SIZE, total, onChange: onPage, showSizeChanger: false }
              : false
          }
          emptyText={list.isPending ? ' ' : <EmptyState title={empty.title} hint={empty.hint} />}
          testId={testId}
        />
      )}
      {children}
    </section>
  );
};

/** The props of a create-or-edit dialog (id null: creating). */
export interface EditorProps {
  open: boolean;
  id: number | null;
  slots: EditorSlots;
  onDone: (message: string) => void;
  onClose: () => void;
}

/**
 * The dialog creating (id null) or editing a `what` (课程, 专题): while an existing record loads a skeleton, when it
 * cannot be loaded the reason; otherwise the form.
 */
export const EditorModal = ({
  open,
  id,
  width,
  existing,
  what,
  onClose,
  children,
}: {
  open: boolean;
  id: number | null;
  width: number;
  existing: UseQueryResult<unknown>;
  what: string;
  onClose: () => void;
  children: () => ReactNode;
}) => {
  const editing = id !== null;
  return (
    <Modal
      open={open}
      title={editing ? `编辑${what}` : `新建${what}`}
      width={width}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {editing && existing.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : editing && existing.isError ? (
        <LoadError message={errorText(existing.error, `${what}加载失败`)} onRetry={() => void existing.refetch()} />
      ) : (
        children()
      )}
    </Modal>
  );
};

/** A form's first two fields: the `what` (课程, 专题) name of 2–100 characters and its description. */
export const NameFields = ({
  what,
  namePlaceholder,
  descriptionPlaceholder,
}: {
  what: string;
  namePlaceholder: string;
  descriptionPlaceholder?: string;
}) => (
  <>
    <Form.Item
      name="title"
      label={`${what}名称`}
      rules={[
        { required: true, whitespace: true, message: `请输入${what}名称` },
        { min: 2, max: 100, message: `${what}名称为 2–100 个字` },
      ]}
    >
      <Input placeholder={namePlaceholder} maxLength={100} />
    </Form.Item>
    <Form.Item name="description" label={`${what}简介`} rules={[{ max: 2000, message: '简介不能超过 2000 个字' }]}>
      <Input.TextArea rows={3} placeholder={descriptionPlaceholder} maxLength={2000} showCount />
    </Form.Item>
  </>
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
