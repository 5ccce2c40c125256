import type { UseQueryResult } from '@tanstack/react-query';
import { Input, Result, Select, type TableProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ConsoleTable } from '../console/console-table.tsx';
import type { PromptRequest } from '../console/prompt-dialog.tsx';
import { useIdentity } from '../console/use-identity.ts';
import styles from './money.module.css';

export { PromptDialog, type PromptRequest } from '../console/prompt-dialog.tsx';

import { MONEY_PAGE_SIZE } from './money-api.ts';

/** Whether the administrator reaches the whole district (the money api answers only them). */
export const useDistrictScope = () => !!useIdentity().data?.scope.all;

/**
 * Money is district business: the api refuses a school or subject scope even when a role holds the permission, so
 * the page says so instead of calling it.
 */
export const DistrictOnly = ({ children }: { children: ReactNode }) => {
  const { data } = useIdentity();
  if (data && !data.scope.all) {
    return <Result status="403" title="资金管理只对全区管理员开放" subTitle="请联系区县管理员处理。" />;
  }
  return <>{children}</>;
};

/** A user as the money tables show them: real name, then user name. */
export const PersonCell = ({ realName, userName }: { realName: string; userName: string }) => (
  <span className={styles.stack}>
    <span>{realName || '—'}</span>
    <span className={styles.muted}>{userName}</span>
  </span>
);

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'gold',
  REQUESTED: 'gold',
  UNUSED: 'blue',
  PAID: 'green',
  APPROVED: 'green',
  ISSUED: 'green',
  USED: 'default',
  REJECTED: 'red',
  REFUNDED: 'purple',
  EXPIRED: 'default',
};

export const StatusTag = ({ status, labels }: { status: string; labels: Record<string, string> }) => (
  <Tag color={STATUS_COLORS[status] ?? 'default'}>{labels[status] ?? status}</Tag>
);

/** A reason dialog's request: 驳回原因, required, at most 200 characters. */
export const reasonRequest = (title: string, onSubmit: (reason: string) => Promise<unknown>): PromptRequest => ({
  title,
  label: '驳回原因',
  okText: '驳回',
  danger: true,
  placeholder: '用户会在消息中看到此原因',
  onSubmit,
});

/** The query of a money list: the page, and the status and user name filters. */
export interface MoneyListQuery<S extends string> {
  current: number;
  status?: S | undefined;
  userName?: string | undefined;
}

/**
 * A money page's list: the filters (状态, then user name; `filtersBefore` ahead of them), then the paged table, or
 * why it could not load. Each filter goes back to the first page.
 */
export const MoneyList = <T extends object, S extends string, Q extends MoneyListQuery<S>>({
  filtersLabel,
  filtersBefore,
  statusLabel,
  statusLabels,
  userSearch = { label: '按用户名查找', placeholder: '用户名' },
  query,
  setQuery,
  list,
  loadErrorText,
  tableLabel,
  emptyText,
  testId,
  columns,
  scrollX,
  totalText = (total) => `共 ${total} 条`,
}: {
  /** The name of the filters (a `<search>` landmark). */
  filtersLabel: string;
  filtersBefore?: ReactNode;
  statusLabel: string;
  statusLabels: Record<S, string>;
  userSearch?: { label: string; placeholder: string };
  query: Q;
  setQuery: (query: Q) => void;
  list: UseQueryResult<{ objList: T[]; pageBean: { totalCount: number } }>;
  loadErrorText: string;
  tableLabel: string;
  emptyText: string;
  testId: string;
  columns: TableProps<T>['columns'];
  scrollX: number;
  totalText?: (total: number) => string;
}) => (
  <>
    <search className={styles.toolbar} aria-label={filtersLabel}>
      {filtersBefore}
      <Select<S | 'ALL'>
        aria-label={statusLabel}
        className={styles.filter}
        value={query.status ?? 'ALL'}
        onChange={(value) => setQuery({ ...query, current: 1, status: value === 'ALL' ? undefined : value })}
        options={[
          { value: 'ALL', label: '全部状态' },
          ...Object.entries<string>(statusLabels).map(([value, label]) => ({ value: value as S, label })),
        ]}
      />
      <Input.Search
        aria-label={userSearch.label}
        placeholder={userSearch.placeholder}
        allowClear
        className={styles.search}
        onSearch={(value) => setQuery({ ...query, current: 1, userName: value.trim() || undefined })}
      />
    </search>
    {list.isError ? (
      <LoadError message={errorText(list.error, loadErrorText)} onRetry={() => void list.refetch()} />
    ) : (
      <ConsoleTable<T>
        label={tableLabel}
        rowKey="id"
        columns={columns}
        dataSource={list.data?.objList ?? []}
        loading={list.isFetching}
        scroll={{ x: scrollX }}
        emptyText={emptyText}
        data-testid={testId}
        pagination={{
          current: query.current,
          pageSize: MONEY_PAGE_SIZE,
          total: list.data?.pageBean.totalCount ?? 0,
          showTotal: totalText,
          showSizeChanger: false,
          onChange: (current) => setQuery({ ...query, current }),
        }}
      />
    )}
  </>
);
