import type { DataProvider } from '@renderer/data/provider';

/** Department node: id, orgCode, departName, key, title, children, leaf. */
export interface DepartNode {
  id: string;
  key: string;
  title: string;
  departName: string;
  orgCode?: string;
  parentId?: string;
  isLeaf: boolean;
  children?: DepartNode[];
  [field: string]: unknown;
}

interface RawDepart {
  id?: unknown;
  key?: unknown;
  title?: unknown;
  departName?: unknown;
  orgCode?: unknown;
  parentId?: unknown;
  leaf?: unknown;
  isLeaf?: unknown;
  children?: unknown;
}

export function normalizeDepart(raw: RawDepart): DepartNode {
  const id = String(raw.id ?? raw.key ?? '');
  const children = Array.isArray(raw.children) && raw.children.length ? raw.children.map((c: RawDepart) => normalizeDepart(c)) : undefined;
  return {
    ...(raw as Record<string, unknown>),
    id,
    key: String(raw.key ?? id),
    title: String(raw.title ?? raw.departName ?? ''),
    departName: String(raw.departName ?? raw.title ?? ''),
    orgCode: raw.orgCode === undefined || raw.orgCode === null ? undefined : String(raw.orgCode),
    parentId: raw.parentId === undefined || raw.parentId === null ? undefined : String(raw.parentId),
    isLeaf: raw.isLeaf === true || raw.leaf === true,
    children,
  };
}

async function departs(data: DataProvider, url: string, params?: Record<string, unknown>): Promise<DepartNode[]> {
  return (await data.getTree<RawDepart>(url, params)).map((row) => normalizeDepart(row));
}

/** Roots (no pid) or the children of `pid`: GET /sys/sysDepart/queryDepartTreeSync. */
export function loadDepartLevel(data: DataProvider, pid?: string) {
  return departs(data, '/sys/sysDepart/queryDepartTreeSync', pid ? { pid } : undefined);
}

/** Flat search by name: GET /sys/sysDepart/searchBy?keyWord=. */
export function searchDeparts(data: DataProvider, keyWord: string) {
  return departs(data, '/sys/sysDepart/searchBy', { keyWord });
}

/** Departments of the given ids (for names of a stored value): GET /sys/sysDepart/queryTreeList?ids=. */
export function departsByIds(data: DataProvider, ids: string) {
  return departs(data, '/sys/sysDepart/queryTreeList', { ids });
}

export function flattenDeparts(nodes: DepartNode[]): DepartNode[] {
  return nodes.flatMap((node) => [node, ...flattenDeparts(node.children ?? [])]);
}

/** Insert loaded children under `pid`; an empty answer makes the node a leaf. */
export function attachChildren(nodes: DepartNode[], pid: string, children: DepartNode[]): DepartNode[] {
  return nodes.map((node) => {
    if (node.key === pid) return children.length ? { ...node, children } : { ...node, isLeaf: true, children: undefined };
    return node.children ? { ...node, children: attachChildren(node.children, pid, children) } : node;
  });
}
