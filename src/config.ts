/** Product constants the client needs at runtime. Values that differ per deployment come from the environment. */

export const PLATFORM_NAME = '工程监理企业信用评价系统';
export const LOGO_TITLE = '信用评价系统';
export const CONSULT_PHONE = '0371-65900000';
export const COPYRIGHT_LINE = 'Copyright © 2023 工程监理企业信用评价系统';

export const API_BASE: string = typeof __API_BASE__ === 'string' ? __API_BASE__ : '/api';

/** Secret appended to signed calls (X-Sign). Compatibility only: the server never treats it as authentication. */
export const SIGN_SECRET: string = (import.meta.env?.VITE_SIGN_SECRET as string | undefined) ?? 'dd05f1c54d63749eda95f9fa6d49v442a';

export const HOME_PATH = '/dashboard/analysis';
export const HOME_TITLE = '首页';
export const LOGIN_PATH = '/user/login';

/** Routes open without sign-in. The extra configured public path comes from VITE_EXTRA_PUBLIC_PATH. */
export const PUBLIC_PATHS: readonly string[] = [
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
  ...((import.meta.env?.VITE_EXTRA_PUBLIC_PATH as string | undefined) ? [import.meta.env.VITE_EXTRA_PUBLIC_PATH as string] : []),
];

export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUEST_TIMEOUT_MS = 9_000;
export { MOBILE_BREAKPOINT } from '@renderer/layout/useIsMobile';
export const SMALL_BREAKPOINT = 768;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
