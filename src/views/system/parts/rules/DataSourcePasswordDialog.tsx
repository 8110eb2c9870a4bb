import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

/** 设置密码 of a data source: the password is sent once and stored encrypted; it is never shown again. */
export default function DataSourcePasswordDialog({ record, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: { password: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const done = await attempt(() => request.put('/sys/dataSource/password', { id: record?.id, password: values.password }));
      if (done) {
        notify.success(done.message || '密码已保存');
        onChanged();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="设置密码"
      width={520}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      cancelText="关闭"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`数据源“${String(record?.name ?? '')}”的密码加密保存，保存后不再显示；不修改密码时无需在此填写。`}
      />
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="数据库密码" name="password" rules={[{ required: true, message: '请输入数据库密码' }]}>
          <Input.Password aria-label="数据库密码" autoComplete="new-password" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
