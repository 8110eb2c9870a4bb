import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLATFORM_NAME } from '../../../config';
import { GlobalFooter } from '../../../layouts/GlobalFooter';

const LINKS = [
  { to: '/xypj/resultlist', text: '评价结果公示' },
  { to: '/xypj/checkzs', text: '证书查询' },
  { to: '/user/login', text: '登录系统' },
];

/** The frame of the public pages (no sign-in): platform title, links between them, the page, footer. */
export default function PublicShell({ title, children, width = 1100 }: { title: string; children: ReactNode; width?: number }) {
  useEffect(() => {
    document.title = `${title} · ${PLATFORM_NAME}`;
  }, [title]);
  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <header style={{ background: '#fff', borderBottom: '1px solid #e8e8e8' }}>
        <div
          style={{
            maxWidth: width,
            boxSizing: 'border-box',
            margin: '0 auto',
            padding: '12px 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            flexWrap: 'wrap',
          }}
        >
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span style={{ fontSize: 20, fontWeight: 600 }}>{PLATFORM_NAME}</span>
          <nav style={{ marginLeft: 'auto', display: 'flex', gap: 20 }}>
            {LINKS.map((l) => (
              <Link key={l.to} to={l.to}>
                {l.text}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main style={{ flex: 1, width: '100%', maxWidth: width, margin: '0 auto', padding: '24px 16px', boxSizing: 'border-box' }}>
        <h2 style={{ marginTop: 0 }}>{title}</h2>
        {children}
      </main>
      <GlobalFooter />
    </div>
  );
}
