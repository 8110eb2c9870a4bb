import { useEffect, useState } from 'react';
import { Card, Tree, type TreeDataNode } from 'antd';
import { useRenderer } from '../context';
import type { LeftTreeOptions } from '../schema/types.gen';
import type { Notifier } from '../data/notify';
import { errorText } from '../data/errors';
import { listOf } from '../data/provider';

interface RawNode { [key: string]: unknown; children?: RawNode[] }

function toTreeData(nodes: RawNode[], keyField: string, titleField: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: String(node[keyField]),
    title: String(node[titleField] ?? ''),
    children: node.children ? toTreeData(node.children, keyField, titleField) : undefined,
  }));
}

/** Left tree of the "left tree + right list" variant; selecting a node filters the list. */
export function LeftTree({ options, notify, onSelect }: { options: LeftTreeOptions; notify: Notifier; onSelect(key: string | undefined): void }) {
  const { http } = useRenderer();
  const [data, setData] = useState<TreeDataNode[]>([]);
  useEffect(() => {
    http
      .get<RawNode[]>(options.url)
      .then((res) => {
        if (!res.success) {
          notify.error(res.message);
          return;
        }
        setData(toTreeData(listOf<RawNode>(res.result), options.keyField ?? 'key', options.titleField ?? 'title'));
      })
      .catch((error: unknown) => notify.warning(errorText(error)));
    // notify is stable for a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, options.url, options.keyField, options.titleField]);
  return (
    <Card size="small" style={{ width: options.width ?? 260, flexShrink: 0 }}>
      <Tree treeData={data} defaultExpandAll onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)} />
    </Card>
  );
}
