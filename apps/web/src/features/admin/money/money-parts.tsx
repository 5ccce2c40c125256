import { Input, Result, Select, Tag } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { MONEY_PAGE_SIZE } from '../api/money-api.ts';
import { filterStyles, PagedList } from '../components/paged-list.tsx';
import type { PromptRequest } from '../components/prompt-dialog.tsx';
import { useIdentity } from '../hooks/use-identity.ts';
import styles from './money.module.css';

export { PromptDialog, type PromptRequest } from '../components/prompt-dialog.tsx';

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
 * A money page's list: the filters (状态, then user name; `filtersBefore` ahead of them), then the paged table. Each
 * filter goes back to the first page.
 */
export const MoneyList = <T extends object, S extends string, Q extends MoneyListQuery<S>>({
  filtersBefore,
  statusLabel,
  statusLabels,
  userSearch = { label: '按用户名查找', placeholder: '用户名' },
  query,
  setQuery,
  ...list
}: {
  filtersBefore?: ReactNode;
  statusLabel: string;
  statusLabels: Record<S, string>;
  userSearch?: { label: string; placeholder: string };
  query: Q;
  setQuery: (query: Q) => void;
} & Omit<ComponentProps<typeof PagedList<T>>, 'filters' | 'current' | 'pageSize' | 'onPage'>) => (
  <PagedList<T>
    {...list}
    current={query.current}
    pageSize={MONEY_PAGE_SIZE}
    onPage={(current) => setQuery({ ...query, current })}
    filters={
      <>
        {filtersBefore}
        <Select<S | 'ALL'>
          aria-label={statusLabel}
          className={filterStyles.filter}
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
          className={filterStyles.search}
          onSearch={(value) => setQuery({ ...query, current: 1, userName: value.trim() || undefined })}
        />
      </>
    }
  />
);
