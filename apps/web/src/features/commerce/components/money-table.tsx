import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { COMMERCE_PAGE_SIZE } from '../api/commerce-api.ts';
import { pagination } from './account-tabs.tsx';

interface Page<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

/**
 * One page of account records in a table: the reason it could not load (with a retry) when there is nothing to
 * show, else the rows with pages of COMMERCE_PAGE_SIZE and `empty` once loaded without any. Other table props
 * (rowKey, columns, rowSelection, style) pass through.
 */
export const MoneyTable = <T extends object>({
  list,
  page,
  onPage,
  failure,
  empty,
  testId,
  ...table
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  /** What the error says when the server gives no reason, e.g. 订单加载失败. */
  failure: string;
  empty: ReactNode;
  testId: string;
} & Omit<TableProps<T>, 'size' | 'loading' | 'dataSource' | 'pagination' | 'locale'>) =>
  list.isError && !list.data ? (
    <LoadError message={errorText(list.error, failure)} onRetry={() => void list.refetch()} />
  ) : (
    <Table<T>
      {...table}
      size="middle"
      loading={list.isPending || list.isFetching}
      dataSource={list.data?.objList ?? []}
      pagination={pagination(page, list.data?.pageBean.totalCount ?? 0, COMMERCE_PAGE_SIZE, onPage)}
      locale={{ emptyText: list.isPending ? ' ' : empty }}
      data-testid={testId}
    />
  );
