import { useState, type ReactNode } from 'react';
import { Input, Modal } from 'antd';
import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined, CheckCircleOutlined,
  ClusterOutlined, DashboardOutlined, DatabaseOutlined, FileTextOutlined, FormOutlined, HddOutlined, HomeOutlined, IdcardOutlined,
  LinkOutlined, MenuOutlined, MonitorOutlined, NotificationOutlined, ProfileOutlined, SafetyCertificateOutlined, ScheduleOutlined,
  SettingOutlined, SolutionOutlined, TableOutlined, TagsOutlined, TeamOutlined, ToolOutlined, TrophyOutlined, UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';

/** Menu icon names (antd v3 style, as the menu rows store them). */
export const MENU_ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />, dashboard: <DashboardOutlined />, setting: <SettingOutlined />, user: <UserOutlined />,
  team: <TeamOutlined />, appstore: <AppstoreOutlined />, table: <TableOutlined />, form: <FormOutlined />,
  profile: <ProfileOutlined />, 'file-text': <FileTextOutlined />, database: <DatabaseOutlined />, bell: <BellOutlined />,
  notification: <NotificationOutlined />, monitor: <MonitorOutlined />, tool: <ToolOutlined />, link: <LinkOutlined />,
  'bar-chart': <BarChartOutlined />, audit: <AuditOutlined />, bank: <BankOutlined />, book: <BookOutlined />,
  'check-circle': <CheckCircleOutlined />, cluster: <ClusterOutlined />, idcard: <IdcardOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />, schedule: <ScheduleOutlined />, solution: <SolutionOutlined />,
  trophy: <TrophyOutlined />, warning: <WarningOutlined />, menu: <MenuOutlined />, apartment: <ApartmentOutlined />,
  hdd: <HddOutlined />, tags: <TagsOutlined />,
};

/** 菜单图标: a text field with a 选择图标 dialog listing the menu icons. */
export function IconPicker({ value, onChange, disabled }: { value?: string; onChange?(value: string | undefined): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value || undefined)}
        placeholder="点击选择图标"
        disabled={disabled}
        prefix={value ? MENU_ICONS[value] : undefined}
        addonAfter={<a onClick={() => !disabled && setOpen(true)}>选择图标</a>}
      />
      <Modal open={open} title="选择图标" width={720} footer={null} onCancel={() => setOpen(false)}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 8 }}>
          {Object.entries(MENU_ICONS).map(([name, icon]) => (
            <button
              key={name}
              type="button"
              title={name}
              aria-pressed={value === name}
              onClick={() => (onChange?.(name), setOpen(false))}
              style={{ padding: 12, border: value === name ? '1px solid #1677ff' : '1px solid #eee', background: 'none', cursor: 'pointer', borderRadius: 4 }}
            >
              <div style={{ fontSize: 22 }}>{icon}</div>
              <div style={{ fontSize: 12 }}>{name}</div>
            </button>
          ))}
        </div>
      </Modal>
    </>
  );
}

export function IconCell({ value }: { value: unknown }) {
  const name = typeof value === 'string' ? value : '';
  return <span title={name}>{MENU_ICONS[name] ?? name}</span>;
}
