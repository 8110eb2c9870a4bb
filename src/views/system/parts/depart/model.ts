/** A node of `/sys/sysDepart/queryTreeList`: the department row plus key/title/children. */
export interface DepartNode {
  key: string;
  title: string;
  id: string;
  parentId?: string | null;
  departName?: string;
  orgCode?: string;
  orgCategory?: string;
  departOrder?: number | string;
  mobile?: string;
  fax?: string;
  address?: string;
  memo?: string;
  /** 部门负责人: comma-joined user ids. */
  directorUserIds?: string | null;
  children?: DepartNode[];
  [field: string]: unknown;
}

export function findNode(nodes: DepartNode[], key: string): DepartNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode(node.children ?? [], key);
    if (found) return found;
  }
  return undefined;
}

export function allKeys(nodes: DepartNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

export function parentKeys(nodes: DepartNode[]): string[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.key, ...parentKeys(node.children)] : []));
}

/** Fields the department forms edit (the rest of a tree node is display data). */
export const DEPART_FIELDS = [
  'id',
  'parentId',
  'departName',
  'orgCode',
  'orgCategory',
  'departOrder',
  'mobile',
  'fax',
  'address',
  'memo',
  'directorUserIds',
] as const;

export function formValues(node: DepartNode): Record<string, unknown> {
  return Object.fromEntries(DEPART_FIELDS.map((field) => [field, node[field] === null ? undefined : node[field]]));
}

/** 机构类型: a top-level unit is a 公司; a unit under another is a 部门 or a 岗位. */
export function categoryOptions(hasParent: boolean): Array<{ value: string; label: string }> {
  return hasParent
    ? [
        { value: '2', label: '部门' },
        { value: '3', label: '岗位' },
      ]
    : [{ value: '1', label: '公司' }];
}

/** The server takes 排序 as text. */
export function orderText(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}
