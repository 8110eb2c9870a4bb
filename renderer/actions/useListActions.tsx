import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useRenderer } from '../context';
import type { ListAction } from '@contract/schema-types.gen';
import type { ListPageController, Row } from '../list/useListPage';
import type { ReloadOptions } from '../list/ListContext';
import { ActionDialog } from './ActionDialog';
import { pickFile } from './pickFile';
import { reloadsAfter } from './rules';
import { runAction, type OpenDialog } from './run';
import { actionScope } from './scope';

export interface ListActions {
  run(action: ListAction, record?: Row): Promise<boolean>;
  /** The dialog an action opened (render it inside the list's provider). */
  dialog: ReactNode;
}

/** Runs a list page's schema actions against its controller and holds the dialog one of them opened. */
export function useListActions(list: ListPageController, reload: (options?: ReloadOptions) => void): ListActions {
  const services = useRenderer();
  const [open, setOpen] = useState<OpenDialog>();
  const latest = useRef({ list, reload });
  latest.current = { list, reload };

  const run = useCallback(
    (action: ListAction, record?: Row) => {
      const current = latest.current.list;
      return runAction(action, {
        services,
        notify: current.notify,
        scope: actionScope(current, record, services.user),
        reload: () => latest.current.reload(),
        openDialog: setOpen,
        pickFile,
      });
    },
    [services],
  );

  const close = useCallback(() => setOpen(undefined), []);
  const changed = useCallback(
    (saved?: Row) => {
      if (open && reloadsAfter(open.action)) latest.current.reload({ reveal: saved });
    },
    [open],
  );

  const dialog = open ? <ActionDialog open={open} self={list.schema} notify={list.notify} onClose={close} onChanged={changed} /> : null;
  return { run, dialog };
}
