import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminCatalogueNode } from '@zyk/shared';
import { Button, Drawer, Grid, message, Result, Skeleton } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import type { CatalogueFormat } from '../api/catalogue-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import type { StageSubject } from '../components/stage-subject-select.tsx';
import { useCatalogueTree, useExportCatalogue, useMoveNode } from '../hooks/use-catalogue.ts';
import { useIdentity } from '../hooks/use-identity.ts';
import styles from './catalogue.module.css';
import { childKind, indexNodes } from './catalogue-model.ts';
import { CatalogueTree } from './catalogue-tree.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { NodeForm, type NodeFormTarget } from './node-form.tsx';
import { NodePanel } from './node-panel.tsx';

export interface CatalogueSlots {
  /** The stage and subject selects, with the dictionary feature's entries; `lockStage` offers the subject only. */
  renderStageSubject: (value: StageSubject, onChange: (value: StageSubject) => void, lockStage: boolean) => ReactNode;
}

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Saves a file the browser made (the export's text) under its name. */
const download = (fileName: string, content: string, format: CatalogueFormat) => {
  // A BOM first, so Excel reads the CSV's Chinese right (the import skips it).
  const blob = new Blob(format === 'csv' ? ['\uFEFF', content] : [content], {
    type: format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * /admin/catalogue (教材目录): one stage's subject's textbook catalogue as a tree (editions → volumes → units →
 * lessons, with resource counts and retired or merged nodes marked), reordered by dragging; the selected node's
 * details and actions beside it (a drawer on phones); import and export. A 教研员 keeps to their own stage and
 * subject.
 */
export const CataloguePage = ({ renderStageSubject }: CatalogueSlots) => {
  const identity = useIdentity();
  const [toast, toastHolder] = message.useMessage();
  const compact = Grid.useBreakpoint().md === false;
  const [params, setParams] = useSearchParams();
  const scope = identity.data?.scope;
  const limited = !!scope && !scope.all;
  const stageId = limited ? scope.stageId : idParam(params.get('stageId'));
  const subjectId = (limited ? scope.subjectId : null) ?? idParam(params.get('subjectId'));
  const ready = stageId !== null && subjectId !== null;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [form, setForm] = useState<NodeFormTarget | null>(null);
  const [importing, setImporting] = useState(false);

  const tree = useCatalogueTree(stageId, subjectId);
  const index = useMemo(() => indexNodes(tree.data ?? []), [tree.data]);
  const selected = selectedId === null ? undefined : index.byId.get(selectedId);

  // A stage and subject opens with its editions expanded (from the first render: no sliding open), so their
  // volumes show; what is expanded after that is the administrator's.
  const treeKey = `${stageId}-${subjectId}`;
  const [expandedFor, setExpandedFor] = useState<{ treeKey: string; keys: string[] } | null>(null);
  const editionKeys = useMemo(() => index.nodes.filter((n) => n.kind === 'edition').map((n) => String(n.id)), [index]);
  const expanded = expandedFor?.treeKey === treeKey ? expandedFor.keys : editionKeys;
  const setExpanded = (keys: string[]) => setExpandedFor({ treeKey, keys });

  const choose = (value: StageSubject) => {
    const next = new URLSearchParams(params);
    for (const [key, id] of Object.entries(value)) {
      if (id === null) next.delete(key);
      else next.set(key, String(id));
    }
    setParams(next, { replace: true });
    setSelectedId(null);
    setDrawerOpen(false);
  };
  // From the latest state, not this render's: a move's answer may arrive after the administrator opened other nodes.
  const expand = (id: number | null) => {
    if (id === null) return;
    setExpandedFor((before) => {
      const keys = before?.treeKey === treeKey ? before.keys : editionKeys;
      return keys.includes(String(id)) ? before : { treeKey, keys: [...keys, String(id)] };
    });
  };
  const select = (id: number) => {
    setSelectedId(id);
    setDrawerOpen(true);
  };

  const move = useMoveNode();
  const moveTo = (node: AdminCatalogueNode, parentId: number | null, at: number) =>
    void move.mutateAsync({ id: node.id, parentId, index: at }).then(
      () => {
        void toast.success(`已移动“${node.name}”`);
        expand(parentId);
      },
      (error: unknown) => void toast.error(errorText(error, '移动失败')),
    );
  const exporting = useExportCatalogue(stageId, subjectId);
  const exportAs = (format: CatalogueFormat) =>
    void exporting.mutateAsync(format).then(
      ({ fileName, content }) => download(fileName, content, format),
      (error: unknown) => void toast.error(errorText(error, '导出失败')),
    );

  if (identity.data && limited && scope.stageId === null) {
    return (
      <ConsolePage title="教材目录">
        <Result
          status="403"
          title="无法维护教材目录"
          subTitle="您的管理范围不含学段学科，教材目录由教研员或区县管理员维护。"
        />
      </ConsolePage>
    );
  }

  const panel = selected && (
    <NodePanel
      key={selected.id}
      node={selected}
      index={index}
      toast={toast}
      onEdit={() => setForm({ mode: 'edit', node: selected })}
      onCreateChild={() => {
        const kind = childKind(selected.kind);
        if (kind) setForm({ mode: 'create', kind, parent: selected });
      }}
      onMove={(at) => moveTo(selected, selected.parentId, at)}
      moving={move.isPending}
    />
  );

  let body: ReactNode;
  if (!ready) {
    body = <EmptyState title="请选择学段与学科" hint="每个学段学科有自己的教材目录：版本、册次、单元与课。" />;
  } else if (tree.isError) {
    body = <LoadError message={errorText(tree.error, '教材目录加载失败')} onRetry={() => void tree.refetch()} />;
  } else if (tree.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (index.nodes.length === 0) {
    body = <EmptyState title="该学段学科还没有教材目录" hint="点“新建版本”逐级添加，或用“导入”导入 JSON 或 CSV。" />;
  } else {
    body = (
      <div className={styles.layout}>
        <section className={styles.treeBox} aria-label="目录树">
          <p className={styles.hint}>
            数字为挂在节点及其下级的资源数。拖动节点可调整顺序，或移到同类的其他上级下；点选节点查看详情与操作。
          </p>
          <CatalogueTree
            index={index}
            selectedId={selected ? selected.id : null}
            expandedKeys={expanded}
            onExpand={setExpanded}
            onSelect={select}
            onMove={moveTo}
          />
        </section>
        {compact ? (
          <Drawer open={drawerOpen && !!selected} onClose={() => setDrawerOpen(false)} title="节点详情" size="100%">
            {panel}
          </Drawer>
        ) : (
          <aside className={styles.side} aria-label="节点详情">
            {panel ?? (
              <p className={styles.muted}>在左侧目录中选择一个节点，查看它的详情并修改、新建下级、停用或合并。</p>
            )}
          </aside>
        )}
      </div>
    );
  }

  return (
    <TouchSize>
      <ConsolePage
        title="教材目录"
        description="各学段学科的教材版本、册次、单元与课。教师上传资源时按章节挂接，浏览与检索按章节筛选。节点不删除：可停用或合并。"
        actions={
          ready && (
            <>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setForm({ mode: 'create', kind: 'edition', parent: null })}
              >
                新建版本
              </Button>
              <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>
                导入
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={exporting.isPending && exporting.variables === 'json'}
                onClick={() => exportAs('json')}
              >
                导出 JSON
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={exporting.isPending && exporting.variables === 'csv'}
                onClick={() => exportAs('csv')}
              >
                导出 CSV
              </Button>
            </>
          )
        }
      >
        {toastHolder}
        <div className={styles.filters}>
          {limited && (
            <span className={styles.scopeText}>
              {scope.subjectId !== null
                ? `学段学科：${scope.stageName ?? ''}${scope.subjectName ?? ''}（本人负责）`
                : `学段：${scope.stageName ?? ''}`}
            </span>
          )}
          {!(limited && scope.subjectId !== null) &&
            renderStageSubject({ stageId, subjectId }, choose, limited && scope.stageId !== null)}
        </div>
        {body}
        {form && ready && (
          <NodeForm
            target={form}
            stageId={stageId}
            subjectId={subjectId}
            onClose={() => setForm(null)}
            onSaved={(node) => {
              void toast.success(form.mode === 'edit' ? `已保存“${node.name}”` : `已新建“${node.name}”`);
              setForm(null);
              expand(node.parentId);
              if (form.mode === 'create') setSelectedId(node.id);
            }}
          />
        )}
        {importing && <ImportDialog onClose={() => setImporting(false)} />}
      </ConsolePage>
    </TouchSize>
  );
};
