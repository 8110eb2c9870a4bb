import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { logoutSession } from '../../../api/http';
import PublicShell from './PublicShell';

/** /xypj/loginoutpush: sign-out pushed by the provincial platform; ends this browser's session and says so. */
export default function PushSignOutPage() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    void logoutSession(true).then(() => setDone(true));
  }, []);
  return (
    <PublicShell title="平台推送退出" width={760}>
      <Result
        status={done ? 'success' : 'info'}
        title={done ? '您已退出登录' : '正在退出登录…'}
        subTitle={done ? '本系统的登录状态已结束。' : undefined}
        extra={
          <Link to="/user/login">
            <Button type="primary">重新登录</Button>
          </Link>
        }
      />
    </PublicShell>
  );
}
