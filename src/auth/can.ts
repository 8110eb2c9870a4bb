import type { AuthEntry } from '../types';

function actionsOf(entry: AuthEntry): string[] {
  return (entry.action ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Button permission: a code whose configuration (allAuth) is disabled
 * (status '0') is not controlled and stays visible; otherwise the user's grants
 * decide — a grant (type '2'; type '1' rows of older data are
 * accepted too) authorises, comma-separated actions are split, and a grant with
 * status '0' denies.
 */
export function canWith(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  if (!code) return true;
  if (allAuth.some((e) => e.status === '0' && actionsOf(e).includes(code))) return true;
  const grants = auth.filter((e) => actionsOf(e).includes(code));
  if (grants.some((e) => e.status === '0')) return false;
  return grants.length > 0;
}
