import { useCallback, useEffect, useState } from 'react';
import type { TableProps } from 'antd';
import { useRenderer } from '../context';
import type { ListPageController, Row } from './useListPage';

/** The tree table's optional `condition` parameter (JTreeTable): the schema's field → value object as JSON. */
export function treeConditionParams(schema: ListPageController['schema']): Record<string, string> {
  const condition = schema.variant === 'treeTable' ? schema.tree?.condition : undefined;
  return condition && Object.keys(condition).length > 0 ? { condition: JSON.stringify(condition) } : {};
}

/** Marks rows that have children with an empty list so the table shows an expander. */
function withPlaceholders(rows: Row[], hasChildrenField: string): Row[] {
  return rows.map((row) => (row[hasChildrenField] && !Array.isArray(row.children) ? { ...row, children: [] } : row));
}

function replaceChildren(rows: Row[], key: string, id: unknown, children: Row[]): Row[] {
  return rows.map((row) => {
    if (row[key] === id) return { ...row, children };
    if (Array.isArray(row.children)) return { ...row, children: replaceChildren(row.children as Row[], key, id, children) };
    return row;
  });
}

/** Tree table: roots come from the list; children load lazily on expand (behaviour of spec §4 tree selectors). */
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
    const res = await http.get<Row[] | { records?: Row[] }>(url, { ...list.query, [parentKey]: id, ...treeConditionParams(list.schema) });
    if (!res.success) {
      list.notify.warning(res.message);
      return;
    }
    const result = res.result;
    const children = Array.isArray(result) ? result : Array.isArray(result?.records) ? result.records : undefined;
    if (!children) {
      list.notify.error('返回数据类型不识别');
      return;
    }
    setRows((current) => replaceChildren(current, list.rowKey, id, withPlaceholders(children, hasChildrenField)));
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
