import { useEffect, useState } from 'react';
import { Empty, Modal, Spin } from 'antd';
import { useRenderer } from '@renderer/context';
import { CheckboxList } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { listOf } from '@renderer/index';

interface DepartRole {
  id: string;
  roleName?: string;
}

interface RoleLink {
  droleId?: string;
}

/** 部门角色分配: which roles of the department (`props.departId`) the user of the row holds. */
export default function DepartUserRolesModal({ record, props, onClose }: ViewProps) {
  const services = useRenderer();
  const notify = useNotifier();
  const departId = String(props.departId ?? '');
  const userId = String(record?.id ?? '');
  const [roles, setRoles] = useState<DepartRole[]>();
  const [held, setHeld] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all([
      services.http.get<DepartRole[]>('/sys/sysDepartRole/getDeptRoleList', { departId, userId }),
      services.http.get<RoleLink[]>('/sys/sysDepartRole/getDeptRoleByUserId', { departId, userId }),
    ]).then(([all, mine]) => {
      if (!live) return;
      if (!all.success) notify.warning(all.message);
      const ids = mine.success
        ? listOf<{ droleId?: unknown }>(mine.result)
            .map((l) => String(l.droleId ?? ''))
            .filter(Boolean)
        : [];
      setRoles(listOf<DepartRole>(all.result));
      setHeld(ids);
      setChecked(ids);
    });
    return () => {
      live = false;
    };
  }, [services.http, notify, departId, userId]);

  const save = async () => {
    setSaving(true);
    try {
      const res = await services.http.post('/sys/sysDepartRole/deptRoleUserAdd', {
        userId,
        newRoleId: checked.join(','),
        oldRoleId: held.join(','),
      });
      if (res.success) {
        notify.success(res.message || '保存成功!');
        onClose();
      } else notify.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="部门角色分配"
      width={600}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
    >
      {roles === undefined ? (
        <Spin />
      ) : roles.length === 0 ? (
        <Empty description="该部门还没有部门角色" />
      ) : (
        <CheckboxList value={checked} onChange={setChecked} options={roles.map((r) => ({ value: r.id, label: r.roleName ?? r.id }))} />
      )}
    </Modal>
  );
}
