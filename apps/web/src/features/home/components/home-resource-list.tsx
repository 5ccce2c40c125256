import { DEFAULT_SORT, RESOURCE_SORTS } from '@zyk/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { ResourceList, ResourceListSkeleton } from '../../../components/resource-card.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { selectionLabel, useSelection } from '../../../stores/selection.ts';
import type { HomeListFilters } from '../api/home-keys.ts';
import { useHomeList } from '../hooks/use-home-data.ts';
import styles from './home-sections.module.css';

type Sort = HomeListFilters['sort'];

/** The sort switch in the order the page shows it: 最热 (the default) first. */
export const SORT_ORDER: readonly Sort[] = ['2', '1', '3', '4'];

// The home store's sort: kept while the tab lives, so coming back to the home page keeps it.
let rememberedSort: Sort = DEFAULT_SORT;

/**
 * The home list: the picker's stage and subject, a sort switch, 20 per page and "加载更多" appending the next
 * page. Changing the stage, subject or sort starts again from page 1.
 */
export const HomeResourceList = () => {
  const selection = useSelection();
  const [sort, setSort] = useState<Sort>(rememberedSort);
  const filters: HomeListFilters = { stageId: selection.stage.id, subjectId: selection.subject.id, sort };
  const { query, items, total } = useHomeList(filters);

  const chooseSort = (next: Sort) => {
    rememberedSort = next;
    setSort(next);
  };

  return (
    <section className={styles.panel} aria-labelledby="home-list-title">
      <header className={styles.panelHeader}>
        <h2 id="home-list-title" className={styles.panelTitle}>
          资源列表
          <span className={styles.panelSub} data-testid="home-list-selection">
            {selectionLabel(selection)}
          </span>
        </h2>
        <ChipGroup label="排序">
          {SORT_ORDER.map((value) => (
            <Chip key={value} selected={sort === value} onClick={() => chooseSort(value)}>
              {RESOURCE_SORTS[value]}
            </Chip>
          ))}
        </ChipGroup>
      </header>

      {query.isPending ? (
        <ResourceListSkeleton count={8} />
      ) : query.isError && items.length === 0 ? (
        <LoadError message={errorText(query.error, '资源列表加载失败')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="暂无资源" hint="当前学段学科下还没有资源，换个学段或学科看看吧" />
      ) : (
        <>
          <ResourceList resources={items} label="资源列表" />
          <div className={styles.more} data-testid="home-list-more">
            {query.isFetchNextPageError ? (
              <span className={styles.moreError}>
                {errorText(query.error, '加载失败')}
                <Button type="link" onClick={() => void query.fetchNextPage()}>
                  重试
                </Button>
              </span>
            ) : query.hasNextPage ? (
              <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                加载更多
              </Button>
            ) : (
              <span className={styles.muted}>已全部加载，共 {total} 个资源</span>
            )}
          </div>
        </>
      )}
    </section>
  );
};
