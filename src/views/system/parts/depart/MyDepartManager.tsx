import { useEffect, useState } from 'react';
import { Card, Empty, Form, Tabs } from 'antd';
import { useRenderer } from '@renderer/context';
import { SubPage } from '@renderer/actions/SubPage';
import type { ViewProps } from '@renderer/views/registry';
import { DepartFields } from './DepartFields';
import { DepartTreePanel } from './DepartTreePanel';
import { findNode, formValues } from './model';
import { useDepartTree } from './useDepartTree';

/** 我的部门: my departments; 基本信息, 用户信息 and 部门角色 of the chosen one. */
export function MyDepartManager({ props }: ViewProps) {
  const usersPage = typeof props.usersPage === 'string' ? props.usersPage : 'system/modals/DepartUserUsers';
  const rolesPage = typeof props.rolesPage === 'string' ? props.rolesPage : 'system/modals/DepartRoleList';
  const { can } = useRenderer();
  const departs = useDepartTree('/sys/sysDepart/queryMyDeptTreeList', { myDeptSearch: '1' });
  const [selectedKey, setSelectedKey] = useState<string>();
  const [form] = Form.useForm();
  const selected = selectedKey ? findNode(departs.tree, selectedKey) : undefined;

  useEffect(() => {
    if (selected) form.setFieldsValue(formValues(selected));
  }, [selected, form]);

  const none = <Empty description="请选择一个部门!" />;
  const parent = selected ? { id: selected.id, departName: selected.departName ?? selected.title } : undefined;
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }} className="admin-my-depart">
      <DepartTreePanel
        tree={departs.tree}
        loading={departs.loading}
        selectedKey={selectedKey}
        onSelect={setSelectedKey}
        onSearch={(k) => void departs.search(k)}
        checkable={false}
      />
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <Tabs
          destroyInactiveTabPane
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: selected ? (
                <Form form={form} name="myDepartInfo" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}>
                  <DepartFields tree={departs.tree} existing readOnly />
                </Form>
              ) : (
                none
              ),
            },
            ...(can('depart:users')
              ? [
                  {
                    key: 'users',
                    label: '用户信息',
                    children: parent ? <SubPage key={parent.id} page={usersPage} parent={parent} /> : none,
                  },
                ]
              : []),
            ...(can('depart:role')
              ? [
                  {
                    key: 'roles',
                    label: '部门角色',
                    children: parent ? <SubPage key={parent.id} page={rolesPage} parent={parent} /> : none,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
