/**
 * Local storage with the `pro__` namespace and optional expiry. Entries are
 * stored as `{"value": …, "expire": <epoch ms> | null}`.
 */
export const STORAGE_PREFIX = 'pro__';

export const StorageKey = {
  token: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  buttonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
  tenantId: 'TENANT_ID',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  cachedRoutes: 'CACHE_INCLUDED_ROUTES',
  sidebar: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  color: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidebar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  multipage: 'DEFAULT_MULTI_PAGE',
} as const;

interface Entry<T> {
  value: T;
  expire: number | null;
}

function area(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStored<T>(key: string, fallback: T, now: number = Date.now()): T {
  const raw = area()?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return fallback;
  try {
    const entry = JSON.parse(raw) as Entry<T>;
    if (entry.expire != null && entry.expire <= now) {
      area()?.removeItem(STORAGE_PREFIX + key);
      return fallback;
    }
    return entry.value;
  } catch {
    return fallback;
  }
}

export function writeStored<T>(key: string, value: T, ttlMs?: number, now: number = Date.now()): void {
  const entry: Entry<T> = { value, expire: ttlMs ? now + ttlMs : null };
  try {
    area()?.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: settings simply do not persist.
  }
}

export function removeStored(key: string): void {
  area()?.removeItem(STORAGE_PREFIX + key);
}
