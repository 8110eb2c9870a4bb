import { Button, Drawer, Popconfirm, Space } from 'antd';
import { AuthorizeTree } from '../authorize/AuthorizeTree';
import type { AuthorizeConfig } from '../authorize/model';
import type { ViewProps } from '@renderer/views/registry';

/** 角色权限配置 drawer (roles, department roles): the grant tree with 仅保存 / 保存并关闭. */
export default function AuthorizeDrawer({ record, props, onClose }: ViewProps) {
  const config = props as unknown as AuthorizeConfig & { title?: string; width?: number };
  return (
    <Drawer open title={config.title ?? '角色权限配置'} width={config.width ?? 650} onClose={onClose} destroyOnClose>
      <AuthorizeTree
        config={config}
        values={record ?? {}}
        footer={({ save, saving, changed }) => (
          <Space>
            {changed ? (
              <Popconfirm title="确定放弃编辑？" okText="确定" cancelText="取消" onConfirm={onClose}>
                <Button>取消</Button>
              </Popconfirm>
            ) : (
              <Button onClick={onClose}>取消</Button>
            )}
            <Button type="primary" ghost loading={saving} onClick={() => void save()}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save().then((ok) => ok && onClose())}>
              保存并关闭
            </Button>
          </Space>
        )}
      />
    </Drawer>
  );
}
