import { App, Button, DatePicker, Form, Input, Radio, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { attempt, request } from '../../../../api/request';
import { refreshSessionUser, useCurrentUser } from '../../parts/currentUser';
import { AvatarUpload } from './AvatarUpload';

interface BaseValues {
  realname: string;
  email?: string;
  phone?: string;
  sex?: string;
  birthday?: Dayjs | null;
  avatar?: string | null;
}

/** 基本设置: the signed-in user's own 昵称, 头像, 电子邮件, 手机号码, 性别 and 生日 (`/sys/user/appEdit`). */
export function BasePanel() {
  const { message } = App.useApp();
  const { user, reload } = useCurrentUser();
  const [form] = Form.useForm<BaseValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    form.setFieldsValue({
      realname: user.realname,
      email: user.email ?? undefined,
      phone: user.phone ?? undefined,
      sex: user.sex === null || user.sex === undefined ? undefined : String(user.sex),
      birthday: user.birthday ? dayjs(user.birthday) : null,
      avatar: user.avatar ?? null,
    });
  }, [user, form]);

  if (!user) return <Spin />;

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const body: Record<string, string> = {
        realname: values.realname,
        email: values.email ?? '',
        avatar: values.avatar ?? '',
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : '',
      };
      if (values.phone) body.phone = values.phone;
      if (values.sex) body.sex = values.sex;
      const done = await attempt(() => request.put<unknown>('/sys/user/appEdit', body));
      if (!done) return;
      message.success(done.message || '修改成功!');
      const fresh = await reload();
      if (fresh) refreshSessionUser(fresh);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" className="account-base-form">
      <div style={{ display: 'flex', gap: 48, flexWrap: 'wrap' }}>
        <div style={{ flex: 1, minWidth: 280, maxWidth: 440 }}>
          <Form.Item label="账号">
            <Input value={user.username} disabled />
          </Form.Item>
          <Form.Item label="昵称" name="realname" rules={[{ required: true, whitespace: true, message: '请输入昵称!' }]}>
            <Input placeholder="给自己起个名字" maxLength={100} />
          </Form.Item>
          <Form.Item label="电子邮件" name="email" rules={[{ type: 'email', message: '请输入正确格式的邮箱!' }]}>
            <Input placeholder="exp@admin.com" maxLength={45} />
          </Form.Item>
          <Form.Item label="手机号码" name="phone" rules={[{ pattern: /^1[3-9]\d{9}$/, message: '请输入正确格式的手机号码!' }]}>
            <Input placeholder="请输入手机号码" maxLength={11} />
          </Form.Item>
          <Form.Item label="性别" name="sex">
            <Radio.Group
              options={[
                { value: '1', label: '男' },
                { value: '2', label: '女' },
              ]}
            />
          </Form.Item>
          <Form.Item label="生日" name="birthday">
            <DatePicker placeholder="请选择生日" style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            更新基本信息
          </Button>
        </div>
        <Form.Item name="avatar" noStyle>
          <AvatarUpload />
        </Form.Item>
      </div>
    </Form>
  );
}
