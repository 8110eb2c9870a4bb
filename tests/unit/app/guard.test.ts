import { describe, expect, it } from 'vitest';
import { decideNavigation, isPublicPath, redirectTarget } from '@src/router/guard';

const anon = (fullPath: string) => {
  const pathname = fullPath.split('?')[0];
  return decideNavigation({ pathname, fullPath, hasToken: false, permissionsLoaded: false });
};
const signedIn = (fullPath: string, permissionsLoaded = true) => {
  const pathname = fullPath.split('?')[0];
  return decideNavigation({ pathname, fullPath, hasToken: true, permissionsLoaded });
};

describe('routing rules', () => {
  it('lets anonymous users open every public route', () => {
    for (const path of [
      '/user/login',
      '/user/register',
      '/user/register-result',
      '/user/alteration',
      '/xypj/checkzs',
      '/xypj/loginoutpush',
      '/xypj/resultlist',
      '/xypj/reloginpush',
      '/oauth2-app/login',
      '/test/preview',
      '/test/home',
    ]) {
      expect(anon(path)).toEqual({ kind: 'allow' });
      expect(isPublicPath(path)).toBe(true);
    }
  });

  it('sends anonymous users to the login path with the full target in redirect', () => {
    expect(anon('/isystem/user?name=a&x=1')).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fisystem%2Fuser%3Fname%3Da%26x%3D1',
    });
    expect(anon('/')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2F' });
  });

  it('sends a user who signed out on purpose to the login path without redirect', () => {
    expect(
      decideNavigation({
        pathname: '/isystem/user',
        fullPath: '/isystem/user',
        hasToken: false,
        permissionsLoaded: false,
        signedOut: true,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/user/login',
    });
  });

  it('redirects /user to /user/login', () => {
    expect(anon('/user')).toEqual({ kind: 'redirect', to: '/user/login' });
    expect(signedIn('/user/')).toEqual({ kind: 'redirect', to: '/user/login' });
  });

  it('sends a signed-in user on the login path home, or to the redirect target right after sign-in', () => {
    expect(signedIn('/user/login')).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(signedIn('/user/login?redirect=%2Fisystem%2Fuser%3Fa%3D1')).toEqual({ kind: 'redirect', to: '/isystem/user?a=1' });
  });

  it('never redirects off-site or back to the login page', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard/analysis');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/dashboard/analysis');
    expect(redirectTarget('?redirect=%2Fuser%2Flogin')).toBe('/dashboard/analysis');
  });

  it('redirects the root to /dashboard/analysis', () => {
    expect(signedIn('/')).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
  });

  it('fetches permissions on the first navigation after sign-in', () => {
    expect(signedIn('/isystem/user', false)).toEqual({ kind: 'load-permissions' });
    expect(signedIn('/isystem/user', true)).toEqual({ kind: 'allow' });
  });
});
