import { atom } from 'jotai';
// Not through @renderer/index: the login page loads this module and must not carry the whole renderer.
import { saveAllDictItems } from '@renderer/data/dict';
import { TOKEN_TTL_MS } from '../config';
import type { AuthEntry, DictItem, LoginResult, PermissionResult, UserInfo } from '../types';
import { appStore } from './store';
import { StorageKey, readStored, removeStored, writeStored } from './storage';

export const tokenAtom = atom<string | undefined>(readStored<string | undefined>(StorageKey.token, undefined));
export const userInfoAtom = atom<UserInfo | undefined>(readStored<UserInfo | undefined>(StorageKey.userInfo, undefined));
export const tenantIdAtom = atom<string | undefined>(readStored<string | undefined>(StorageKey.tenantId, undefined));
/** null until fetched after sign-in (on the first navigation). */
export const permissionsAtom = atom<PermissionResult | null>(null);

/**
 * True after the user signed out on purpose, until the login page shows: the way there carries no `redirect`
 * back to the last page (a session that expired keeps it, so the same user returns where they were).
 */
export const signedOutAtom = atom(false);

let pendingToken: string | undefined;

/**
 * A token received at login while the user still picks a department or tenant:
 * requests carry it, but the app does not count as signed in yet.
 */
export function setPendingToken(token: string | undefined): void {
  pendingToken = token;
}

export function currentToken(): string | undefined {
  return appStore.get(tokenAtom) ?? pendingToken;
}

export function currentTenantId(): string | undefined {
  return appStore.get(tenantIdAtom);
}

/** Re-read everything from local storage (boot, and tests that prepare storage first). */
export function loadSessionFromStorage(): void {
  appStore.set(tokenAtom, readStored<string | undefined>(StorageKey.token, undefined));
  appStore.set(userInfoAtom, readStored<UserInfo | undefined>(StorageKey.userInfo, undefined));
  appStore.set(tenantIdAtom, readStored<string | undefined>(StorageKey.tenantId, undefined));
}

export function saveLogin(result: LoginResult): void {
  pendingToken = undefined;
  appStore.set(signedOutAtom, false);
  writeStored(StorageKey.token, result.token, TOKEN_TTL_MS);
  writeStored(StorageKey.username, result.userInfo.username, TOKEN_TTL_MS);
  writeStored(StorageKey.userInfo, result.userInfo, TOKEN_TTL_MS);
  appStore.set(tokenAtom, result.token);
  appStore.set(userInfoAtom, result.userInfo);
  appStore.set(permissionsAtom, null);
  if (result.sysAllDictItems) saveDictCache(result.sysAllDictItems);
}

export function saveUserInfo(userInfo: UserInfo): void {
  writeStored(StorageKey.userInfo, userInfo, TOKEN_TTL_MS);
  appStore.set(userInfoAtom, userInfo);
}

export function saveTenant(tenantId: string | number | undefined): void {
  if (tenantId === undefined || tenantId === '') {
    removeStored(StorageKey.tenantId);
    appStore.set(tenantIdAtom, undefined);
    return;
  }
  writeStored(StorageKey.tenantId, String(tenantId), TOKEN_TTL_MS);
  appStore.set(tenantIdAtom, String(tenantId));
}

/** Every dictionary at once (login's sysAllDictItems, 刷新缓存) into the renderer's one dictionary cache. */
export function saveDictCache(dicts: Record<string, DictItem[]>): void {
  saveAllDictItems(dicts, TOKEN_TTL_MS);
}

export function savePermissions(result: PermissionResult): void {
  writeStored<AuthEntry[]>(StorageKey.buttonAuth, result.auth ?? []);
  writeStored<AuthEntry[]>(StorageKey.sysButtonAuth, result.allAuth ?? []);
  appStore.set(permissionsAtom, { ...result, auth: result.auth ?? [], allAuth: result.allAuth ?? [] });
}

/** Logout clears token, permission list and stored user items; `signedOut` when the user asked for it. */
export function clearSession(signedOut = false): void {
  for (const key of [
    StorageKey.token,
    StorageKey.username,
    StorageKey.userInfo,
    StorageKey.buttonAuth,
    StorageKey.sysButtonAuth,
    StorageKey.cachedRoutes,
  ])
    removeStored(key);
  pendingToken = undefined;
  appStore.set(tokenAtom, undefined);
  appStore.set(userInfoAtom, undefined);
  appStore.set(permissionsAtom, null);
  appStore.set(signedOutAtom, signedOut);
}
