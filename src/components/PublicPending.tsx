import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PLATFORM_NAME } from '../config';

/** A public route whose page has not been delivered yet: it renders without sign-in and says so. */
export default function PublicPending() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = PLATFORM_NAME;
  }, []);
  return (
    <div style={{ paddingTop: '10vh' }}>
      <Result
        status="info"
        title={PLATFORM_NAME}
        subTitle={`页面 ${pathname} 暂未开放`}
        extra={
          <Link to="/user/login">
            <Button type="primary">登录系统</Button>
          </Link>
        }
      />
    </div>
  );
}
