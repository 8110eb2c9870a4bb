import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';

/**
 * The title of a page reached without a menu entry (an online form's record, a report opened by its code):
 * the breadcrumb and the window title show it, for that path only.
 */
export const unlistedPageTitleAtom = atom<{ path: string; title: string } | null>(null);

/** Publishes `title` for the current path while the page shows it. */
export function useUnlistedPageTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  const setTitle = useSetAtom(unlistedPageTitleAtom);
  useEffect(() => {
    if (!title) return;
    setTitle({ path: pathname, title });
    return () => setTitle((current) => (current?.path === pathname ? null : current));
  }, [title, pathname, setTitle]);
}
