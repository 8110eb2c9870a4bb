import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { DownOutlined, FilterFilled } from '@ant-design/icons';
import { parentKeys, type AuthorizeConfig, type PermissionNode } from './model';
import { useGrants } from './useGrants';
import { DataRulePanel } from './DataRulePanel';

function toTreeData(nodes: PermissionNode[], onRules: (node: PermissionNode) => void): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title:
      node.ruleFlag === 1 ? (
        <span>
          {node.title}
          <a
            aria-label="数据规则"
            title="数据规则"
            style={{ color: 'red', marginLeft: 6 }}
            onClick={(e) => (e.stopPropagation(), onRules(node))}
          >
            <FilterFilled />
          </a>
        </span>
      ) : (
        node.title
      ),
    children: node.children ? toTreeData(node.children, onRules) : undefined,
  }));
}

export interface AuthorizeTreeProps {
  config: AuthorizeConfig;
  /** The owner's record fields, for the `{field}` placeholders of the config. */
  values: Record<string, unknown>;
  /** Renders the save buttons; `save` resolves true when the server accepted; `changed`: ticks differ from the saved grants. */
  footer(controls: { save(): Promise<boolean>; saving: boolean; changed: boolean }): ReactNode;
}

/** 所拥有的权限: checkable menu/button tree with the 树操作 menu and per-menu data rules. */
export function AuthorizeTree({ config, values, footer }: AuthorizeTreeProps) {
  const grants = useGrants(config, values);
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [rulesOf, setRulesOf] = useState<PermissionNode>();
  if (grants.loading) return <Spin style={{ display: 'block', margin: 32 }} />;

  const operations = [
    { key: 'link', label: '父子关联', onClick: () => setLinked(true) },
    { key: 'unlink', label: '取消关联', onClick: () => setLinked(false) },
    { key: 'all', label: '全部勾选', onClick: () => grants.setChecked(grants.everyKey()) },
    { key: 'none', label: '取消全选', onClick: () => grants.setChecked([]) },
    { key: 'expand', label: '展开所有', onClick: () => setExpanded(parentKeys(grants.tree)) },
    { key: 'collapse', label: '合并所有', onClick: () => setExpanded([]) },
  ];

  return (
    <div className="admin-authorize">
      <div style={{ marginBottom: 8, fontWeight: 500 }}>所拥有的权限：</div>
      <Tree
        checkable
        checkStrictly={!linked}
        treeData={toTreeData(grants.tree, setRulesOf)}
        checkedKeys={grants.checked}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(keys, info) => {
          if (Array.isArray(keys)) grants.setChecked([...keys.map(String), ...(info.halfCheckedKeys ?? []).map(String)]);
          else grants.setChecked(keys.checked.map(String));
        }}
        selectable={false}
      />
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
        <Dropdown
          trigger={['click']}
          placement="top"
          menu={{
            items: operations.map(({ key, label }) => ({ key, label })),
            onClick: ({ key }) => operations.find((o) => o.key === key)?.onClick(),
          }}
        >
          <Button>
            树操作 <DownOutlined />
          </Button>
        </Dropdown>
        {footer({ save: grants.save, saving: grants.saving, changed: grants.changed })}
      </Space>
      {rulesOf && <DataRulePanel config={config} values={values} permission={rulesOf} onClose={() => setRulesOf(undefined)} />}
    </div>
  );
}
