import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  EditOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { type AdminCatalogueNode, CATALOGUE_KINDS, chapterText, GRADE_NAMES } from '@zyk/shared';
import { Alert, Button, Descriptions, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import type { Toast } from '../../../lib/toast.ts';
import { useMergeNode, useSetNodeRetired } from '../hooks/use-catalogue.ts';
import styles from './catalogue.module.css';
import { type CatalogueIndex, childKind, trailOf } from './catalogue-model.ts';

/** A node's state as one tag: in use, retired, or merged into another. */
export const NodeState = ({ node }: { node: AdminCatalogueNode }) =>
  node.mergedInto !== null ? (
    <Tag className={styles.stateTag}>已合并到 {node.mergedInto}</Tag>
  ) : node.retired ? (
    <Tag className={styles.stateTag}>已停用</Tag>
  ) : null;

/**
 * The selected node: what it is (kind, code, grade, counts, state) and what can be done to it: change it, add a
 * node below it, retire or restore it, merge it into another node of its kind in this stage and subject.
 */
export const NodePanel = ({
  node,
  index,
  toast,
  onEdit,
  onCreateChild,
  onMove,
  moving,
}: {
  node: AdminCatalogueNode;
  index: CatalogueIndex;
  toast: Toast;
  onEdit: () => void;
  onCreateChild: () => void;
  /** Up or down among its siblings, for a keyboard or a finger (the tree's dragging needs a mouse). */
  onMove: (at: number) => void;
  moving: boolean;
}) => {
  const [intoId, setIntoId] = useState<number | null>(null);
  const kindName = CATALOGUE_KINDS[node.kind];
  const below = childKind(node.kind);
  const parent = node.parentId === null ? undefined : index.byId.get(node.parentId);
  const merged = node.mergedInto !== null;
  const siblings = index.children.get(node.parentId) ?? [];
  const place = siblings.findIndex((n) => n.id === node.id);

  const retire = useSetNodeRetired();
  const merge = useMergeNode();
  // The tree is asked for again after each write (the hooks see to it).
  const setRetired = (retired: boolean) =>
    void retire.mutateAsync({ id: node.id, retired }).then(
      () => void toast.success(retired ? `已停用“${node.name}”` : `已恢复“${node.name}”`),
      (error: unknown) => void toast.error(errorText(error, '操作失败')),
    );
  const mergeNow = (into: number) =>
    void merge.mutateAsync({ fromId: node.id, intoId: into }).then(
      () => setIntoId(null),
      (error: unknown) => void toast.error(errorText(error, '合并失败')),
    );
  const mergeInto = merge.variables === undefined ? undefined : index.byId.get(merge.variables.intoId);

  const candidates = index.nodes
    .filter((n) => n.kind === node.kind && n.id !== node.id && !n.retired)
    .map((n) => ({ value: n.id, label: chapterText(trailOf(index, n.id)) }));

  return (
    <div className={styles.panel} data-testid="catalogue-panel">
      <div>
        <h2 className={styles.panelTitle}>{node.name}</h2>
        <p className={styles.trail}>{chapterText(trailOf(index, node.id))}</p>
      </div>
      <Descriptions
        size="small"
        column={1}
        bordered
        className={styles.facts}
        items={[
          { key: 'kind', label: '类型', children: kindName },
          { key: 'code', label: '编号', children: <span className={styles.code}>{node.code}</span> },
          ...(node.kind === 'volume'
            ? [{ key: 'grade', label: '年级', children: node.grade ? GRADE_NAMES[node.grade] : '不分年级' }]
            : []),
          {
            key: 'count',
            label: '资源数',
            children: (
              <span data-testid="catalogue-panel-count">
                {node.count}
                {node.kind !== 'edition' && node.kind !== 'lesson' && (
                  <span className={styles.muted}>
                    （直接挂在此{kindName} {node.directCount}）
                  </span>
                )}
              </span>
            ),
          },
          {
            key: 'state',
            label: '状态',
            children: merged ? `已合并到 ${node.mergedInto}` : node.retired ? '已停用' : '使用中',
          },
        ]}
      />
      <div className={styles.panelActions}>
        <Button icon={<EditOutlined aria-hidden />} onClick={onEdit}>
          修改
        </Button>
        <Button
          icon={<ArrowUpOutlined aria-hidden />}
          disabled={place <= 0}
          loading={moving}
          onClick={() => onMove(place - 1)}
        >
          上移
        </Button>
        <Button
          icon={<ArrowDownOutlined aria-hidden />}
          disabled={place < 0 || place >= siblings.length - 1}
          loading={moving}
          onClick={() => onMove(place + 1)}
        >
          下移
        </Button>
        {below && !node.retired && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={onCreateChild}>
            新建{CATALOGUE_KINDS[below]}
          </Button>
        )}
        {!merged &&
          (node.retired ? (
            <Popconfirm
              title={`恢复“${node.name}”？`}
              description="恢复后可以重新给资源选择它。"
              okText="恢复"
              cancelText="取消"
              onConfirm={() => setRetired(false)}
            >
              <Button icon={<UndoOutlined aria-hidden />} loading={retire.isPending}>
                恢复
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm
              title={`停用“${node.name}”？`}
              description={
                <span className={styles.confirmText}>
                  停用后不能再给资源选择它及其下级；已挂在它上面的 {node.count} 个资源不受影响，仍可在
                  {parent ? `上级“${parent.name}”` : '本学段学科的目录'}下找到。
                </span>
              }
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => setRetired(true)}
            >
              <Button danger icon={<StopOutlined aria-hidden />} loading={retire.isPending}>
                停用
              </Button>
            </Popconfirm>
          ))}
      </div>
      {!merged && (
        <section className={styles.merge} aria-labelledby="catalogue-merge-title">
          <h3 id="catalogue-merge-title" className={styles.sectionTitle}>
            合并到…
          </h3>
          <p className={styles.muted}>
            把此{kindName}的资源与下级节点移到另一个{kindName}，此{kindName}随后停用并记下合并去向。
          </p>
          <Select
            aria-label={`合并到哪个${kindName}`}
            className={styles.fill}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={candidates.length ? `选择${kindName}` : `没有可合并到的${kindName}`}
            value={intoId ?? undefined}
            onChange={(v: number) => setIntoId(v)}
            options={candidates}
          />
          <Popconfirm
            title={`把“${node.name}”合并到所选${kindName}？`}
            description={
              <span className={styles.confirmText}>
                {node.count} 个资源与全部下级节点将移过去，“{node.name}”随后停用，不能撤销。
              </span>
            }
            okText="合并"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={intoId === null}
            onConfirm={() => intoId !== null && mergeNow(intoId)}
          >
            <Button icon={<MergeCellsOutlined aria-hidden />} disabled={intoId === null} loading={merge.isPending}>
              合并
            </Button>
          </Popconfirm>
        </section>
      )}
      {merge.isSuccess && (
        <Alert
          type="success"
          showIcon
          title={`已合并到“${mergeInto?.name ?? node.mergedInto ?? ''}”：移动了 ${merge.data.movedResources} 个资源、${merge.data.movedChildren} 个下级节点`}
          data-testid="catalogue-merge-result"
        />
      )}
    </div>
  );
};
