import { useState } from 'react';
import { Button, Card, Empty, Tabs } from 'antd';
import { useRenderer } from '@renderer/context';
import { ImportModal } from '@renderer/list/ImportModal';
import { useNotifier } from '@renderer/data/useNotifier';
import { attempt, request } from '../../../../api/request';
import { AuthorizeTree } from '../authorize/AuthorizeTree';
import type { AuthorizeConfig } from '../authorize/model';
import { DepartAddModal } from './DepartAddModal';
import { DepartInfoTab } from './DepartInfoTab';
import { DepartTreePanel } from './DepartTreePanel';
import { findNode, type DepartNode } from './model';
import { DEPART_IMPORT_URL, useDepartExport } from './useDepartFiles';
import { useDepartTree } from './useDepartTree';

const DEPART_AUTHORIZE: AuthorizeConfig = {
  treeUrl: '/sys/permission/queryTreeList',
  grantedUrl: '/sys/permission/queryDepartPermission',
  grantedParams: { departId: '{id}' },
  saveUrl: '/sys/permission/saveDepartPermission',
  saveBody: { departId: '{id}' },
  dataRuleLoadUrl: '/sys/sysDepartPermission/datarule/{permissionId}/{id}',
  dataRuleSaveUrl: '/sys/sysDepartPermission/datarule',
  dataRuleBody: { permissionId: '{permissionId}', departId: '{id}' },
};

/** 基本信息 and, with the permission, 部门权限 of the chosen department. */
function DepartTabs({
  tree,
  selected,
  canAuthorize,
  onSaved,
  onDelete,
}: {
  tree: DepartNode[];
  selected: DepartNode | undefined;
  canAuthorize: boolean;
  onSaved(): void;
  onDelete(id: string): void;
}) {
  return (
    <Card size="small" style={{ flex: 1, minWidth: 0 }}>
      <Tabs
        items={[
          {
            key: 'info',
            label: '基本信息',
            children: <DepartInfoTab tree={tree} selected={selected} onSaved={onSaved} onDelete={onDelete} />,
          },
          ...(canAuthorize
            ? [
                {
                  key: 'auth',
                  label: '部门权限',
                  children: selected ? (
                    <AuthorizeTree
                      key={selected.id}
                      config={DEPART_AUTHORIZE}
                      values={{ id: selected.id }}
                      footer={({ save, saving }) => (
                        <Button type="primary" loading={saving} onClick={() => void save()}>
                          保存
                        </Button>
                      )}
                    />
                  ) : (
                    <Empty description="请点击选择一个部门!" />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** 部门管理: tree with search, add, import/export and batch delete; 基本信息 and 部门权限 tabs. */
export function DepartManager() {
  const services = useRenderer();
  const notify = useNotifier();
  const { can } = services;
  const departs = useDepartTree('/sys/sysDepart/queryTreeList');
  const exportAll = useDepartExport();
  const [selectedKey, setSelectedKey] = useState<string>();
  const [adding, setAdding] = useState<{ parentId?: string }>();
  const [importing, setImporting] = useState(false);
  const selected = selectedKey ? findNode(departs.tree, selectedKey) : undefined;

  const remove = async (ids: string[], confirmed: boolean) => {
    if (ids.length === 0) {
      notify.warning('请选择一条记录！');
      return;
    }
    if (!confirmed && !(await notify.confirm({ title: '确认删除', content: `确定要删除所选中的 ${ids.length} 条数据，以及子节点数据吗?` })))
      return;
    const done = await attempt(() => request.delete('/sys/sysDepart/deleteBatch', { ids: ids.join(',') }));
    if (!done) return;
    notify.success(done.message || '删除成功!');
    if (selectedKey && ids.includes(selectedKey)) setSelectedKey(undefined);
    void departs.reload();
  };

  const addChild = (parentId = selectedKey) => (parentId ? setAdding({ parentId }) : notify.warning('请先点击选中上级部门！'));

  const nodeMenu = (key: string) => ({
    items: [
      ...(can('depart:add') ? [{ key: 'add', label: '添加' }] : []),
      ...(can('depart:delete') ? [{ key: 'delete', label: '删除' }] : []),
      { key: 'cancel', label: '取消' },
    ],
    onClick: ({ key: action }: { key: string }) => {
      if (action === 'add') addChild(key);
      else if (action === 'delete')
        void notify.confirm({ title: '确认删除', content: '确定要删除此部门以及子节点数据吗?' }).then((ok) => {
          if (ok) void remove([key], true);
        });
    },
  });

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }} className="admin-depart-manager">
      <DepartTreePanel
        tree={departs.tree}
        loading={departs.loading}
        selectedKey={selectedKey}
        onSelect={setSelectedKey}
        onSearch={(keyWord) => void departs.search(keyWord)}
        nodeMenu={nodeMenu}
        buttons={(checked) => (
          <>
            {can('depart:add') && (
              <Button type="primary" onClick={() => setAdding({})}>
                添加部门
              </Button>
            )}
            {can('depart:add') && (
              <Button type="primary" onClick={() => addChild()}>
                添加下级
              </Button>
            )}
            {can('depart:export') && <Button onClick={() => void exportAll()}>导出</Button>}
            {can('depart:import') && <Button onClick={() => setImporting(true)}>导入</Button>}
            {can('depart:delete') && (
              <Button danger onClick={() => void remove(checked, false)}>
                批量删除
              </Button>
            )}
            <Button onClick={() => void departs.reload()}>刷新</Button>
          </>
        )}
      />
      <DepartTabs
        tree={departs.tree}
        selected={selected}
        canAuthorize={can('depart:auth')}
        onSaved={() => void departs.reload()}
        onDelete={(id) => void remove([id], true)}
      />
      {adding && (
        <DepartAddModal
          tree={departs.tree}
          parentId={adding.parentId}
          onClose={() => setAdding(undefined)}
          onAdded={() => void departs.reload()}
        />
      )}
      <ImportModal
        open={importing}
        url={DEPART_IMPORT_URL}
        notify={notify}
        onClose={() => setImporting(false)}
        onImported={() => void departs.reload()}
      />
    </div>
  );
}
