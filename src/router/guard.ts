import { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS } from '../config';

export const OAUTH2_LOGIN_PATH = '/oauth2-app/login';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load-permissions' };

export interface GuardInput {
  pathname: string;
  /** pathname + search + hash: what travels in `redirect`. */
  fullPath: string;
  hasToken: boolean;
  permissionsLoaded: boolean;
  /** The "alternative configured path" that is public too (enterprise chat clients use OAuth2 login). */
  oauth2Env?: boolean;
  /** The user signed out on purpose: the login path without `redirect`. */
  signedOut?: boolean;
  publicPaths?: readonly string[];
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isPublicPath(pathname: string, publicPaths: readonly string[] = PUBLIC_PATHS): boolean {
  return publicPaths.includes(normalise(pathname));
}

export function loginRedirect(fullPath: string, oauth2Env = false): string {
  return `${oauth2Env ? OAUTH2_LOGIN_PATH : LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Routing rules (public routes, sign-in, menu load), decided before any page renders. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const pathname = normalise(input.pathname);
  if (pathname === '/user') return { kind: 'redirect', to: LOGIN_PATH };
  if (input.hasToken) {
    // Just signed in on /user/login?redirect=…: the redirect target; otherwise home.
    if (pathname === LOGIN_PATH || pathname === OAUTH2_LOGIN_PATH) {
      return { kind: 'redirect', to: redirectTarget(input.fullPath.slice(input.pathname.length).split('#')[0]) };
    }
    if (pathname === '/') return { kind: 'redirect', to: HOME_PATH };
    if (!input.permissionsLoaded && !isPublicPath(pathname, input.publicPaths)) return { kind: 'load-permissions' };
    return { kind: 'allow' };
  }
  if (isPublicPath(pathname, input.publicPaths)) {
    if (pathname === LOGIN_PATH && input.oauth2Env) return { kind: 'redirect', to: OAUTH2_LOGIN_PATH };
    return { kind: 'allow' };
  }
  if (input.signedOut) return { kind: 'redirect', to: input.oauth2Env ? OAUTH2_LOGIN_PATH : LOGIN_PATH };
  return { kind: 'redirect', to: loginRedirect(input.fullPath, input.oauth2Env) };
}

/** Where to go after login: a same-origin path from `redirect`, else home. */
export function redirectTarget(search: string): string {
  const raw = new URLSearchParams(search).get('redirect');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return HOME_PATH;
  if (normalise(raw.split('?')[0]) === LOGIN_PATH) return HOME_PATH;
  return raw;
}
