import { ReadOutlined } from '@ant-design/icons';
import { type CatalogueNode, GRADE_NAMES } from '@zyk/shared';
import { Segmented, Select, Skeleton, Tag, Tree, type TreeDataNode } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { errorText } from '../../lib/api-result.ts';
import { type ChapterFilter, hasChapterFilter, NO_CHAPTER } from './chapter-filter.ts';
import styles from './chapter-panel.module.css';
import { type ChapterTree, gradeGroupsOf, volumeShortName } from './chapter-tree.ts';

/** The edition and volume last opened per stage and subject in this tab: the lists and the search share them. */
const opened = new Map<string, { edition: number; volume: number | null }>();

/** Editions a segmented control holds side by side in the panel; more go into a select. */
const SEGMENTED_MAX = 3;

export interface ChapterPanelProps {
  stageId: number | null;
  subjectId: number | null;
  /** The stage and subject's catalogue (undefined while it loads or when none is chosen). */
  tree: ChapterTree | undefined;
  treeError?: unknown;
  onRetry?: () => void;
  filter: ChapterFilter;
  onChange: (filter: ChapterFilter) => void;
  /** Grade chips filter by grade (lists); otherwise the grades only head their volumes (the search has no grade filter). */
  gradeFilter?: boolean;
  /** Show each volume's and chapter's number of resources. */
  showCounts?: boolean;
  /** In a drawer: larger touch targets, no card of its own. */
  variant?: 'side' | 'drawer';
  /** A lesson (a node with nothing below) was picked: the drawer closes. */
  onLeafPicked?: () => void;
  /** The stage and subject in words (初中 · 数学), shown at the top of the drawer. */
  subjectName?: string;
}

const Count = ({ n }: { n: number }) => (
  <span className={styles.count} data-testid="chapter-count">
    {n}
  </span>
);

/**
 * Browsing a stage and subject's textbook catalogue beside a list: the editions (segmented, or a select when there
 * are many), each grade with its volumes (七年级 上册 / 下册), and the units and lessons of the opened volume as a tree.
 * A grade, a volume or a tree node filters the list; the same again, or 全部, lifts the filter. Nodes without
 * resources are shown muted; retired ones (listed while they still have resources) carry 已停用.
 */
