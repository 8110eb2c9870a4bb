import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * Which page a list belongs to (the app provides the menu component name, e.g. "xypj/ApplicationList"),
 * so that a notice or a second click on the page's menu item can ask it to reload.
 */
export const ListReloadKeyContext = createContext<string | undefined>(undefined);

type Listener = (keys: readonly string[]) => void;
const listeners = new Set<Listener>();

/** Asks every mounted list of these pages to fetch its rows again (query, page and sort stay). */
export function signalListReload(keys: readonly string[]): void {
  if (!keys.length) return;
  for (const listener of [...listeners]) listener(keys);
}

/** Calls `reload` when a reload of the enclosing page's key is signalled. */
export function useListReloadSignal(reload: () => void): void {
  const key = useContext(ListReloadKeyContext);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!key) return undefined;
    const listener: Listener = (keys) => {
      if (keys.includes(key)) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}
