import type { CompanyRegistration } from '../../api/auth';

/** What a finished registration hands to /user/register-result (router state, never the password). */
export type RegisteredCompany = Pick<CompanyRegistration, 'companyName' | 'creditCode' | 'contact' | 'mobile' | 'username'>;

export function isRegisteredCompany(state: unknown): state is RegisteredCompany {
  if (state === null || typeof state !== 'object') return false;
  const s = state as Record<string, unknown>;
  return ['companyName', 'creditCode', 'contact', 'mobile', 'username'].every((k) => typeof s[k] === 'string');
}

export const REGISTER_MOBILE = /^1[3-9]\d{9}$/;
