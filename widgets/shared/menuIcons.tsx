import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CheckCircleOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  HddOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';

/**
 * The one table of menu icons, by the antd v3 names menu rows store ("home", "file-text"). The side menu draws
 * from it and the menu form's icon picker offers exactly these names, so every icon a user can pick shows.
 */
export const MENU_ICONS: Readonly<Record<string, ReactNode>> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  appstore: <AppstoreOutlined />,
  table: <TableOutlined />,
  form: <FormOutlined />,
  profile: <ProfileOutlined />,
  'file-text': <FileTextOutlined />,
  database: <DatabaseOutlined />,
  bell: <BellOutlined />,
  notification: <NotificationOutlined />,
  monitor: <MonitorOutlined />,
  tool: <ToolOutlined />,
  link: <LinkOutlined />,
  'bar-chart': <BarChartOutlined />,
  audit: <AuditOutlined />,
  bank: <BankOutlined />,
  book: <BookOutlined />,
  'check-circle': <CheckCircleOutlined />,
  cluster: <ClusterOutlined />,
  idcard: <IdcardOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />,
  schedule: <ScheduleOutlined />,
  solution: <SolutionOutlined />,
  trophy: <TrophyOutlined />,
  warning: <WarningOutlined />,
  menu: <MenuOutlined />,
  apartment: <ApartmentOutlined />,
  hdd: <HddOutlined />,
  tags: <TagsOutlined />,
  edit: <EditOutlined />,
  'usergroup-add': <UsergroupAddOutlined />,
  message: <MessageOutlined />,
};

/** A menu's `icon` ("home", or the antd v4 component name "HomeOutlined") -> its icon; unknown names and "none" show none. */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name || name === 'none') return undefined;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return Object.prototype.hasOwnProperty.call(MENU_ICONS, key) ? MENU_ICONS[key] : undefined;
}
