import type { ReactNode } from 'react';
import { useRouteMeta } from '../router/routeMeta';

/** layouts/PageView: a page header (title) above the page, hidden by meta.hiddenHeaderContent. */
export default function PageView({ children }: { children?: ReactNode }) {
  const route = useRouteMeta();
  const hidden = route?.item.meta?.hiddenHeaderContent;
  return (
    <div className="page-view">
      {!hidden && route && (
        <div style={{ background: '#fff', padding: '16px 24px', marginBottom: 16 }}>
          <h2 style={{ margin: 0, fontSize: 20 }}>{route.title}</h2>
        </div>
      )}
      {children}
    </div>
  );
}
