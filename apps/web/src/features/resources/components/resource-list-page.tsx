import { DEFAULT_SORT, RESOURCE_SORTS, RESOURCE_TYPE_LABELS, type ResourceType } from '@zyk/shared';
import { Skeleton } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { FilterHeader, FilterRow, FilterRows } from '../../../components/filter-panel.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ResourceList, ResourceListSkeleton } from '../../../components/resource-card.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { selectionLabel, useSelection } from '../../../stores/selection.ts';
import type { ListFilters, Sort } from '../api/resource-keys.ts';
import { useResourceList, useTrainTypes } from '../hooks/use-resource-list.ts';
import styles from './resource-list-page.module.css';

const SORT_ORDER: readonly Sort[] = ['2', '1', '3', '4'];
const PAGE_SIZE = 20;

interface Paging {
  filterKey: string;
  page: number;
  snapshot: string | undefined;
}

/**
 * The list of one resource type (微课资源, 教学文档, 教研成果): the site's stage and subject (the picker, or the
 * rows handed in as `selectionFilter`), a sort, the sub-type for achievements, and numbered pages of 20. New
 * filters go back to page 1 with a new snapshot.
 */
export const ResourceListPage = ({ type, selectionFilter }: { type: ResourceType; selectionFilter?: ReactNode }) => {
  const selection = useSelection();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [trainType, setTrainType] = useState<string | null>(null);
  const filters: ListFilters = {
    type,
    stageId: selection.stage.id,
    subjectId: selection.subject.id,
    sort,
    trainType,
  };
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<Paging>({ filterKey, page: 1, snapshot: undefined });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1, snapshot: undefined });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const query = useResourceList(filters, page, paging.filterKey === filterKey ? paging.snapshot : undefined);
  const trainTypes = useTrainTypes(type === 'ACHIEVEMENT');
  const top = useRef<HTMLElement>(null);
  const label = RESOURCE_TYPE_LABELS[type];

  const goToPage = (next: number) => {
    setPaging((p) => ({
      ...p,
      page: next,
      snapshot: p.snapshot ?? (query.isPlaceholderData ? undefined : query.data?.snapshot),
    }));
    top.current?.scrollIntoView({ block: 'start' });
  };

  const data = query.data;
  return (
    <div className={`zyk-container ${styles.page}`} data-testid={`resource-list-${type}`}>
      <section className={styles.filters} aria-labelledby="resource-list-title">
        <FilterHeader current={selectionLabel(selection)}>
          <h1 id="resource-list-title" className={styles.title}>
            {label}
          </h1>
        </FilterHeader>
        <FilterRows>
          {selectionFilter}
          {type === 'ACHIEVEMENT' && (
            <FilterRow title="类型">
              {trainTypes.isPending ? (
                <Skeleton.Input active size="small" block />
              ) : (
                <ChipGroup label="成果类型">
                  <Chip selected={trainType === null} onClick={() => setTrainType(null)}>
                    全部
                  </Chip>
                  {(trainTypes.data ?? []).map((t) => (
                    <Chip key={t.code} selected={trainType === t.code} onClick={() => setTrainType(t.code)}>
                      {t.name}
                    </Chip>
                  ))}
                </ChipGroup>
              )}
            </FilterRow>
          )}
          <FilterRow title="排序">
            <ChipGroup label="排序">
              {SORT_ORDER.map((value) => (
                <Chip key={value} selected={sort === value} onClick={() => setSort(value)}>
                  {RESOURCE_SORTS[value]}
                </Chip>
              ))}
            </ChipGroup>
          </FilterRow>
        </FilterRows>
      </section>

      <section className={styles.results} ref={top} aria-label={`${label}列表`}>
        <div className={styles.resultsHeader}>
          {data && !query.isPlaceholderData ? (
            <span data-testid="resource-list-total">
              共 <strong>{data.pageBean.totalCount}</strong> 个资源
            </span>
          ) : (
            <span>&nbsp;</span>
          )}
        </div>
        {query.isPending ? (
          <ResourceListSkeleton count={8} />
        ) : query.isError && !data ? (
          <LoadError message={errorText(query.error, `${label}加载失败`)} onRetry={() => void query.refetch()} />
        ) : !data || data.objList.length === 0 ? (
          <EmptyState title={`暂无${label}`} hint="当前筛选条件下还没有资源，换个学段、学科或类型试试" />
        ) : (
          <div className={query.isPlaceholderData ? styles.stale : undefined} aria-busy={query.isFetching}>
            <ResourceList resources={data.objList} label={label} />
            <Pager
              current={page}
              pageSize={PAGE_SIZE}
              total={data.pageBean.totalCount}
              totalText={`共 ${data.pageBean.totalCount} 个资源`}
              onChange={goToPage}
            />
          </div>
        )}
      </section>
    </div>
  );
};
