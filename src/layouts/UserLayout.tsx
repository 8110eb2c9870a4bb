import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PLATFORM_NAME } from '../config';
import { GlobalFooter } from './GlobalFooter';

const TITLES: Record<string, string> = {
  '/user/login': '登录',
  '/user/register': '注册',
  '/user/register-result': '注册结果',
  '/user/alteration': '找回密码',
};

/** Login-style layout: system title, the nested page, footer. */
export default function UserLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES[pathname.replace(/\/$/, '')];
    document.title = title ? `${title} · ${PLATFORM_NAME}` : PLATFORM_NAME;
  }, [pathname]);
  return (
    <div
      style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', background: 'linear-gradient(180deg,#e8eefc 0%,#f0f2f5 60%)' }}
    >
      <main style={{ flex: 1, paddingTop: '8vh' }}>
        <div style={{ textAlign: 'center', marginBottom: 40, padding: '0 16px' }}>
          <div style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            <img src="/logo.svg" alt="" width={44} height={44} />
            <h1 style={{ fontSize: 28, margin: 0, color: 'rgba(0,0,0,.85)', fontWeight: 600 }}>{PLATFORM_NAME}</h1>
          </div>
          <p style={{ color: 'rgba(0,0,0,.45)', marginTop: 12 }}>工程监理企业信用信息采集、评价与公示</p>
        </div>
        <div style={{ width: 368, maxWidth: '98%', margin: '0 auto' }}>
          <Outlet />
        </div>
      </main>
      <GlobalFooter />
    </div>
  );
}
