import {
  DownOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  SwapOutlined,
  SyncOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchAllDictItems, refreshDictCache } from '../../api/auth';
import { doneOf } from '../../api/request';
import { API_BASE } from '../../config';
import { greetingFor } from '../../greeting';
import { saveDictCache, userInfoAtom } from '../../state/session';
import { HeaderNotice } from '../../notice/HeaderNotice';

export interface GlobalHeaderProps {
  collapsed: boolean;
  mobile: boolean;
  showTrigger: boolean;
  onToggle: () => void;
  /** Logo + horizontal menu in top-menu mode. */
  left?: ReactNode;
  background: string;
  color: string;
  onSettings: () => void;
  onPassword: () => void;
  onDepart: () => void;
  onLogout: () => Promise<void>;
}

function avatarUrl(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^https?:\/\//.test(avatar) ? avatar : `${API_BASE}/sys/common/static/${avatar}`;
}

export function GlobalHeader(props: GlobalHeaderProps) {
  const { modal, message } = App.useApp();
  const user = useAtomValue(userInfoAtom);
  const navigate = useNavigate();

  const clearCache = async () => {
    try {
      doneOf(await refreshDictCache());
      const all = await fetchAllDictItems().then(doneOf, () => undefined);
      if (all?.result) saveDictCache(all.result);
      message.success('刷新缓存完成！');
    } catch {
      message.warning('刷新缓存失败！');
    }
  };

  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: () => props.onLogout().catch((e: unknown) => message.error(e instanceof Error ? e.message : '退出登录失败')),
    });

  const items: MenuProps['items'] = [
    { key: 'center', icon: <IdcardOutlined />, label: '个人中心', onClick: () => navigate('/account/center') },
    { key: 'account', icon: <ToolOutlined />, label: '账户设置', onClick: () => navigate('/account/settings/base') },
    { key: 'settings', icon: <SettingOutlined />, label: '系统设置', onClick: props.onSettings },
    { key: 'password', icon: <LockOutlined />, label: '密码修改', onClick: props.onPassword },
    { key: 'depart', icon: <SwapOutlined />, label: '切换部门', onClick: props.onDepart },
    { key: 'cache', icon: <SyncOutlined />, label: '清理缓存', onClick: () => void clearCache() },
  ];

  const Trigger = props.collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        height: 59,
        padding: '0 16px',
        background: props.background,
        color: props.color,
        gap: 12,
      }}
    >
      {props.left}
      {props.showTrigger && (
        <Trigger
          aria-label={props.collapsed ? '展开菜单' : '收起菜单'}
          onClick={props.onToggle}
          style={{ fontSize: 18, cursor: 'pointer' }}
        />
      )}
      <div style={{ flex: 1 }} />
      {user?.id && <HeaderNotice userId={user.id} color={props.color} />}
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click', 'hover']}>
        <span
          style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }}
          data-testid="user-menu"
        >
          <Avatar size="small" src={avatarUrl(user?.avatar)} icon={<UserOutlined />} />
          {!props.mobile && (
            <span className="header-welcome">
              欢迎您，{user?.realname || user?.username}
              <span style={{ marginLeft: 8, opacity: 0.85 }}>{greetingFor()}</span>
            </span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </span>
      </Dropdown>
      <span
        role="button"
        tabIndex={0}
        onClick={confirmLogout}
        onKeyDown={(e) => e.key === 'Enter' && confirmLogout()}
        style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}
      >
        <LogoutOutlined />
        {!props.mobile && <span style={{ marginLeft: 6 }}>退出登录</span>}
      </span>
    </div>
  );
}
