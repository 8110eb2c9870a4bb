import { useEffect, useState, type Key } from 'react';
import { Empty, Tree, message } from 'antd';
import { useRenderer } from '@renderer/context';
import { attachChildren, loadDepartLevel, type DepartNode } from './depart-api';

export interface DepartTreeProps {
  checkable?: boolean;
  /** true: parent and children are checked independently (unlinked). */
  checkStrictly?: boolean;
  checkedKeys?: string[];
  onCheck?: (keys: string[], nodes: DepartNode[]) => void;
  selectedKeys?: string[];
  onSelect?: (node: DepartNode | undefined) => void;
  /** Nodes to show instead of the lazy tree (search results). */
  flatNodes?: DepartNode[] | null;
  /** Open the first level once loaded. */
  rootOpened?: boolean;
  /** Called with every node as it loads, so callers can resolve names. */
  onNodesLoaded?: (nodes: DepartNode[]) => void;
  onEmpty?: () => void;
  height?: number;
}

/** Department tree: roots first, children loaded when a node opens (/sys/sysDepart/queryDepartTreeSync). */
export function DepartTree({
  checkable,
  checkStrictly = true,
  checkedKeys,
  onCheck,
  selectedKeys,
  onSelect,
  flatNodes,
  rootOpened = true,
  onNodesLoaded,
  onEmpty,
  height,
}: DepartTreeProps) {
  const { data } = useRenderer();
  const [nodes, setNodes] = useState<DepartNode[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [all, setAll] = useState<Map<string, DepartNode>>(new Map());

  const remember = (list: DepartNode[]) => {
    setAll((prev) => {
      const next = new Map(prev);
      list.forEach((node) => next.set(node.key, node));
      return next;
    });
    onNodesLoaded?.(list);
  };

  useEffect(() => {
    let alive = true;
    loadDepartLevel(data).then(
      (roots) => {
        if (!alive) return;
        setNodes(roots);
        setLoaded(true);
        remember(roots);
        if (roots.length === 0) onEmpty?.();
        if (rootOpened) setExpanded(roots.filter((r) => !r.isLeaf).map((r) => r.key));
        if (rootOpened) {
          roots
            .filter((r) => !r.isLeaf)
            .forEach((root) => {
              loadDepartLevel(data, root.key).then((children) => {
                if (!alive) return;
                setNodes((prev) => attachChildren(prev, root.key, children));
                remember(children);
              });
            });
        }
      },
      (error: Error) => {
        message.error(error.message);
        setLoaded(true);
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the root level loads once per HTTP client
  }, [data]);

  const shown = flatNodes ?? nodes;
  if (loaded && shown.length === 0) return <Empty description="暂无数据" />;
  const byKey = (keys: Key[]) =>
    keys.map((k) => all.get(String(k)) ?? flatNodes?.find((n) => n.key === String(k))).filter((n): n is DepartNode => !!n);

  return (
    <Tree<DepartNode>
      treeData={shown}
      fieldNames={{ title: 'title', key: 'key', children: 'children' }}
      checkable={checkable}
      checkStrictly={checkStrictly}
      height={height}
      expandedKeys={flatNodes ? [] : expanded}
      onExpand={(keys) => setExpanded(keys)}
      checkedKeys={checkedKeys}
      selectedKeys={selectedKeys}
      loadData={
        flatNodes
          ? undefined
          : async (node) => {
              if (node.children?.length || node.isLeaf) return;
              const children = await loadDepartLevel(data, node.key);
              setNodes((prev) => attachChildren(prev, node.key, children));
              remember(children);
            }
      }
      onCheck={(checked) => {
        const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
        onCheck?.(keys, byKey(keys));
      }}
      onSelect={(keys, info) => onSelect?.(keys.length ? info.node : undefined)}
    />
  );
}
