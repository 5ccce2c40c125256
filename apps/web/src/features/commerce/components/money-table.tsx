import type { UseQueryResult } from '@tanstack/react-query';
import { Checkbox, Grid, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { COMMERCE_PAGE_SIZE } from '../api/commerce-api.ts';
import { pagination } from './account-tabs.tsx';
import styles from './money-table.module.css';

interface Page<T> {
  objList: T[];
  pageBean: { totalCount: number };
}

const cell = <T,>(column: ColumnType<T>, row: T, index: number) =>
  column.render ? (column.render(undefined, row, index) as ReactNode) : null;

/**
 * One page of account records: the reason it could not load (with a retry) when there is nothing to show, else the
 * rows with pages of COMMERCE_PAGE_SIZE and `empty` once loaded without any. From antd's lg breakpoint up a table;
 * below it each row is a card (a squeezed table breaks its headings into one character per line), with the
 * `cardTitle` column as its heading, the `actions` column as a row of buttons and the others as labelled values.
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
  const screens = Grid.useBreakpoint();
  if (list.isError && !list.data) {
    return <LoadError message={errorText(list.error, failure)} onRetry={() => void list.refetch()} />;
  }
  const rows = list.data?.objList ?? [];
  const loading = list.isPending || list.isFetching;
  const paging = pagination(page, list.data?.pageBean.totalCount ?? 0, COMMERCE_PAGE_SIZE, onPage);
  const emptyText = list.isPending ? ' ' : empty;
  const keyOf = (row: T) => row[rowKey] as Key;

  // Before the first measurement `lg` is undefined: render the table, the layout effect corrects it before paint.
  if (screens.lg !== false) {
    return (
      <Table<T>
        size="middle"
        style={style}
        rowKey={rowKey}
        columns={columns}
        loading={loading}
        dataSource={rows}
        pagination={paging}
        locale={{ emptyText }}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selected.map(keyOf),
            onChange: (_, picked) => selection.onChange(picked),
            preserveSelectedRowKeys: true,
          }
        }
        data-testid={testId}
      />
    );
  }

  const flat = columns.filter((c): c is ColumnType<T> => !('children' in c));
  const heading = flat.find((c) => c.key === cardTitle);
  const actions = flat.find((c) => c.key === 'actions');
  const fields = flat.filter((c) => c !== heading && c !== actions);
  const picked = new Set(selection?.selected.map(keyOf));
  const toggle = (row: T, on: boolean) =>
    selection?.onChange(on ? [...selection.selected, row] : selection.selected.filter((s) => keyOf(s) !== keyOf(row)));
  return (
    <Spin spinning={loading}>
      <div style={style} data-testid={testId}>
        {rows.length === 0 ? (
          emptyText
        ) : (
          <ul className={styles.cards}>
            {rows.map((row, index) => {
              const title = heading ? cell(heading, row, index) : null;
              return (
                <li key={String(keyOf(row))} className={styles.card}>
                  {selection ? (
                    <Checkbox
                      className={`${styles.cardTitle} ${styles.pickable}`}
                      checked={picked.has(keyOf(row))}
                      onChange={(e) => toggle(row, e.target.checked)}
                    >
                      {title}
                    </Checkbox>
                  ) : (
                    title && <div className={styles.cardTitle}>{title}</div>
                  )}
                  <dl className={styles.fields}>
                    {fields.map((column) => (
                      <div key={String(column.key)} className={styles.field}>
                        <dt>{column.title as ReactNode}</dt>
                        <dd>{cell(column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions && <div className={styles.actions}>{cell(actions, row, index)}</div>}
                </li>
              );
            })}
          </ul>
        )}
        {paging && <Pagination className={styles.pager} simple align="center" {...paging} />}
      </div>
    </Spin>
  );
};
