/** Permission entries and the button rules, for the app to build `can(code)` from the session. */
export interface PermissionEntry {
  action: string;
  type: string;
  status?: string;
  describe?: string;
}

/**
 * A button code is shown when:
 * - an entry for it in the full list (allAuth) has status '0' (configured but inactive: no control), or
 * - the user's grants authorise it (comma-separated actions split), unless a grant marks it status '0'.
 */
export function createPermissionChecker(auth: PermissionEntry[], allAuth: PermissionEntry[]): (code: string) => boolean {
  const inactive = new Set(allAuth.filter((e) => e.status === '0').flatMap((e) => splitActions(e.action)));
  const denied = new Set<string>();
  const granted = new Set<string>();
  for (const entry of auth) {
    const target = entry.status === '0' ? denied : granted;
    for (const action of splitActions(entry.action)) target.add(action);
  }
  return (code: string) => {
    if (!code) return true;
    if (inactive.has(code)) return true;
    if (denied.has(code)) return false;
    return granted.has(code);
  };
}

function splitActions(action: string | undefined): string[] {
  return (action ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Type-1 codes under `prefix` (e.g. "system:position:") that the user lacks: their suffixes name
 * hidden columns or toolbar buttons. Excluding `batch_delete` also excludes `remove`.
 */
export function excludedCodes(prefix: string, auth: PermissionEntry[], allAuth: PermissionEntry[]): string[] {
  const full = prefix.endsWith(':') ? prefix : `${prefix}:`;
  const granted = new Set(auth.filter((e) => e.type === '1').flatMap((e) => splitActions(e.action)));
  const excluded = allAuth
    .filter((e) => e.type === '1' && e.status === '1' && e.action?.startsWith(full) && !granted.has(e.action))
    .map((e) => e.action.slice(full.length));
  if (excluded.includes('batch_delete')) excluded.push('remove');
  return excluded;
}
