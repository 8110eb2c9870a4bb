import { useCallback, useEffect, useState } from 'react';
import type { TableProps } from 'antd';
import { useRenderer } from '../context';
import type { ListPage } from '../schema/types.gen';
import { errorText } from '../data/errors';
import type { ListPageController, Row } from './useListPage';

export const UNREADABLE_TREE_DATA = '返回数据类型不识别';

/** The tree table's optional `condition` parameter (JTreeTable): the schema's field → value object as JSON. */
export function treeConditionParams(schema: ListPageController['schema']): Record<string, string> {
  const condition = schema.variant === 'treeTable' ? schema.tree?.condition : undefined;
  return condition && Object.keys(condition).length > 0 ? { condition: JSON.stringify(condition) } : {};
}

/**
 * The roots request's parent key (JTreeTable sends `queryKey: topValue`), only when the schema names
 * `tree.rootValue`: list endpoints that answer whole trees (e.g. /sys/permission/list) take no parent key.
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

/** Tree table: roots come from the list; children load lazily on expand, as in the tree selectors. */
export function useTreeRows(list: ListPageController) {
  const { http } = useRenderer();
  const tree = list.schema.tree ?? {};
  const parentKey = tree.parentKey ?? 'parentId';
  const hasChildrenField = tree.hasChildrenField ?? 'hasChildren';
  const [rows, setRows] = useState<Row[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);

  useEffect(() => {
    setRows(withPlaceholders(list.rows, hasChildrenField));
    setExpandedKeys([]);
  }, [list.rows, hasChildrenField]);

  const loadChildren = useCallback(async (record: Row) => {
    const url = list.schema.url.childList ?? list.schema.url.list;
    const id = record[list.rowKey];
    let children: Row[] | undefined;
    try {
      const res = await http.get<unknown>(url, { ...list.query, [parentKey]: id, ...treeConditionParams(list.schema) });
      if (!res.success) {
        list.notify.warning(res.message);
        return;
      }
      children = treeRowsOf(res.result);
    } catch (error) {
      list.notify.warning(errorText(error));
      return;
    }
    if (!children) {
      list.notify.error(UNREADABLE_TREE_DATA);
      return;
    }
    const loaded = children;
    setRows((current) => replaceChildren(current, list.rowKey, id, withPlaceholders(loaded, hasChildrenField)));
  }, [http, list, parentKey, hasChildrenField]);

  const expandable: TableProps<Row>['expandable'] = {
    expandedRowKeys: expandedKeys,
    onExpand: (expanded, record) => {
      const key = String(record[list.rowKey]);
      setExpandedKeys((keys) => (expanded ? [...keys, key] : keys.filter((k) => k !== key)));
      if (expanded && Array.isArray(record.children) && record.children.length === 0) void loadChildren(record);
    },
  };
  return { rows, expandable };
}
