import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCatalogueNode } from '@zyk/shared';
import { Button, Drawer, Grid, message, Result, Skeleton } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { catalogueKeys } from '../api/admin-keys.ts';
import { type CatalogueFormat, exportCatalogue, getCatalogueTree, moveNode } from '../api/catalogue-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import type { StageSubject } from '../components/stage-subject-select.tsx';
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
  const client = useQueryClient();
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

  const tree = useQuery({
    queryKey: catalogueKeys.tree(stageId ?? 0, subjectId ?? 0),
    queryFn: () => getCatalogueTree(stageId!, subjectId!),
    enabled: ready,
  });
  const index = useMemo(() => indexNodes(tree.data ?? []), [tree.data]);
  const selected = selectedId === null ? undefined : index.byId.get(selectedId);

  // A stage and subject opens with its editions expanded (from the first render: no sliding open), so their
  // volumes show; what is expanded after that is the administrator's.
  const treeKey = `${stageId}-${subjectId}`;
  const [expandedFor, setExpandedFor] = useState<{ treeKey: string; keys: string[] } | null>(null);
  const expanded = useMemo(
    () =>
      expandedFor?.treeKey === treeKey
        ? expandedFor.keys
        : index.nodes.filter((n) => n.kind === 'edition').map((n) => String(n.id)),
    [expandedFor, treeKey, index],
  );
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
  const refresh = () => refetchAfterWrite(client, { queryKey: catalogueKeys.all });
  const expand = (id: number | null) => {
    if (id !== null && !expanded.includes(String(id))) setExpanded([...expanded, String(id)]);
  };
  const select = (id: number) => {
    setSelectedId(id);
    setDrawerOpen(true);
  };

  const move = useMutation({
    mutationFn: ({ node, parentId, at }: { node: AdminCatalogueNode; parentId: number | null; at: number }) =>
      moveNode(node.id, parentId, at),
    onSuccess: (_r, { node, parentId }) => {
      void toast.success(`已移动“${node.name}”`);
      expand(parentId);
      void refresh();
    },
    onError: (error) => {
      void toast.error(errorText(error, '移动失败'));
      void refresh();
    },
  });
  const exporting = useMutation({
    mutationFn: (format: CatalogueFormat) => exportCatalogue(stageId!, subjectId!, format),
    onSuccess: ({ fileName, content }, format) => download(fileName, content, format),
    onError: (error) => void toast.error(errorText(error, '导出失败')),
  });

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
      onMove={(at) => move.mutate({ node: selected, parentId: selected.parentId, at })}
      moving={move.isPending}
      onChanged={() => void refresh()}
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
            onMove={(node, parentId, at) => move.mutate({ node, parentId, at })}
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
                onClick={() => exporting.mutate('json')}
              >
                导出 JSON
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={exporting.isPending && exporting.variables === 'csv'}
                onClick={() => exporting.mutate('csv')}
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
              void refresh();
            }}
          />
        )}
        {importing && <ImportDialog onClose={() => setImporting(false)} onImported={() => void refresh()} />}
      </ConsolePage>
    </TouchSize>
  );
};
