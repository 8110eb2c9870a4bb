import { atom } from 'jotai';
import { HOME_PATH, HOME_TITLE } from '../config';
import { fetchPermissions } from '../api/auth';
import { doneOf } from '../api/request';
import { permissionsAtom, savePermissions } from '../state/session';
import { buildMenuRoutes, type MenuRoute } from './menuRoutes';

const HOME_FALLBACK: MenuRoute = {
  path: HOME_PATH,
  name: 'dashboard-analysis',
  title: HOME_TITLE,
  component: 'dashboard/Analysis',
  wrappers: [],
  ancestors: [],
  item: { path: HOME_PATH, name: 'dashboard-analysis', component: 'dashboard/Analysis', meta: { title: HOME_TITLE } },
};

/** Routes of the signed-in user's menu; home is always routable. */
export const menuRoutesAtom = atom<MenuRoute[]>((get) => {
  const routes = buildMenuRoutes(get(permissionsAtom)?.menu ?? []);
  return routes.some((r) => r.path === HOME_PATH) ? routes : [HOME_FALLBACK, ...routes];
});

let inFlight: Promise<boolean> | undefined;

/** Fetch the menu and button permissions once; false on failure or an empty menu. */
export function loadPermissions(): Promise<boolean> {
  inFlight ??= fetchPermissions()
    .then((res) => {
      const { result } = doneOf(res);
      if (!result?.menu?.length) return false;
      savePermissions(result);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
