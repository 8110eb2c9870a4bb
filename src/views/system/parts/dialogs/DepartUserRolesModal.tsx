import { useEffect, useState } from 'react';
import { Empty, Modal, Spin } from 'antd';
import { CheckboxList, listOf } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

interface DepartRole {
  id: string;
  roleName?: string;
}

interface RoleLink {
  droleId?: string;
}

/** 部门角色分配: which roles of the department (`props.departId`) the user of the row holds. */
export default function DepartUserRolesModal({ record, props, onClose }: ViewProps) {
  const notify = useNotifier();
  const departId = String(props.departId ?? '');
  const userId = String(record?.id ?? '');
  const [roles, setRoles] = useState<DepartRole[]>();
  const [held, setHeld] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    const params = { departId, userId };
    void Promise.all([
      attempt(() => request.get<DepartRole[]>('/sys/sysDepartRole/getDeptRoleList', params)),
      attempt(() => request.get<RoleLink[]>('/sys/sysDepartRole/getDeptRoleByUserId', params)),
    ]).then(([all, mine]) => {
      if (!live) return;
      const ids = listOf<RoleLink>(mine)
        .map((l) => String(l.droleId ?? ''))
        .filter(Boolean);
      setRoles(listOf<DepartRole>(all));
      setHeld(ids);
      setChecked(ids);
    });
    return () => {
      live = false;
    };
  }, [departId, userId]);

  const save = async () => {
    setSaving(true);
    try {
      const body = { userId, newRoleId: checked.join(','), oldRoleId: held.join(',') };
      const done = await attempt(() => request.post('/sys/sysDepartRole/deptRoleUserAdd', body));
      if (done) {
        notify.success(done.message || '保存成功!');
        onClose();
      }
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
