import {
  AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined, CheckCircleOutlined,
  ClusterOutlined, DashboardOutlined, DatabaseOutlined, FileTextOutlined, FormOutlined, HomeOutlined, IdcardOutlined,
  LinkOutlined, MonitorOutlined, NotificationOutlined, ProfileOutlined, SafetyCertificateOutlined, ScheduleOutlined,
  SettingOutlined, SolutionOutlined, TableOutlined, TeamOutlined, ToolOutlined, TrophyOutlined, UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />, dashboard: <DashboardOutlined />, setting: <SettingOutlined />, user: <UserOutlined />,
  team: <TeamOutlined />, appstore: <AppstoreOutlined />, table: <TableOutlined />, form: <FormOutlined />,
  profile: <ProfileOutlined />, 'file-text': <FileTextOutlined />, database: <DatabaseOutlined />, bell: <BellOutlined />,
  notification: <NotificationOutlined />, monitor: <MonitorOutlined />, tool: <ToolOutlined />, link: <LinkOutlined />,
  'bar-chart': <BarChartOutlined />, audit: <AuditOutlined />, bank: <BankOutlined />, book: <BookOutlined />,
  'check-circle': <CheckCircleOutlined />, cluster: <ClusterOutlined />, idcard: <IdcardOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />, schedule: <ScheduleOutlined />, solution: <SolutionOutlined />,
  trophy: <TrophyOutlined />, warning: <WarningOutlined />,
};

/** Menu `meta.icon` (antd v3 names such as "home" or "setting", or "HomeOutlined") -> icon; unknown names show none. */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name || name === 'none') return undefined;
  const key = name.replace(/(Outlined|Filled|TwoTone)$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return ICONS[key];
}
