import {
  type CatalogueKind,
  type CatalogueNode,
  type ChapterRef,
  chapterText,
  MAX_CHAPTERS_PER_RESOURCE,
  TAGGABLE_KINDS,
} from '@zyk/shared';
import { Cascader, type CascaderProps } from 'antd';
import { useMemo, useRef } from 'react';
import { useCatalogue } from '../hooks/use-form-options.ts';
import { lastVolumeOf, rememberVolume } from '../lib/last-chapter.ts';
import styles from './chapter-field.module.css';

/** One chapter as the field holds it: the node ids from the edition down to the chosen volume, unit or lesson. */
export type ChapterPath = number[];

interface ChapterOption {
  value: number;
  label: string;
  kind: CatalogueKind;
  /** Read back by `openAt` to find the node's row in the popup (the cascader copies data-* onto it). */
  'data-node': number;
  disableCheckbox?: boolean;
  children?: ChapterOption[];
}

/**
 * The catalogue as cascader options: edition → volume → unit → lesson; retired nodes (and what lies below them) are
 * not offered, and an edition cannot be chosen itself (only what it contains), so one without volumes is left out.
 */
const optionsOf = (nodes: readonly CatalogueNode[]) => {
  const byId = new Map<number, ChapterOption>();
  const roots: ChapterOption[] = [];
  for (const node of nodes) {
    if (node.retired) continue;
    const option: ChapterOption = {
      value: node.id,
      label: node.name,
      kind: node.kind,
      'data-node': node.id,
      ...(TAGGABLE_KINDS.includes(node.kind) ? {} : { disableCheckbox: true }),
    };
    if (node.parentId === null) {
      if (node.kind === 'edition') roots.push(option);
    } else {
      const parent = byId.get(node.parentId);
      if (!parent) continue;
      parent.children = [...(parent.children ?? []), option];
    }
    byId.set(node.id, option);
  }
  return roots.filter((edition) => edition.children?.length);
};

/**
 * antd's placements for select popups (select/mergedBuiltinPlacements) with sideways shifting added: on a phone the
 * popup is nearly as wide as the screen, so neither edge of the field can anchor it; it is moved back inside instead.
 */
const overflow = { adjustX: true, adjustY: true, shiftX: true, shiftY: true };
const PLACEMENTS: CascaderProps['builtinPlacements'] = {
  bottomLeft: { points: ['tl', 'bl'], offset: [0, 4], overflow, htmlRegion: 'visible', dynamicInset: true },
  bottomRight: { points: ['tr', 'br'], offset: [0, 4], overflow, htmlRegion: 'visible', dynamicInset: true },
  topLeft: { points: ['bl', 'tl'], offset: [0, -4], overflow, htmlRegion: 'visible', dynamicInset: true },
  topRight: { points: ['br', 'tr'], offset: [0, -4], overflow, htmlRegion: 'visible', dynamicInset: true },
};

const keyOf = (path: readonly number[]) => path.join('.');

/** Waits (a frame at a time, up to half a second) for what `find` looks for to be in the page. */
const waitFor = async <T,>(find: () => T | null | undefined): Promise<T | null> => {
  for (let frame = 0; frame < 30; frame++) {
    const found = find();
    if (found) return found;
    await new Promise((done) => requestAnimationFrame(done));
  }
  return null;
};

/** The popup's columns scrolled to the newest one (on a phone they do not all fit side by side). */
const showLastColumn = (popup: HTMLElement | null) => {
  requestAnimationFrame(() => {
    const menus = popup?.querySelector('ul[role=menu]')?.parentElement;
    if (menus) menus.scrollLeft = menus.scrollWidth;
  });
};

/**
 * 教材章节: up to MAX_CHAPTERS_PER_RESOURCE volumes, units or lessons of the chosen stage and subject's catalogue,
 * picked in a cascader or found by name. Opened while empty, it opens at the volume last picked for that stage and
 * subject in this browser. `known`: the chapters the edited resource has (names of those no longer offered).
 */
