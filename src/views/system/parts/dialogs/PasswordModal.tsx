import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../password';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

interface PasswordValues {
  password: string;
  confirmpassword: string;
}

/** 修改密码 for one user (administrator reset, `POST /sys/user/changePassword`). */
export default function PasswordModal({ record, props, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const username = String(record?.username ?? '');
  const url = typeof props.url === 'string' ? props.url : '/sys/user/changePassword';

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const done = await attempt(() => request.put(url, { username, ...values }));
      if (done) {
        notify.success(done.message || '修改成功');
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
      title="重新设定密码"
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnClose
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}>
        <Form.Item label="用户账号">
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item
          label="登录密码"
          name="password"
          rules={[
            { required: true, message: '请输入登录密码!' },
            {
              validator: (_, value: string) =>
                !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
            },
          ]}
        >
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: '请重新输入登录密码!' },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！')),
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
