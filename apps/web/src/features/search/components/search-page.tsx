import { CloseOutlined, DeleteOutlined, FireOutlined, HistoryOutlined } from '@ant-design/icons';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, type ResourceType } from '@zyk/shared';
import { Button, Grid, Popconfirm } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ChapterChip, ChapterDrawerButton } from '../../../components/chapter-panel/chapter-drawer.tsx';
import {
  CATALOGUE_PARAM,
  type ChapterFilter,
  chapterFilterTrail,
  NO_CHAPTER,
  readChapterFilter,
  useChapterLocation,
  withChapterFilter,
} from '../../../components/chapter-panel/chapter-filter.ts';
import { ChapterPanel } from '../../../components/chapter-panel/chapter-panel.tsx';
import { useChapterTree } from '../../../components/chapter-panel/chapter-tree.ts';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ResourceList, ResourceListSkeleton } from '../../../components/resource-card.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { searchTotal } from '../../../lib/paging.ts';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { searchPath } from '../../../lib/resource-paths.ts';
import { useSession } from '../../../stores/session.ts';
import { searchKeys } from '../api/search-keys.ts';
import {
  useDeleteAllSearchRecords,
  useDeleteSearchRecord,
  useHotWords,
  useSearchRecords,
  useSearchResults,
} from '../hooks/use-search.ts';
import {
  readSearchMemory,
  refineSearch,
  resolveSearch,
  type SearchMemory,
  startSearch,
  writeSearchMemory,
} from '../lib/search-memory.ts';
import { type PickedFilter, TYPE_NAMES, understoodChips, withoutWord } from '../lib/understood.ts';
import { HighlightedTitle } from './highlighted-title.tsx';
import { ActiveFilters, SearchFacets } from './search-facets.tsx';
import styles from './search-page.module.css';
import { UnderstoodLine } from './understood-line.tsx';

const TYPE_FILTERS: readonly { value: ResourceType | null; label: string }[] = [
  { value: null, label: '全部' },
  ...(Object.entries(TYPE_NAMES) as [ResourceType, string][]).map(([value, label]) => ({ value, label })),
];

/** A filter as the state holds it, applied (`on`) or lifted. */
const withFilter = (state: SearchMemory, picked: PickedFilter, on: boolean): SearchMemory => {
  const next = { ...state, page: 1 };
  if (picked.kind === 'type') next.type = on ? picked.value : null;
  else next[picked.kind] = on ? picked.filter : null;
  return next;
};

const isApplied = (state: SearchMemory, picked: PickedFilter) =>
  picked.kind === 'type' ? state.type === picked.value : state[picked.kind]?.id === picked.filter.id;

/**
 * /home/search?searchKeyWord=&catalogue=: results with highlighted titles, pages of 10, the words the search
 * recognised, the results counted by type, stage and subject (each a filter), a textbook chapter once a stage and
 * subject are chosen (kept in the address), related searches when few came back, records and hot words.
 */