export const ChapterField = ({
  value,
  onChange,
  id,
  stageId,
  subjectId,
  known = [],
  disabled = false,
  onMessage,
}: {
  value?: ChapterPath[];
  onChange?: (value: ChapterPath[]) => void;
  id?: string;
  stageId: number | undefined;
  subjectId: number | undefined;
  known?: readonly ChapterRef[];
  disabled?: boolean;
  onMessage: (text: string) => void;
}) => {
  const chosen = value ?? [];
  const catalogue = useCatalogue(stageId, subjectId);
  const options = useMemo(() => optionsOf(catalogue.data ?? []), [catalogue.data]);
  const popupRef = useRef<HTMLDivElement>(null);

  // Names (for the tags, and for chapters no longer offered) and retired nodes, from the tree and the edited resource.
  const { names, retired } = useMemo(() => {
    const names = new Map<number, string>();
    const retired = new Set<number>();
    for (const chapter of known) {
      chapter.path.forEach((nodeId, i) => {
        names.set(nodeId, chapter.trail[i] ?? String(nodeId));
      });
      if (chapter.retired) retired.add(chapter.id);
    }
    for (const node of catalogue.data ?? []) {
      names.set(node.id, node.name);
      if (node.retired) retired.add(node.id);
    }
    return { names, retired };
  }, [known, catalogue.data]);

  const both = typeof stageId === 'number' && typeof subjectId === 'number';
  const none = both && catalogue.isSuccess && options.length === 0;
  const placeholder = !both
    ? '请先选择学段和学科'
    : catalogue.isPending
      ? '正在加载教材目录…'
      : catalogue.isError
        ? '教材目录加载失败，请刷新页面重试'
        : none
          ? '该学科暂无教材目录'
          : '选择册次、单元或课（可多选）';
  // What the resource already has stays removable even where nothing can be added.
  const unavailable = !both || catalogue.isPending || catalogue.isError || none;

  const change = (next: ChapterPath[]) => {
    if (next.length > MAX_CHAPTERS_PER_RESOURCE && next.length > chosen.length) {
      onMessage(`最多选择 ${MAX_CHAPTERS_PER_RESOURCE} 个教材章节`);
      return;
    }
    const before = new Set(chosen.map(keyOf));
    const added = next.filter((path) => !before.has(keyOf(path))).at(-1);
    if (added && both) rememberVolume(stageId, subjectId, added);
    onChange?.(next);
  };

  /** Opens the popup's columns down to the remembered volume (when it is still offered and has units). */
  const openAt = async () => {
    if (!both || chosen.length > 0) return;
    const last = lastVolumeOf(stageId, subjectId);
    const edition = options.find((o) => o.value === last?.[0]);
    const volume = edition?.children?.find((o) => o.value === last?.[1]);
    if (!edition || !volume?.children?.length) return;
    // A row's click opens its column (an edition or a volume with units is never chosen by clicking its row).
    for (const nodeId of [edition.value, volume.value]) {
      const row = await waitFor(() => popupRef.current?.querySelector<HTMLElement>(`li[data-node="${nodeId}"]`));
      if (!row) return;
      row.click();
    }
    showLastColumn(popupRef.current);
  };

  const label = (labels: (string | number)[]) => {
    const parts = labels.map((part) => (typeof part === 'number' ? (names.get(part) ?? String(part)) : part));
    const last = labels.at(-1);
    const gone = typeof last === 'number' && retired.has(last);
    return (
      <span title={chapterText(parts)}>
        {parts.at(-1)}
        {gone && '（已停用）'}
      </span>
    );
  };

  return (
    <Cascader
      id={id}
      multiple
      value={chosen}
      onChange={(next) => change(next as ChapterPath[])}
      options={options}
      disabled={disabled || (unavailable && chosen.length === 0)}
      loading={both && catalogue.isFetching}
      placeholder={placeholder}
      showCheckedStrategy={Cascader.SHOW_PARENT}
      showSearch={{
        filter: (input, path) => {
          const text = input.trim().toLowerCase();
          return path.length > 1 && path.some((option) => option.label.toLowerCase().includes(text));
        },
        render: (_input, path) => chapterText(path.map((option) => option.label)),
      }}
      displayRender={(labels) => label(labels as (string | number)[])}
      notFoundContent="没有找到相关章节"
      onOpenChange={(open) => {
        if (open) void openAt();
      }}
      builtinPlacements={PLACEMENTS}
      classNames={{ root: styles.field, popup: { root: styles.popup } }}
      popupRender={(menus) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click only scrolls the columns a row's click opened; the rows are the controls
        <div ref={popupRef} onClick={() => showLastColumn(popupRef.current)}>
          {menus}
        </div>
      )}
      style={{ width: '100%' }}
    />
  );
};
