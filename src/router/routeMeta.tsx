import { createContext, useContext } from 'react';
import type { MenuRoute } from './menuRoutes';

/** The menu route a page was opened from (title, meta.url, componentName…). */
export const RouteMetaContext = createContext<MenuRoute | undefined>(undefined);

export function useRouteMeta(): MenuRoute | undefined {
  return useContext(RouteMetaContext);
}
