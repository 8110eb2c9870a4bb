import { Button, List } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordModal } from '../../../../layouts/parts/ChangePasswordModal';
import { userInfoAtom } from '../../../../state/session';
import { useCurrentUser } from '../../parts/currentUser';
import { SETTINGS_BASE_PATH } from './paths';

function masked(phone: string | null | undefined): string {
  return phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : (phone ?? '');
}

/** 安全设置: 账户密码 (修改密码 dialog), 密保手机 and 备用邮箱 (changed under 基本设置). */
export function SecurityPanel() {
  const session = useAtomValue(userInfoAtom);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const toBase = () => navigate(`${SETTINGS_BASE_PATH}/base`);
  const rows = [
    { key: 'password', title: '账户密码', description: '定期修改密码可以提高账户安全', action: () => setPasswordOpen(true) },
    { key: 'phone', title: '密保手机', description: user?.phone ? `已绑定手机：${masked(user.phone)}` : '未绑定手机', action: toBase },
    { key: 'email', title: '备用邮箱', description: user?.email ? `已绑定邮箱：${user.email}` : '未绑定邮箱', action: toBase },
  ];
  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" onClick={row.action}>
                修改
              </Button>,
            ]}
          >
            <List.Item.Meta title={row.title} description={row.description} />
          </List.Item>
        )}
      />
      <ChangePasswordModal open={passwordOpen} username={session?.username ?? ''} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
