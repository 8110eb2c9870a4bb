import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { updatePassword } from '../../api/auth';
import { attempt, doneOf } from '../../api/request';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** 修改密码 of the signed-in user. Open it only with a username. */
export function ChangePasswordModal({ open, username, onClose }: { open: boolean; username: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      const done = await attempt(async () => doneOf(await updatePassword({ username, ...values })));
      if (!done) return;
      message.success(done.message || '密码修改成功');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="修改密码"
      width={800}
      okText="确定"
      cancelText="关闭"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}>
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: '请输入旧密码!' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[{ required: true, message: '请输入新密码!' }]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！')),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