export const SearchPage = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn } = useSession();
  const urlKeyword = params.get('searchKeyWord');
  const urlChapter = readChapterFilter(params).nodeId;

  const [state, setState] = useState(() => resolveSearch(urlKeyword, readSearchMemory(), urlChapter));
  const following = JSON.stringify([urlKeyword, urlChapter]);
  const [followed, setFollowed] = useState(following);
  if (following !== followed) {
    setFollowed(following);
    setState(resolveSearch(urlKeyword, readSearchMemory(), urlChapter));
  }
  useEffect(() => writeSearchMemory(state), [state]);

  const { keyword, type, stage, subject, page } = state;
  const chapterId = state.chapter ?? null;
  // A chapter names its stage and subject: the search asks by the chapter alone (see useChapterLocation).
  const results = useSearchResults({
    keyword,
    type,
    stageId: chapterId === null ? (stage?.id ?? null) : null,
    subjectId: chapterId === null ? (subject?.id ?? null) : null,
    catalogueNodeId: chapterId,
    page,
  });
  const chapterTree = useChapterTree(stage?.id ?? null, subject?.id ?? null, type);
  const chapterFilter: ChapterFilter = { nodeId: chapterId, grade: null };
  // The chapter goes into the address (so the search can be shared) and the search store together.
  const setChapter = (next: ChapterFilter) => {
    if (next.nodeId === chapterId) return;
    const changed = { ...state, chapter: next.nodeId, page: 1 };
    writeSearchMemory(changed);
    setState(changed);
    setParams((current) => withChapterFilter(current, { nodeId: next.nodeId, grade: null }), { replace: true });
  };
  const settledResults = results.data && !results.isPlaceholderData ? results.data : undefined;
  useChapterLocation({
    filter: chapterFilter,
    stageId: stage?.id ?? null,
    subjectId: subject?.id ?? null,
    tree: chapterTree.data,
    sample: settledResults ? (settledResults.objList[0] ?? null) : undefined,
    active: true,
    onSubject: (chapterStage, chapterSubject) =>
      setState((s) => ({ ...s, stage: chapterStage, subject: chapterSubject })),
    onClear: () => setChapter(NO_CHAPTER),
  });
  // The facets sit in the side column next to the results; where the page is one column they go above the list.
  const wide = Grid.useBreakpoint().lg !== false;
  const records = useSearchRecords(loggedIn);
  const hotWords = useHotWords();
  const deleteRecord = useDeleteSearchRecord();
  const deleteAll = useDeleteAllSearchRecords();

  // Every answer the server gave for a keyword counted the search: the user's records and the hot words
  // (asked for at the same time) are out of date once it is in. Answers from the cache counted nothing.
  const settled = results.isSuccess && !results.isPlaceholderData;
  const answeredAt = useRef(0);
  useEffect(() => {
    if (!keyword || !settled || results.dataUpdatedAt === answeredAt.current) return;
    answeredAt.current = results.dataUpdatedAt;
    // Their first requests go out with the search's and may be answered before it was counted.
    const askAgain = (queryKey: QueryKey) => void refetchAfterWrite(queryClient, { queryKey });
    if (loggedIn) askAgain(searchKeys.records());
    askAgain(searchKeys.hotWords());
  }, [loggedIn, keyword, settled, results.dataUpdatedAt, queryClient]);

  const listTop = useRef<HTMLDivElement>(null);
  const goSearch = (word: string) => {
    startSearch(word);
    navigate(searchPath(word));
  };
  const setPage = (next: number) => {
    setState((s) => ({ ...s, page: next }));
    listTop.current?.scrollIntoView({ block: 'start' });
  };
  const isActive = (picked: PickedFilter) => isApplied(state, picked);
  const toggleFilter = (picked: PickedFilter) => setState((s) => withFilter(s, picked, !isApplied(s, picked)));
  const removeFilter = (picked: PickedFilter) => setState((s) => withFilter(s, picked, false));
  // The same search without one recognised word: the filters stay, the keyword (and the URL) change.
  const removeWord = (word: string) => {
    const next = withoutWord(keyword, word);
    refineSearch(state, next);
    navigate(chapterId === null ? searchPath(next) : `${searchPath(next)}&${CATALOGUE_PARAM}=${chapterId}`);
  };

  const data = results.data;
  const total = data ? searchTotal(data.pageBean.totalCount, keyword !== '') : null;
  // Type counts are known for every type only while no type is chosen (the counts are of the filtered results).
  const typeCounts = new Map(data?.facets?.type.map((f) => [f.value, f.count]));
  const chips = data?.understood ? understoodChips(data.keyword, data.understood, data.facets) : [];
  const active = [
    ...(type
      ? [{ filter: { kind: 'type', value: type, name: TYPE_NAMES[type] } as const, label: TYPE_NAMES[type] }]
      : []),
    ...(stage ? [{ filter: { kind: 'stage', filter: stage } as const, label: stage.name }] : []),
    ...(subject ? [{ filter: { kind: 'subject', filter: subject } as const, label: subject.name }] : []),
  ];
  const suggestions = data?.suggestions ?? [];
  const missing = data?.missing ?? [];
  const chapterPanel = (variant: 'side' | 'drawer', close?: () => void) => (
    <ChapterPanel
      stageId={stage?.id ?? null}
      subjectId={subject?.id ?? null}
      tree={chapterTree.data}
      treeError={chapterTree.error}
      onRetry={() => void chapterTree.refetch()}
      filter={chapterFilter}
      onChange={setChapter}
      gradeFilter={false}
      showCounts={false}
      variant={variant}
      onLeafPicked={close}
      subjectName={stage && subject ? `${stage.name} · ${subject.name}` : undefined}
    />
  );
  const facets = (layout: 'side' | 'rows') => (
    <SearchFacets
      facets={data?.facets}
      capped={total?.capped ?? false}
      layout={layout}
      isActive={isActive}
      onToggle={toggleFilter}
    />
  );

  return (
    <div className={`zyk-container ${styles.page}`}>
      <div className={styles.main} ref={listTop}>
        <section className={styles.panel} aria-labelledby="search-title">
          <header className={styles.header}>
            <h1 id="search-title" className={styles.title}>
              {keyword ? (
                <>
                  “<span className={styles.keyword}>{keyword}</span>
                  <span className={styles.phrase}>”的搜索结果</span>
                </>
              ) : (
                '全部资源'
              )}
            </h1>
            {total && (
              <span className={styles.total} data-testid="search-total">
                {total.summary.split(/(?<=，)/).map((phrase) => (
                  <span key={phrase} className={styles.phrase}>
                    {phrase}
                  </span>
                ))}
              </span>
            )}
          </header>
          <UnderstoodLine chips={chips} isActive={isActive} onFilter={toggleFilter} onRemoveWord={removeWord} />
          <div className={styles.filters}>
            <div className={styles.filterRow}>
              <span className={styles.filterTitle}>类型</span>
              <ChipGroup label="资源类型">
                {TYPE_FILTERS.map((option) => {
                  const count = option.value && typeCounts.get(option.value);
                  return (
                    <Chip
                      key={option.label}
                      selected={type === option.value}
                      onClick={() => setState((s) => ({ ...s, type: option.value, page: 1 }))}
                    >
                      {option.label}
                      {count ? <span className={styles.typeCount}>{count}</span> : null}
                    </Chip>
                  );
                })}
              </ChipGroup>
            </div>
            {!wide && facets('rows')}
            {!wide && (
              <div className={styles.filterRow}>
                <span className={styles.filterTitle}>教材</span>
                <ChapterDrawerButton
                  filtered={chapterId !== null}
                  total={settledResults ? (total?.pageable ?? 0) : null}
                  panel={(close) => chapterPanel('drawer', close)}
                />
              </div>
            )}
            <ActiveFilters
              filters={active}
              onRemove={removeFilter}
              onClear={() => setState((s) => ({ ...s, type: null, stage: null, subject: null, page: 1 }))}
            />
            <ChapterChip
              trail={chapterFilterTrail(chapterTree.data, chapterFilter)}
              onRemove={() => setChapter(NO_CHAPTER)}
            />
          </div>
          {missing.length > 0 && (
            <p className={styles.missing} role="status" data-testid="search-missing">
              没有找到含
              {missing.map((word, i) => (
                <span key={word}>
                  {i > 0 && '、'}“<strong>{word}</strong>”
                </span>
              ))}
              的资源，以下结果只含其余的词
            </p>
          )}
          {suggestions.length > 0 && (
            <nav className={styles.suggestions} aria-label="相关搜索" data-testid="search-suggestions">
              <span className={styles.filterTitle}>{data?.objList.length ? '相关搜索' : '您是不是要找'}</span>
              <ul className={styles.suggestionList}>
                {suggestions.map((word) => (
                  <li key={word}>
                    <button type="button" className={styles.suggestion} onClick={() => goSearch(word)}>
                      {word}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          {results.isPending ? (
            <ResourceListSkeleton count={5} layout="row" />
          ) : results.isError ? (
            <LoadError message={errorText(results.error, '搜索失败')} onRetry={() => void results.refetch()} />
          ) : !data || data.objList.length === 0 ? (
            <EmptyState
              title={keyword ? `没有找到与“${keyword}”相关的资源` : '暂无资源'}
              hint={active.length > 0 || chapterId !== null ? '去掉一些筛选条件再试试' : '换个关键词，或试试热门搜索'}
            />
          ) : (
            <div className={results.isPlaceholderData ? styles.stale : undefined} aria-busy={results.isFetching}>
              <ResourceList
                resources={data.objList}
                layout="row"
                label="搜索结果"
                titleOf={(hit) => <HighlightedTitle segments={hit.titleSegments} />}
              />
              <Pager
                current={page}
                pageSize={PAGE_SIZE.search}
                total={total?.pageable ?? 0}
                totalText={total?.pager}
                onChange={setPage}
              />
            </div>
          )}
        </section>
      </div>

      <aside className={styles.aside} aria-label={wide ? '筛选、搜索记录与热门搜索' : '搜索记录与热门搜索'}>
        {wide && facets('side')}
        {wide && chapterPanel('side')}
        {loggedIn && (
          <section className={styles.side} aria-labelledby="search-records-title" data-testid="search-records">
            <header className={styles.sideHeader}>
              <h2 id="search-records-title" className={styles.sideTitle}>
                <HistoryOutlined aria-hidden /> 搜索记录
              </h2>
              {records.data && records.data.length > 0 && (
                <Popconfirm
                  title="清空全部搜索记录？"
                  okText="清空"
                  cancelText="取消"
                  onConfirm={() => deleteAll.mutate()}
                >
                  <Button type="link" size="small" icon={<DeleteOutlined aria-hidden />} loading={deleteAll.isPending}>
                    清空
                  </Button>
                </Popconfirm>
              )}
            </header>
            {!records.data || records.data.length === 0 ? (
              <div className={styles.sideEmpty}>{records.isPending ? '加载中…' : '暂无搜索记录'}</div>
            ) : (
              <ul className={styles.records}>
                {records.data.map((record) => (
                  <li key={record.id} className={styles.record}>
                    <button type="button" className={styles.recordWord} onClick={() => goSearch(record.keyword)}>
                      {record.keyword}
                    </button>
                    <button
                      type="button"
                      className={styles.recordDelete}
                      aria-label={`删除搜索记录 ${record.keyword}`}
                      onClick={() => deleteRecord.mutate(record.id)}
                    >
                      <CloseOutlined aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <section className={styles.side} aria-labelledby="hot-words-title" data-testid="hot-words">
          <header className={styles.sideHeader}>
            <h2 id="hot-words-title" className={styles.sideTitle}>
              <FireOutlined aria-hidden /> 热门搜索
            </h2>
          </header>
          {!hotWords.data || hotWords.data.length === 0 ? (
            <div className={styles.sideEmpty}>{hotWords.isPending ? '加载中…' : '暂无热门搜索'}</div>
          ) : (
            <ol className={styles.hotWords}>
              {hotWords.data.map((word, i) => (
                <li key={word.keyword}>
                  <button type="button" className={styles.hotWord} onClick={() => goSearch(word.keyword)}>
                    <span className={i < 3 ? `${styles.hotNo} ${styles.hotTop}` : styles.hotNo}>{i + 1}</span>
                    <span className={styles.hotText}>{word.keyword}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
      </aside>
    </div>
  );
};
