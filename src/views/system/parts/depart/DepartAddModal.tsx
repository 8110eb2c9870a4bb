import { useEffect, useState } from 'react';
import { Form, Modal } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import { attempt, request } from '../../../../api/request';
import { DepartFields } from './DepartFields';
import { orderText, type DepartNode } from './model';

/** The 新增 dialog (800 wide): a top-level department, or a child of `parentId`. */
export function DepartAddModal({
  tree,
  parentId,
  onClose,
  onAdded,
}: {
  tree: DepartNode[];
  parentId?: string;
  onClose(): void;
  onAdded(): void;
}) {
  const notify = useNotifier();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => form.setFieldsValue({ parentId, orgCategory: parentId ? '2' : '1' }), [form, parentId]);

  const save = async () => {
    // The form shows what is missing; a rejected validation is not an error.
    const values = (await form.validateFields().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!values) return;
    setSaving(true);
    try {
      const done = await attempt(() => request.post('/sys/sysDepart/add', { ...values, departOrder: orderText(values.departOrder) }));
      if (done) {
        notify.success(done.message || '添加成功！');
        onAdded();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="新增"
      width={800}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} name="departAdd" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} className="admin-depart-add">
        <DepartFields tree={tree} />
      </Form>
    </Modal>
  );
}
