import { createContext, useContext } from 'react';
import type { ListAction } from '@contract/schema-types.gen';
import type { ListPageController, Row } from './useListPage';

export interface ReloadOptions {
  /** A record just saved: a tree table opens its parent so the record shows. */
  reveal?: Row;
}

/**
 * The list controller as everything inside a list page sees it: toolbar, row actions, dialogs and
 * views opened from them read the selection and the query and reload the list through this, never
 * through the page's DOM.
 */
export interface ListContextValue extends Omit<ListPageController, 'reload'> {
  /** Loads the current page again; a tree table keeps its open branches open (and reloads their children). */
  reload(options?: ReloadOptions): void;
  /** Runs one of the schema's actions for a row (row actions) or for the selection (toolbar). */
  runAction(action: ListAction, record?: Row): Promise<boolean>;
}

const ListContext = createContext<ListContextValue | null>(null);

export const ListProvider = ListContext.Provider;

/** The list page this component sits in. Throws outside a list page. */
export function useListContext(): ListContextValue {
  const list = useContext(ListContext);
  if (!list) throw new Error('useListContext must be used inside a list page');
  return list;
}

/** The list page this component sits in, or null (a view placed outside any list). */
export function useOptionalListContext(): ListContextValue | null {
  return useContext(ListContext);
}
