import type { AdminCatalogueNode } from '@zyk/shared';
import { Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useMemo } from 'react';
import styles from './catalogue.module.css';
import { type CatalogueIndex, canDrop, moveOfDrop } from './catalogue-model.ts';
import { NodeState } from './node-panel.tsx';

interface CatalogueDataNode extends TreeDataNode {
  key: string;
  node: AdminCatalogueNode;
  children?: CatalogueDataNode[];
}

const dataOf = (index: CatalogueIndex, parentId: number | null): CatalogueDataNode[] =>
  (index.children.get(parentId) ?? []).map((node) => {
    const children = dataOf(index, node.id);
    return { key: String(node.id), node, ...(children.length ? { children } : { isLeaf: true }) };
  });

/** A node's line in the tree: its name, how many resources hang on it or below, and its state. */
const NodeTitle = ({ node }: { node: AdminCatalogueNode }) => (
  <span className={`${styles.nodeTitle} ${node.retired ? styles.retired : ''}`} data-node-code={node.code}>
    <span className={styles.nodeName}>{node.name}</span>
    <span className={styles.count}>
      {node.count}
      <span className={styles.srOnly}> 个资源</span>
    </span>
    <NodeState node={node} />
  </span>
);

/**
 * The catalogue as a tree: editions → volumes → units → lessons. Dragging reorders: a node may be dropped only
 * where its parent has the right kind (a lesson under a unit, …); the drop asks for the move, the page refetches.
 */
export const CatalogueTree = ({
  index,
  selectedId,
  expandedKeys,
  onExpand,
  onSelect,
  onMove,
}: {
  index: CatalogueIndex;
  selectedId: number | null;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  onSelect: (id: number) => void;
  onMove: (node: AdminCatalogueNode, parentId: number | null, at: number) => void;
}) => {
  const treeData = useMemo(() => dataOf(index, null), [index]);
  const onDrop: TreeProps<CatalogueDataNode>['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropToGap ? (info.dropPosition - Number(pos[pos.length - 1]) < 0 ? -1 : 1) : 0;
    const dragId = Number(info.dragNode.key);
    const move = moveOfDrop(index, dragId, Number(info.node.key), relative);
    const drag = index.byId.get(dragId);
    if (move && drag) onMove(drag, move.parentId, move.index);
  };
  return (
    <Tree<CatalogueDataNode>
      className={styles.tree}
      treeData={treeData}
      blockNode
      draggable
      allowDrop={({ dragNode, dropNode, dropPosition }) => canDrop(dragNode.node, dropNode.node, dropPosition)}
      onDrop={onDrop}
      titleRender={(data) => <NodeTitle node={data.node} />}
      expandedKeys={expandedKeys}
      onExpand={(keys) => onExpand(keys.map(String))}
      selectedKeys={selectedId === null ? [] : [String(selectedId)]}
      onSelect={(_keys, info) => onSelect(Number(info.node.key))}
      aria-label="教材目录树"
    />
  );
};
