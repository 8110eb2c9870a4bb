import { useEffect, useState } from 'react';
import { TreeSelect, message } from 'antd';
import { splitValue } from '@renderer/index';
import type { TreeNodeRow } from './tree-api';

export const TREE_DROPDOWN_MAX_HEIGHT = 400;

interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

export interface LazyTreeSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Roots when pid is null, children otherwise. */
  loadChildren: (pid: string | null) => Promise<TreeNodeRow[]>;
  /** Labels of stored keys not loaded yet. */
  loadLabels: (keys: string) => Promise<string[]>;
  /** Reload when this changes (e.g. the dictionary or condition). */
  reloadKey?: string;
}

const ROOT = '__root__';

/** Tree select that loads roots first and children when a node opens; labels for stored values come from the server. */
export function LazyTreeSelect({
  value,
  onChange,
  multiple = false,
  placeholder = '请选择',
  disabled,
  loadChildren,
  loadLabels,
  reloadKey,
}: LazyTreeSelectProps) {
  const [nodes, setNodes] = useState<FlatNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const keys = splitValue(value);

  const toFlat = (rows: TreeNodeRow[], pid: string): FlatNode[] =>
    rows.map((row) => ({ id: row.key, pId: pid, value: row.key, title: row.title, isLeaf: row.leaf }));

  useEffect(() => {
    let alive = true;
    loadChildren(null).then(
      (rows) => {
        if (alive) setNodes(toFlat(rows, ROOT));
      },
      (error: Error) => message.error(error.message),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadChildren is an inline prop; reloadKey decides when the root reloads
  }, [reloadKey]);

  useEffect(() => {
    const missing = keys.filter((key) => !labels[key] && !nodes.some((node) => node.value === key));
    if (missing.length === 0) return;
    let alive = true;
    loadLabels(missing.join(',')).then((names) => {
      if (!alive) return;
      const found: Record<string, string> = {};
      missing.forEach((key, index) => {
        found[key] = names[index] ?? key;
      });
      setLabels((prev) => ({ ...prev, ...found }));
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value asks for missing labels
  }, [value]);

  const labelOf = (key: string) => nodes.find((node) => node.value === key)?.title ?? labels[key] ?? key;
  const labelled = keys.map((key) => ({ value: key, label: labelOf(key) }));

  return (
    <TreeSelect
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT }}
      treeData={nodes}
      labelInValue
      allowClear
      multiple={multiple}
      disabled={disabled}
      placeholder={placeholder}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_MAX_HEIGHT, overflow: 'auto' } } }}
      value={multiple ? labelled : labelled[0]}
      loadData={async (node) => {
        const id = String(node.value);
        if (nodes.some((child) => child.pId === id)) return;
        const rows = await loadChildren(id);
        setNodes((prev) => [...prev, ...toFlat(rows, id).filter((row) => !prev.some((p) => p.id === row.id))]);
      }}
      onChange={(next: { value: string; label?: unknown } | { value: string; label?: unknown }[] | undefined) => {
        const list = Array.isArray(next) ? next : next ? [next] : [];
        onChange?.(list.map((item) => item.value).join(','));
      }}
      style={{ width: '100%' }}
    />
  );
}
