import { useCallback, useEffect, useRef, useState } from 'react';
import type { TableProps } from 'antd';
import { useRenderer } from '../context';
import type { ListPage } from '@contract/schema-types.gen';
import { attempt } from '../data/requestError';
import type { ListPageController, Row } from './useListPage';

export const UNREADABLE_TREE_DATA = '返回数据类型不识别';

/** The tree table's optional `condition` parameter (JTreeTable): the schema's field → value object as JSON. */
export function treeConditionParams(schema: ListPageController['schema']): Record<string, string> {
  const condition = schema.variant === 'treeTable' ? schema.tree?.condition : undefined;
  return condition && Object.keys(condition).length > 0 ? { condition: JSON.stringify(condition) } : {};
}

/**
 * The roots request's parent key (JTreeTable sends `queryKey: topValue`), only when the schema names
 * `tree.rootValue`: list endpoints that answer whole trees (the menu list) take no parent key.
 */
export function treeRootParams(schema: ListPage): Record<string, string> {
  const tree = schema.variant === 'treeTable' ? schema.tree : undefined;
  if (tree?.rootValue === undefined) return {};
  return { [tree.parentKey ?? 'parentId']: tree.rootValue };
}

/** Servers flag children as true, 1, '1' or 'true'; '0', 'false', 0 and empty mean a leaf. */
export function hasChildrenFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** An array, or `{records: []}`; anything else is unreadable (undefined). */
export function treeRowsOf(result: unknown): Row[] | undefined {
  if (Array.isArray(result)) return result as Row[];
  const records = result && typeof result === 'object' ? (result as { records?: unknown }).records : undefined;
  return Array.isArray(records) ? (records as Row[]) : undefined;
}

/** Marks rows that have children with an empty list so the table shows an expander. */
export function withPlaceholders(rows: Row[], hasChildrenField: string): Row[] {
  return rows.map((row) => (hasChildrenFlag(row[hasChildrenField]) && !Array.isArray(row.children) ? { ...row, children: [] } : row));
}

function replaceChildren(rows: Row[], key: string, id: unknown, children: Row[]): Row[] {
  return rows.map((row) => {
    if (row[key] === id) return { ...row, children };
    if (Array.isArray(row.children)) return { ...row, children: replaceChildren(row.children as Row[], key, id, children) };
    return row;
  });
}

/**
 * The tree again after its roots reloaded, with the branches in `open` open: children a lazy tree
 * had loaded are loaded again (a child added or renamed shows), whole-tree answers keep theirs.
 * `found` collects the open keys that are still in the tree.
 */
export async function reopenBranches(
  rows: Row[],
  open: ReadonlySet<string>,
  rowKey: string,
  load: (row: Row) => Promise<Row[] | undefined>,
  found: string[],
): Promise<Row[]> {
  return Promise.all(
    rows.map(async (row) => {
      const key = String(row[rowKey]);
      if (!open.has(key) || !Array.isArray(row.children)) return row;
      found.push(key);
      const children = row.children.length === 0 ? ((await load(row)) ?? []) : (row.children as Row[]);
      return { ...row, children: await reopenBranches(children, open, rowKey, load, found) };
    }),
  );
}

/**
 * Tree table: roots come from the list; children load lazily on expand, as in the tree selectors.
 * A reload keeps the open branches open; `reveal(key)` opens one more before the next reload (the parent of
 * a record just saved). Inert when `enabled` is false.
 */
export function useTreeRows(list: ListPageController, enabled = true) {
  const { data } = useRenderer();
  const tree = list.schema.tree ?? {};
  const parentKey = tree.parentKey ?? 'parentId';
  const hasChildrenField = tree.hasChildrenField ?? 'hasChildren';
  const [rows, setRows] = useState<Row[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const open = useRef<string[]>([]);
  const latest = useRef(list);
  latest.current = list;

  const fetchChildren = useCallback(
    async (record: Row): Promise<Row[] | undefined> => {
      const current = latest.current;
      const url = current.schema.url.childList ?? current.schema.url.list;
      const params = { ...current.query, [parentKey]: record[current.rowKey], ...treeConditionParams(current.schema) };
      const answer = await attempt(current.notify, async () => ({ result: await data.getOne<unknown>(url, params) }));
      if (!answer) return undefined;
      const children = treeRowsOf(answer.result);
      if (!children) {
        current.notify.error(UNREADABLE_TREE_DATA);
        return undefined;
      }
      return withPlaceholders(children, hasChildrenField);
    },
    [data, parentKey, hasChildrenField],
  );

  const expand = useCallback((keys: string[]) => {
    open.current = keys;
    setExpandedKeys(keys);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const roots = withPlaceholders(list.rows, hasChildrenField);
    const wanted = new Set(open.current);
    if (wanted.size === 0) {
      setRows(roots);
      return;
    }
    let live = true;
    const found: string[] = [];
    void reopenBranches(roots, wanted, latest.current.rowKey, fetchChildren, found).then((filled) => {
      if (!live) return;
      setRows(filled);
      expand(found);
    });
    return () => {
      live = false;
    };
  }, [list.rows, hasChildrenField, enabled, fetchChildren, expand]);

  const reveal = useCallback(
    (key: string) => {
      if (!open.current.includes(key)) expand([...open.current, key]);
    },
    [expand],
  );

  const loadChildren = useCallback(
    async (record: Row) => {
      const id = record[latest.current.rowKey];
      const children = await fetchChildren(record);
      if (children) setRows((current) => replaceChildren(current, latest.current.rowKey, id, children));
    },
    [fetchChildren],
  );

  const expandable: TableProps<Row>['expandable'] = {
    expandedRowKeys: expandedKeys,
    onExpand: (expanded, record) => {
      const key = String(record[list.rowKey]);
      expand(expanded ? [...open.current, key] : open.current.filter((k) => k !== key));
      if (expanded && Array.isArray(record.children) && record.children.length === 0) void loadChildren(record);
    },
  };
  return { rows, expandable, reveal, parentKey };
}
