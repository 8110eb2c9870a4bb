import { useCallback, useEffect, useState } from 'react';
import { attempt, request } from '../../../api/request';
import { API_BASE } from '../../../config';
import { saveUserInfo, userInfoAtom } from '../../../state/session';
import { appStore } from '../../../state/store';
import type { UserInfo } from '../../../types';

/** `/sys/user/currentUser`: the signed-in user's own record (dictionary texts included). */
export interface CurrentUser extends UserInfo {
  sex?: number | string | null;
  sex_dictText?: string | null;
  birthday?: string | null;
  workNo?: string | null;
  post?: string | null;
}

export function avatarSrc(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^https?:\/\//.test(avatar) ? avatar : `${API_BASE}/sys/common/static/${avatar}`;
}

/** Loads the signed-in user's record; `reload` after a change. */
export function useCurrentUser() {
  const [user, setUser] = useState<CurrentUser>();
  const reload = useCallback(async () => {
    const found = await attempt(() => request.get<CurrentUser>('/sys/user/currentUser'));
    if (found) setUser(found);
    return found;
  }, []);
  useEffect(() => void reload(), [reload]);
  return { user, reload };
}

/** The header and menus read the session's user info: copy the changed profile fields into it. */
export function refreshSessionUser(user: CurrentUser): void {
  const session = appStore.get(userInfoAtom);
  if (!session) return;
  saveUserInfo({ ...session, realname: user.realname, avatar: user.avatar ?? null, email: user.email ?? null, phone: user.phone ?? null });
}
