import { Card, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { BasePanel } from './BasePanel';
import { BindingPanel } from './BindingPanel';
import { CustomPanel } from './CustomPanel';
import { NotificationPanel } from './NotificationPanel';
import { SETTINGS_BASE_PATH } from './paths';
import { SecurityPanel } from './SecurityPanel';

const PANELS = [
  { key: 'base', label: '基本设置', Panel: BasePanel },
  { key: 'security', label: '安全设置', Panel: SecurityPanel },
  { key: 'custom', label: '个性化', Panel: CustomPanel },
  { key: 'binding', label: '账户绑定', Panel: BindingPanel },
  { key: 'notification', label: '新消息通知', Panel: NotificationPanel },
] as const;

/** 账户设置: the left menu and the panel the path names (/account/settings/base … /notification). */
export function SettingsShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = PANELS.find((p) => pathname.endsWith(`/${p.key}`)) ?? PANELS[0];
  const { Panel } = current;
  return (
    <Card bordered={false} styles={{ body: { display: 'flex', padding: 0 } }} className="account-settings">
      <Menu
        mode="inline"
        style={{ width: 224, flexShrink: 0, paddingTop: 16 }}
        selectedKeys={[current.key]}
        items={PANELS.map(({ key, label }) => ({ key, label }))}
        onClick={({ key }) => navigate(`${SETTINGS_BASE_PATH}/${key}`)}
      />
      <div style={{ flex: 1, minWidth: 0, padding: '8px 40px 24px' }}>
        <div style={{ fontSize: 20, fontWeight: 500, margin: '12px 0 16px' }}>{current.label}</div>
        <Panel />
      </div>
    </Card>
  );
}
