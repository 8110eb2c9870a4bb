import type { RendererHttp } from '@renderer/context';
import { listOf } from '@renderer/index';

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

async function departs(http: RendererHttp, url: string, params?: Record<string, unknown>): Promise<DepartNode[]> {
  const res = await http.get<unknown>(url, params);
  if (!res.success) throw new Error(res.message || '部门加载失败');
  return listOf<RawDepart>(res.result).map((row) => normalizeDepart(row));
}

/** Roots (no pid) or the children of `pid`: GET /sys/sysDepart/queryDepartTreeSync. */
export function loadDepartLevel(http: RendererHttp, pid?: string) {
  return departs(http, '/sys/sysDepart/queryDepartTreeSync', pid ? { pid } : undefined);
}

/** Flat search by name: GET /sys/sysDepart/searchBy?keyWord=. */
export function searchDeparts(http: RendererHttp, keyWord: string) {
  return departs(http, '/sys/sysDepart/searchBy', { keyWord });
}

/** Departments of the given ids (for names of a stored value): GET /sys/sysDepart/queryTreeList?ids=. */
export function departsByIds(http: RendererHttp, ids: string) {
  return departs(http, '/sys/sysDepart/queryTreeList', { ids });
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
