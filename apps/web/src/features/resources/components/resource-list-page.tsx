import { DEFAULT_SORT, RESOURCE_SORTS, RESOURCE_TYPE_LABELS, type ResourceType } from '@zyk/shared';
import { Grid, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useOutlet, useSearchParams } from 'react-router-dom';
import { ChapterChip, ChapterDrawerButton } from '../../../components/chapter-panel/chapter-drawer.tsx';
import {
  type ChapterFilter,
  chapterFilterTrail,
  hasChapterFilter,
  NO_CHAPTER,
  readChapterFilter,
  sameChapterFilter,
  useChapterLocation,
  withChapterFilter,
} from '../../../components/chapter-panel/chapter-filter.ts';
import { ChapterPanel } from '../../../components/chapter-panel/chapter-panel.tsx';
import { useChapterTree } from '../../../components/chapter-panel/chapter-tree.ts';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { FilterHeader, FilterRow, FilterRows } from '../../../components/filter-panel.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ResourceList, ResourceListSkeleton } from '../../../components/resource-card.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { selectionActions, selectionLabel, useSelection } from '../../../stores/selection.ts';
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
 * The address's chapter filter (`?catalogue=&grade=`) and a way to change it. While the list is kept alive under
 * its details page the address is the details', so the list keeps the filter it had; coming back by a link that
 * names no chapter (the 当前位置 trail keeps the details' query) keeps it too and writes it back into the address.
 */
const useChapterParam = () => {
  const away = useOutlet() !== null;
  const [params, setParams] = useSearchParams();
  const read = readChapterFilter(params);
  const kept = useRef(read);
  // Whether the last committed render was under a details page: written after commit, never during render, so a
  // render React starts again (navigations are transitions; StrictMode renders twice) still sees the way back.
  const wasAway = useRef(away);
  useEffect(() => {
    wasAway.current = away;
  });
  const restoring = useRef(false);
  if (!away && wasAway.current && !hasChapterFilter(read) && hasChapterFilter(kept.current)) restoring.current = true;
  if (!away && !restoring.current && !sameChapterFilter(kept.current, read)) kept.current = read;
  useEffect(() => {
    if (!restoring.current) return;
    if (hasChapterFilter(readChapterFilter(params))) restoring.current = false;
    else setParams((current) => withChapterFilter(current, kept.current), { replace: true });
  });
  const filter = kept.current;
  const setFilter = (next: ChapterFilter) => {
    if (away || sameChapterFilter(next, filter)) return;
    restoring.current = false;
    setParams((current) => withChapterFilter(current, next), { replace: true });
  };
  return { filter, setFilter, active: !away };
};

/**
 * The list of one resource type (微课资源, 教学文档, 教研成果): the site's stage and subject (the picker, or the
 * rows handed in as `selectionFilter`), a sort, the sub-type for achievements, the textbook chapter (a panel beside
 * the list, a drawer on phones; kept in the address), and numbered pages of 20. New filters go back to page 1 with
 * a new snapshot.
 */
export const ResourceListPage = ({ type, selectionFilter }: { type: ResourceType; selectionFilter?: ReactNode }) => {
  const selection = useSelection();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [trainType, setTrainType] = useState<string | null>(null);
  const chapter = useChapterParam();
  const stageId = selection.stage.id;
  const subjectId = selection.subject.id;
  const tree = useChapterTree(stageId, subjectId, type);
  // A node names its stage and subject: the list asks by the node alone, so an address opened with another subject
  // chosen still lists the node's resources (and the page then switches to its subject).
  const byNode = chapter.filter.nodeId !== null;
  const filters: ListFilters = {
    type,
    stageId: byNode ? null : stageId,
    subjectId: byNode ? null : subjectId,
    sort,
    trainType,
    catalogueNodeId: chapter.filter.nodeId,
    grade: chapter.filter.grade,
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
  const settled = data && !query.isPlaceholderData ? data : undefined;
  useChapterLocation({
    filter: chapter.filter,
    stageId,
    subjectId,
    tree: tree.data,
    sample: settled ? (settled.objList[0] ?? null) : undefined,
    active: chapter.active,
    onSubject: (stage, subject) =>
      selectionActions.apply({ id: stage.id, dictName: stage.name }, { id: subject.id, dictName: subject.name }),
    onClear: () => chapter.setFilter(NO_CHAPTER),
  });
  // The panel sits in a column beside the results; where the page is one column, it opens from 按教材.
  const wide = Grid.useBreakpoint().lg !== false;
  const filtered = hasChapterFilter(chapter.filter);
  const panel = (variant: 'side' | 'drawer', close?: () => void) => (
    <ChapterPanel
      stageId={stageId}
      subjectId={subjectId}
      tree={tree.data}
      treeError={tree.error}
      onRetry={() => void tree.refetch()}
      filter={chapter.filter}
      onChange={chapter.setFilter}
      variant={variant}
      onLeafPicked={close}
      subjectName={`${selection.stage.dictName} · ${selection.subject.dictName}`}
    />
  );
  const total = settled ? settled.pageBean.totalCount : null;

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

      <div className={styles.body}>
        {wide && <div className={styles.side}>{panel('side')}</div>}
        <section className={styles.results} ref={top} aria-label={`${label}列表`}>
          <div className={styles.resultsHeader}>
            {total !== null ? (
              <span data-testid="resource-list-total">
                共 <strong>{total}</strong> 个资源
              </span>
            ) : (
              <span>&nbsp;</span>
            )}
            {!wide && (
              <ChapterDrawerButton filtered={filtered} total={total} panel={(close) => panel('drawer', close)} />
            )}
          </div>
          {!wide && (
            <ChapterChip
              className={styles.chip}
              trail={chapterFilterTrail(tree.data, chapter.filter)}
              onRemove={() => chapter.setFilter(NO_CHAPTER)}
            />
          )}
          {query.isPending ? (
            <ResourceListSkeleton count={8} />
          ) : query.isError && !data ? (
            <LoadError message={errorText(query.error, `${label}加载失败`)} onRetry={() => void query.refetch()} />
          ) : !data || data.objList.length === 0 ? (
            <EmptyState
              title={`暂无${label}`}
              hint={
                filtered
                  ? '这一章节下还没有资源，换个章节，或点“全部”看看其他章节'
                  : '当前筛选条件下还没有资源，换个学段、学科或类型试试'
              }
            />
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
    </div>
  );
};
