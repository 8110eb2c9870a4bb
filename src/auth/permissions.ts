import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { permissionsAtom } from '../state/session';
import { appStore } from '../state/store';
import { canWith } from './can';

/** Button permission check against the signed-in user's permissions. */
export function can(code: string): boolean {
  const permissions = appStore.get(permissionsAtom);
  return canWith(code, permissions?.auth ?? [], permissions?.allAuth ?? []);
}

/** `can` that re-renders when the permissions change. */
export function useCan(): (code: string) => boolean {
  const permissions = useAtomValue(permissionsAtom);
  return useCallback((code: string) => canWith(code, permissions?.auth ?? [], permissions?.allAuth ?? []), [permissions]);
}
