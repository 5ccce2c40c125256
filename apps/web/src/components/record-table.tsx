import { Checkbox, Grid, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import styles from './record-table.module.css';

type Props<T> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'loading' | 'locale'> & {
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  dataSource: readonly T[];
  loading: boolean;
  emptyText: ReactNode;
  testId: string;
  /** The column a phone shows as each card's heading. */
  cardTitle?: string;
  /** A checkbox on each row (a card's heading on phones), kept across pages. */
  selection?: { selected: readonly T[]; onChange: (rows: T[]) => void };
};

const cell = <T,>(column: ColumnType<T>, row: T, index: number) =>
  column.render ? (column.render(undefined, row, index) as ReactNode) : null;

/**
 * A table from antd's lg breakpoint up (beside the side navigation); below it each row becomes a card (a squeezed
 * table breaks its headings into one character per line): the `cardTitle` column as the heading, the column called
 * `actions` as a row of buttons at the bottom, every other column as a label above its value.
 */
export const RecordTable = <T extends object>({
  rowKey,
  columns,
  dataSource,
  loading,
  emptyText,
  testId,
  cardTitle = 'title',
  pagination,
  className,
  style,
  selection,
  ...table
}: Props<T>) => {
  const screens = Grid.useBreakpoint();
  const keyOf = (row: T) => row[rowKey] as Key;
  // Before the first measurement `lg` is undefined: render the table, the layout effect corrects it before paint.
  if (screens.lg !== false) {
    return (
      <Table<T>
        {...table}
        className={className}
        style={style}
        rowKey={rowKey}
        columns={columns}
        dataSource={dataSource}
        loading={loading}
        pagination={pagination}
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
      <div className={className} style={style} data-testid={testId}>
        {dataSource.length === 0 ? (
          emptyText
        ) : (
          <ul className={styles.cards}>
            {dataSource.map((row, index) => {
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
        {pagination && <Pagination className={styles.pager} simple align="center" {...pagination} />}
      </div>
    </Spin>
  );
};
