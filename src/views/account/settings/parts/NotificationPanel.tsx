import { App, List, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { attempt, request } from '../../../../api/request';

type NotificationKey = 'systemMessage' | 'announcement' | 'todoTask' | 'email' | 'sms';
type NotificationSettings = Record<NotificationKey, boolean>;

const ROWS: ReadonlyArray<{ key: NotificationKey; title: string; description: string }> = [
  { key: 'systemMessage', title: '系统消息', description: '系统消息将以站内信的形式通知' },
  { key: 'announcement', title: '通知公告', description: '通知公告将以站内信的形式通知' },
  { key: 'todoTask', title: '待办任务', description: '待办任务将以站内信的形式通知' },
  { key: 'email', title: '邮件通知', description: '消息同时发送到绑定的电子邮件' },
  { key: 'sms', title: '短信通知', description: '消息同时发送到绑定的手机' },
];

const SETTINGS_URL = '/sys/user/notificationSettings';

/** 新消息通知: the user's own notification preferences, each switch saved when turned. */
export function NotificationPanel() {
  const { message } = App.useApp();
  const [settings, setSettings] = useState<NotificationSettings>();
  const [saving, setSaving] = useState<NotificationKey>();

  useEffect(() => {
    let live = true;
    void attempt(() => request.get<NotificationSettings>(SETTINGS_URL)).then((found) => live && found && setSettings(found));
    return () => {
      live = false;
    };
  }, []);

  if (!settings) return <Spin />;

  const change = async (key: NotificationKey, on: boolean) => {
    setSaving(key);
    try {
      const done = await attempt(() => request.put<NotificationSettings>(SETTINGS_URL, { [key]: on }));
      if (!done) return;
      setSettings(done.result);
      message.success(done.message || '保存成功!');
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <List
      itemLayout="horizontal"
      dataSource={[...ROWS]}
      renderItem={(row) => (
        <List.Item
          actions={[
            <Switch
              key="on"
              aria-label={row.title}
              checkedChildren="开"
              unCheckedChildren="关"
              checked={settings[row.key]}
              loading={saving === row.key}
              onChange={(on) => void change(row.key, on)}
            />,
          ]}
        >
          <List.Item.Meta title={row.title} description={row.description} />
        </List.Item>
      )}
    />
  );
}
