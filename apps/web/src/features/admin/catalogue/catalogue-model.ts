import { type AdminCatalogueNode, CATALOGUE_KIND_ORDER, type CatalogueKind, PARENT_KIND } from '@zyk/shared';

/** The console's flat node list (parents before children, siblings in order), indexed for the tree and the panel. */
export interface CatalogueIndex {
  nodes: AdminCatalogueNode[];
  byId: Map<number, AdminCatalogueNode>;
  /** Children in order; the editions under `null`. */
  children: Map<number | null, AdminCatalogueNode[]>;
}

export const indexNodes = (nodes: AdminCatalogueNode[]): CatalogueIndex => {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, AdminCatalogueNode[]>();
  for (const node of nodes) {
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  return { nodes, byId, children };
};

/** The names from the edition down to the node. */
export const trailOf = (index: CatalogueIndex, id: number): string[] => {
  const names: string[] = [];
  for (let node = index.byId.get(id); node; node = node.parentId === null ? undefined : index.byId.get(node.parentId)) {
    names.unshift(node.name);
  }
  return names;
};

/** The kind one level below (null under a lesson). */
export const childKind = (kind: CatalogueKind): CatalogueKind | null =>
  CATALOGUE_KIND_ORDER[CATALOGUE_KIND_ORDER.indexOf(kind) + 1] ?? null;

/**
 * Whether the tree may drop `drag` at `position` relative to `drop` (0: inside as its first child; -1/1: before or
 * after it, among its siblings): only under a parent of the kind PARENT_KIND names. The tree shows one stage and
 * subject, so every drop stays in it.
 */
export const canDrop = (drag: AdminCatalogueNode, drop: AdminCatalogueNode, position: -1 | 0 | 1) =>
  position === 0 ? drop.kind === PARENT_KIND[drag.kind] : drop.kind === drag.kind;

/**
 * The move a drop asks for: the new parent and the index among that parent's other children (what
 * adminCatalogueMove takes); null when the node would stay where it is.
 */
export const moveOfDrop = (
  index: CatalogueIndex,
  dragId: number,
  dropId: number,
  position: -1 | 0 | 1,
): { parentId: number | null; index: number } | null => {
  const drag = index.byId.get(dragId);
  const drop = index.byId.get(dropId);
  if (!drag || !drop || dragId === dropId || !canDrop(drag, drop, position)) return null;
  const parentId = position === 0 ? drop.id : drop.parentId;
  const others = (index.children.get(parentId) ?? []).filter((n) => n.id !== dragId);
  const at = position === 0 ? 0 : others.findIndex((n) => n.id === dropId) + (position === 1 ? 1 : 0);
  const now = (index.children.get(drag.parentId) ?? []).findIndex((n) => n.id === dragId);
  if (parentId === drag.parentId && at === now) return null;
  return { parentId, index: at };
};
