import type { LoginResult, UserInfo } from '../../../types';

export interface LoginSelection {
  userInfo: UserInfo;
  tenantId?: string;
}

/** A user of several departments (multi_depart 2) or tenants picks one after signing in. */
export function needsSelection(result: LoginResult): boolean {
  return result.multi_depart === 2 || (result.tenantList?.length ?? 0) > 1;
}
