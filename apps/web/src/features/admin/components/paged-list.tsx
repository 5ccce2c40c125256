import type { UseQueryResult } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ConsoleTable } from './console-table.tsx';
import styles from './paged-list.module.css';

/** The class names a list's filters use, so every console toolbar lines up the same way. */
export const filterStyles = styles;

/** One page of a console list, as every paged admin list answers. */
export interface ListPage<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

/**
 * A console's paged list: its filters (a `<search>` landmark), then the table with its pager, or why the page could
 * not load and a retry. The page owns the query; the pager asks for another page through `onPage`.
 */
export const PagedList = <T extends object>({
  filtersLabel,
  filters,
  list,
  current,
  pageSize,
  onPage,
  loadErrorText,
  tableLabel,
  emptyText,
  testId,
  columns,
  scrollX,
  totalText = (total) => `共 ${total} 条`,
}: {
  /** The name of the filters landmark. */
  filtersLabel: string;
  filters: ReactNode;
  list: UseQueryResult<ListPage<T>>;
  current: number;
  pageSize: number;
  onPage: (current: number) => void;
  loadErrorText: string;
  tableLabel: string;
  emptyText: string;
  testId?: string;
  columns: TableProps<T>['columns'];
  scrollX: number;
  totalText?: (total: number) => string;
}) => (
  <>
    <search className={styles.toolbar} aria-label={filtersLabel}>
      {filters}
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
          current,
          pageSize,
          total: list.data?.pageBean.totalCount ?? 0,
          showTotal: totalText,
          showSizeChanger: false,
          onChange: onPage,
        }}
      />
    )}
  </>
);
