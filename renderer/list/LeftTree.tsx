import { useEffect, useState } from 'react';
import { Card, Input, Tree, type TreeDataNode } from 'antd';
import { useRenderer } from '../context';
import type { LeftTreeOptions } from '@contract/schema-types.gen';
import type { Notifier } from '../data/notify';
import { attempt } from '../data/requestError';

interface RawNode {
  [key: string]: unknown;
  children?: RawNode[];
}

function toTreeData(nodes: RawNode[], keyField: string, titleField: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: String(node[keyField]),
    title: String(node[titleField] ?? ''),
    children: node.children ? toTreeData(node.children, keyField, titleField) : undefined,
  }));
}

/** Left tree of the "left tree + right list" variant; selecting a node filters the list. */
export function LeftTree({
  options,
  notify,
  onSelect,
}: {
  options: LeftTreeOptions;
  notify: Notifier;
  onSelect(key: string | undefined): void;
}) {
  const { data: provider } = useRenderer();
  const [data, setData] = useState<TreeDataNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    const params = options.searchParam && keyword ? { [options.searchParam]: keyword } : undefined;
    void attempt(notify, () => provider.getTree<RawNode>(options.url, params)).then((nodes) => {
      if (nodes) setData(toTreeData(nodes, options.keyField ?? 'key', options.titleField ?? 'title'));
    });
    // notify is stable for a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, options.url, options.keyField, options.titleField, options.searchParam, keyword]);
  return (
    <Card size="small" style={{ width: options.width ?? 260, flexShrink: 0 }}>
      {options.searchParam && (
        <Input.Search
          allowClear
          placeholder={options.searchPlaceholder ?? '输入名称查询...'}
          style={{ marginBottom: 8 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setSelected([]);
            onSelect(undefined);
          }}
        />
      )}
      {data.length > 0 && (
        // remounted per result so defaultExpandAll opens the searched tree
        <Tree
          key={keyword}
          treeData={data}
          defaultExpandAll
          selectedKeys={selected}
          onSelect={(keys) => {
            setSelected(keys.map(String));
            onSelect(keys.length ? String(keys[0]) : undefined);
          }}
        />
      )}
    </Card>
  );
}
