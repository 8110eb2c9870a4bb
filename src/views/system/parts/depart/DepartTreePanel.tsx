import { useState, type ReactNode } from 'react';
import { Button, Card, Dropdown, Input, Space, Spin, Tree, type MenuProps, type TreeDataNode } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { allKeys, parentKeys, type DepartNode } from './model';

function toTreeData(nodes: DepartNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, children: n.children?.length ? toTreeData(n.children) : undefined }));
}

export interface DepartTreePanelProps {
  tree: DepartNode[];
  loading: boolean;
  selectedKey?: string;
  onSelect(key: string | undefined): void;
  onSearch(keyWord: string): void;
  /** Buttons above the tree; receive the checked keys. */
  buttons?(checked: string[]): ReactNode;
  checkable?: boolean;
  /** Right-click menu of a node (添加 / 删除 / 取消); none when absent. */
  nodeMenu?(key: string): MenuProps;
}

/** Left side of the department screens: search, buttons, the (checkable) tree and its 树操作 menu. */
export function DepartTreePanel({
  tree,
  loading,
  selectedKey,
  onSelect,
  onSearch,
  buttons,
  checkable = true,
  nodeMenu,
}: DepartTreePanelProps) {
  const [checked, setChecked] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<string[]>();
  const operations = [
    { key: 'link', label: '父子关联', run: () => setLinked(true) },
    { key: 'unlink', label: '取消关联', run: () => setLinked(false) },
    { key: 'all', label: '全部勾选', run: () => setChecked(allKeys(tree)) },
    { key: 'none', label: '取消全选', run: () => setChecked([]) },
    { key: 'expand', label: '展开所有', run: () => setExpanded(parentKeys(tree)) },
    { key: 'collapse', label: '合并所有', run: () => setExpanded([]) },
  ];
  return (
    <Card size="small" style={{ width: 360, flexShrink: 0 }} className="admin-depart-tree">
      {buttons && (
        <Space wrap style={{ marginBottom: 8 }}>
          {buttons(checked)}
        </Space>
      )}
      <Input.Search placeholder="请输入部门名称" allowClear onSearch={onSearch} style={{ marginBottom: 8 }} />
      {loading ? (
        <Spin />
      ) : (
        <Tree
          treeData={toTreeData(tree)}
          checkable={checkable}
          checkStrictly={!linked}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
          expandedKeys={expanded ?? parentKeys(tree)}
          onExpand={(keys) => setExpanded(keys.map(String))}
          titleRender={(node) =>
            nodeMenu ? (
              <Dropdown trigger={['contextMenu']} menu={nodeMenu(String(node.key))}>
                <span>{String(node.title)}</span>
              </Dropdown>
            ) : (
              String(node.title)
            )
          }
        />
      )}
      {checkable && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: operations.map(({ key, label }) => ({ key, label })),
            onClick: ({ key }) => operations.find((o) => o.key === key)?.run(),
          }}
        >
          <Button style={{ marginTop: 12 }}>
            树操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Card>
  );
}
