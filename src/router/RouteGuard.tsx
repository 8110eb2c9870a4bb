import { useAtom, useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { logoutSession } from '../api/http';
import { permissionsAtom, signedOutAtom, tokenAtom } from '../state/session';
import { decideNavigation, loginRedirect } from './guard';
import { loadPermissions } from './menuState';

export function FullPageLoading() {
  return (
    <div aria-busy="true" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '60vh', color: '#999' }}>
      加载中…
    </div>
  );
}

/** Applies the routing rules (guard.ts) on every navigation. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const permissions = useAtomValue(permissionsAtom);
  const [signedOut, setSignedOut] = useAtom(signedOutAtom);
  const fullPath = location.pathname + location.search + location.hash;
  const decision = decideNavigation({
    pathname: location.pathname,
    fullPath,
    hasToken: !!token,
    permissionsLoaded: !!permissions,
    signedOut,
  });

  // Once a public page (the login page) shows, later visits to other pages come back here with `redirect` again.
  useEffect(() => {
    if (signedOut && decision.kind === 'allow') setSignedOut(false);
  }, [signedOut, decision.kind, setSignedOut]);

  useEffect(() => {
    if (decision.kind !== 'load-permissions') return;
    let cancelled = false;
    void loadPermissions().then(async (ok) => {
      if (ok || cancelled) return;
      await logoutSession();
      navigate(loginRedirect(fullPath), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Only a change of the decision or the session restarts loading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision.kind, token]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-permissions') return <FullPageLoading />;
  return <>{children}</>;
}