export const ChapterPanel = ({
  stageId,
  subjectId,
  tree,
  treeError,
  onRetry,
  filter,
  onChange,
  gradeFilter = true,
  showCounts = true,
  variant = 'side',
  onLeafPicked,
  subjectName,
}: ChapterPanelProps) => {
  const titleId = useId();
  const chosen = stageId !== null && subjectId !== null;
  const ready = chosen && tree !== undefined && tree.stageId === stageId && tree.subjectId === subjectId;
  const key = `${stageId}:${subjectId}`;

  // The edition and volume opened: the filter's own when it names a node, else the last opened, else the first.
  const [browse, setBrowse] = useState<{ key: string; edition: number | null; volume: number | null }>({
    key,
    edition: null,
    volume: null,
  });
  const [expanded, setExpanded] = useState<number[]>([]);
  // Follow the filter to its node (an address opened, a breadcrumb followed): its edition and volume open, the
  // units above it expand.
  const [synced, setSynced] = useState<{ nodeId: number | null; ready: boolean }>({ nodeId: null, ready: false });
  if (ready && (synced.nodeId !== filter.nodeId || !synced.ready)) {
    setSynced({ nodeId: filter.nodeId, ready: true });
    const path = filter.nodeId === null ? [] : tree.pathOf(filter.nodeId);
    if (path.length > 0) {
      setBrowse({ key, edition: path[0]!.id, volume: path[1]?.id ?? null });
      const above = path.slice(2).map((n) => n.id);
      if (above.length) setExpanded((keys) => [...new Set([...keys, ...above])]);
    }
  }
  if (!ready && synced.ready) setSynced({ nodeId: null, ready: false });

  const remember = (edition: number, volume: number | null) => {
    opened.set(key, { edition, volume });
    setBrowse({ key, edition, volume });
  };

  const header = (
    <header className={styles.header}>
      <h2 id={titleId} className={variant === 'drawer' ? styles.hidden : styles.title}>
        <ReadOutlined aria-hidden /> 按教材章节
      </h2>
      {variant === 'drawer' && <span className={styles.subjectName}>{chosen ? subjectName : null}</span>}
      {ready && tree.editions.length > 0 && (
        <button
          type="button"
          className={styles.all}
          aria-pressed={!hasChapterFilter(filter)}
          onClick={() => onChange(NO_CHAPTER)}
        >
          全部
        </button>
      )}
    </header>
  );

  const frame = (body: ReactNode) => (
    <section
      className={`${styles.panel} ${variant === 'drawer' ? styles.drawer : styles.side}`}
      aria-labelledby={titleId}
      data-testid="chapter-panel"
    >
      {header}
      {body}
    </section>
  );

  if (!chosen) return frame(<p className={styles.hint}>选择学段学科后可按教材章节查找</p>);
  if (!ready) {
    return frame(
      treeError ? (
        <p className={styles.hint} role="alert">
          {errorText(treeError, '教材目录加载失败')}
          {onRetry && (
            <button type="button" className={styles.retry} onClick={onRetry}>
              重试
            </button>
          )}
        </p>
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ),
    );
  }
  if (tree.editions.length === 0) return frame(<p className={styles.hint}>该学段学科暂无教材目录</p>);

  const valid = (id: number | null | undefined, parent: number | null) =>
    id !== null && id !== undefined && tree.byId.get(id)?.parentId === parent;
  const memory = opened.get(key);
  const own = browse.key === key ? browse : { edition: null, volume: null };
  const editionId = valid(own.edition, null)
    ? own.edition!
    : valid(memory?.edition, null)
      ? memory!.edition
      : tree.editions[0]!.id;
  const volumeId = valid(own.volume, editionId)
    ? own.volume
    : own.edition === null && valid(memory?.volume, editionId)
      ? memory!.volume!
      : null;
  const volume = volumeId === null ? undefined : tree.byId.get(volumeId);
  const selectedPath = filter.nodeId === null ? [] : tree.pathOf(filter.nodeId);

  const pickEdition = (id: number) => {
    remember(id, null);
    // A filter inside another edition no longer matches what the panel shows.
    if (selectedPath.length > 0 && selectedPath[0]!.id !== id) onChange(NO_CHAPTER);
  };

  const editionPicker =
    tree.editions.length <= SEGMENTED_MAX ? (
      <Segmented
        block
        className={styles.editions}
        aria-label="教材版本"
        value={editionId}
        options={tree.editions.map((e) => ({ value: e.id, label: e.name, title: e.name }))}
        onChange={(value) => pickEdition(value as number)}
      />
    ) : (
      <Select
        className={styles.editionSelect}
        aria-label="教材版本"
        value={editionId}
        options={tree.editions.map((e) => ({ value: e.id, label: e.name }))}
        onChange={pickEdition}
        popupMatchSelectWidth
      />
    );

  const groups = gradeGroupsOf(tree, editionId);
  const gradeSelected = (grade: number) =>
    filter.grade === grade && (filter.nodeId === null || filter.nodeId === editionId);
  const pickGrade = (grade: number) => {
    remember(editionId, volume?.grade === grade ? volumeId : null);
    onChange(gradeSelected(grade) ? NO_CHAPTER : { nodeId: editionId, grade });
  };
  const pickVolume = (v: CatalogueNode) => {
    remember(editionId, v.id);
    onChange(filter.nodeId === v.id && filter.grade === null ? NO_CHAPTER : { nodeId: v.id, grade: null });
  };

  const volumes = (
    <div className={styles.volumes}>
      {groups.map((group) => {
        const gradeName = group.grade === null ? null : (GRADE_NAMES[group.grade] ?? String(group.grade));
        return (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend layout we do not want
          <div key={group.grade ?? 'none'} className={styles.gradeRow} role="group" aria-label={gradeName ?? '册次'}>
            {gradeName &&
              (gradeFilter ? (
                <button
                  type="button"
                  className={`${styles.chip} ${styles.gradeChip}`}
                  aria-pressed={gradeSelected(group.grade!)}
                  onClick={() => pickGrade(group.grade!)}
                >
                  {gradeName}
                </button>
              ) : (
                <span className={styles.gradeName}>{gradeName}</span>
              ))}
            {group.volumes.map((v) => {
              const short = volumeShortName(v);
              const pressed = filter.nodeId === v.id;
              const open = volumeId === v.id;
              return (
                <button
                  key={v.id}
                  type="button"
                  className={[styles.chip, open && !pressed ? styles.open : '', v.count === 0 ? styles.muted : '']
                    .filter(Boolean)
                    .join(' ')}
                  aria-pressed={pressed}
                  title={v.name}
                  aria-label={[v.name, v.retired ? '已停用' : '', showCounts ? `${v.count} 个资源` : '']
                    .filter(Boolean)
                    .join('，')}
                  data-node={v.id}
                  data-empty={v.count === 0 || undefined}
                  onClick={() => pickVolume(v)}
                >
                  {short}
                  {v.retired && <span className={styles.retiredMark}>（已停用）</span>}
                  {showCounts && <Count n={v.count} />}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );

  const treeData = (parentId: number): TreeDataNode[] =>
    tree.childrenOf(parentId).map((n) => {
      const children = treeData(n.id);
      return {
        key: n.id,
        isLeaf: children.length === 0,
        ...(children.length ? { children } : {}),
        title: (
          <span
            className={n.count === 0 ? `${styles.node} ${styles.mutedNode}` : styles.node}
            data-node={n.id}
            data-empty={n.count === 0 || undefined}
          >
            <span className={styles.nodeName}>{n.name}</span>
            {n.retired && (
              <Tag className={styles.retired} data-testid="chapter-retired">
                已停用
              </Tag>
            )}
            {showCounts && <Count n={n.count} />}
          </span>
        ),
      };
    });

  const pickNode = (id: number) => {
    if (filter.nodeId === id && filter.grade === null) {
      onChange(NO_CHAPTER);
      return;
    }
    onChange({ nodeId: id, grade: null });
    if (tree.childrenOf(id).length) setExpanded((keys) => (keys.includes(id) ? keys : [...keys, id]));
    else onLeafPicked?.();
  };

  const units = volume ? treeData(volume.id) : [];
  return frame(
    <>
      <div className={styles.editionRow}>{editionPicker}</div>
      {groups.length === 0 ? <p className={styles.hint}>该版本暂无册次</p> : volumes}
      <div className={styles.units}>
        {!volume ? (
          <p className={styles.hint}>选择册次，查看单元与课</p>
        ) : units.length === 0 ? (
          <p className={styles.hint}>{volume.name}暂无单元</p>
        ) : (
          <>
            <h3 className={styles.volumeTitle}>{volume.name}</h3>
            <Tree
              className={styles.tree}
              blockNode
              treeData={units}
              aria-label={`${volume.name}目录`}
              selectedKeys={filter.nodeId !== null && filter.grade === null ? [filter.nodeId] : []}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys as number[])}
              onSelect={(_keys, info) => pickNode(info.node.key as number)}
            />
          </>
        )}
      </div>
    </>,
  );
};
