import type { UseQueryResult } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { RecordTable } from '../../../components/record-table.tsx';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { COMMERCE_PAGE_SIZE } from '../api/commerce-api.ts';
import { pagination } from './account-tabs.tsx';

interface Page<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

/**
 * One page of account records: the reason it could not load (with a retry) when there is nothing to show, else the
 * rows with pages of COMMERCE_PAGE_SIZE and `empty` once loaded without any, as a RecordTable (cards on phones).
 * `selection` puts a checkbox on each row (kept across pages).
 */
export const MoneyTable = <T extends object>({
  list,
  page,
  onPage,
  failure,
  empty,
  testId,
  rowKey,
  columns,
  cardTitle = 'title',
  selection,
  style,
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  /** What the error says when the server gives no reason, e.g. 订单加载失败. */
  failure: string;
  empty: ReactNode;
  testId: string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  /** The column a phone shows as each card's heading. */
  cardTitle?: string;
  selection?: { selected: readonly T[]; onChange: (rows: T[]) => void };
  style?: TableProps<T>['style'];
}) => {
  if (list.isError && !list.data) {
    return <LoadError message={errorText(list.error, failure)} onRetry={() => void list.refetch()} />;
  }
  return (
    <RecordTable<T>
      size="middle"
      style={style}
      rowKey={rowKey}
      columns={columns}
      dataSource={list.data?.objList ?? []}
      loading={list.isPending || list.isFetching}
      pagination={pagination(page, list.data?.pageBean.totalCount ?? 0, COMMERCE_PAGE_SIZE, onPage)}
      emptyText={list.isPending ? ' ' : empty}
      testId={testId}
      cardTitle={cardTitle}
      selection={selection}
    />
  );
};
