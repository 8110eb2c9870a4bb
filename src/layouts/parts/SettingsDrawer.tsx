import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, List, Select, Switch, Tooltip } from 'antd';
import { useAtom } from 'jotai';
import { settingsAtom, THEME_PALETTE, type UserSettings } from '../../state/settings';

function Row({ label, children, disabled }: { label: string; children: React.ReactNode; disabled?: boolean }) {
  return (
    <List.Item actions={[children]}>
      <span style={{ textDecoration: disabled ? 'line-through' : undefined, color: disabled ? '#bbb' : undefined }}>{label}</span>
    </List.Item>
  );
}

function StyleChoice({
  value,
  current,
  label,
  dark,
  onPick,
}: {
  value: string;
  current: string;
  label: string;
  dark: boolean;
  onPick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={value === current}
        onClick={onPick}
        style={{
          width: 48,
          height: 40,
          marginRight: 16,
          verticalAlign: 'top',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px solid #d9d9d9',
          borderRadius: 4,
          cursor: 'pointer',
          position: 'relative',
          background: dark ? 'linear-gradient(90deg,#001529 30%,#fff 30%)' : 'linear-gradient(90deg,#fff 30%,#f0f2f5 30%)',
        }}
      >
        {value === current && <CheckOutlined style={{ color: '#2f54eb' }} />}
      </button>
    </Tooltip>
  );
}

/** 系统设置 drawer: every user setting, saved locally on change. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [settings, update] = useAtom(settingsAtom);
  const set = (patch: Partial<UserSettings>) => update(patch);
  const top = settings.layout === 'topmenu';
  return (
    <Drawer open={open} onClose={onClose} width={300} placement="right" title="系统设置" closable>
      <h4>整体风格设置</h4>
      <StyleChoice value="dark" current={settings.theme} label="暗色菜单风格" dark onPick={() => set({ theme: 'dark' })} />
      <StyleChoice value="light" current={settings.theme} label="亮色菜单风格" dark={false} onPick={() => set({ theme: 'light' })} />
      <Divider />
      <h4>主题色</h4>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {THEME_PALETTE.map(({ name, color }) => (
          <Tooltip key={color} title={name}>
            <button
              type="button"
              aria-label={name}
              aria-pressed={settings.color.toLowerCase() === color}
              onClick={() => set({ color })}
              style={{ width: 20, height: 20, borderRadius: 2, border: 0, background: color, cursor: 'pointer', color: '#fff', padding: 0 }}
            >
              {settings.color.toLowerCase() === color && <CheckOutlined style={{ fontSize: 12 }} />}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4>导航模式</h4>
      <StyleChoice value="sidemenu" current={settings.layout} label="侧边栏导航" dark onPick={() => set({ layout: 'sidemenu' })} />
      <StyleChoice value="topmenu" current={settings.layout} label="顶部栏导航" dark={false} onPick={() => set({ layout: 'topmenu' })} />
      <List split={false}>
        <Row label="内容区域宽度">
          <Tooltip title="该设定仅 [顶部栏导航] 时有效">
            <Select
              size="small"
              style={{ width: 80 }}
              value={settings.contentWidth}
              onChange={(v) => set({ contentWidth: v })}
              options={[{ value: 'Fixed', label: '固定' }, ...(top ? [{ value: 'Fluid', label: '流式' }] : [])]}
            />
          </Tooltip>
        </Row>
        <Row label="固定 Header">
          <Switch size="small" checked={settings.fixedHeader} onChange={(v) => set({ fixedHeader: v })} />
        </Row>
        <Row label="下滑时隐藏 Header" disabled={!settings.fixedHeader}>
          <Switch
            size="small"
            disabled={!settings.fixedHeader}
            checked={settings.autoHideHeader}
            onChange={(v) => set({ autoHideHeader: v })}
          />
        </Row>
        <Row label="固定侧边菜单" disabled={top}>
          <Switch size="small" disabled={top} checked={settings.fixedSidebar} onChange={(v) => set({ fixedSidebar: v })} />
        </Row>
      </List>
      <Divider />
      <h4>其他设置</h4>
      <List split={false}>
        <Row label="色弱模式">
          <Switch size="small" checked={settings.colorWeak} onChange={(v) => set({ colorWeak: v })} />
        </Row>
        <Row label="多页签模式">
          <Switch size="small" checked={settings.multipage} onChange={(v) => set({ multipage: v })} />
        </Row>
      </List>
    </Drawer>
  );
}
