import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Row } from '@renderer/index';

/** What every admin dialog receives: the row it was opened for (or the selection) and its schema props. */
export interface AdminDialogProps {
  record?: Row;
  selectedIds?: string[];
  props: Record<string, unknown>;
  onClose(): void;
  /** The dialog changed data the list shows: reload it. */
  onChanged(): void;
}

type DialogComponent = LazyExoticComponent<ComponentType<AdminDialogProps>>;

const DIALOGS: Record<string, DialogComponent> = {
  ResetPassword: lazy(() => import('./PasswordModal')),
  RecycleBin: lazy(() => import('./RecycleBinModal')),
  Authorize: lazy(() => import('./AuthorizeDrawer')),
  SubPage: lazy(() => import('./SubPageDrawer')),
  PickUsers: lazy(() => import('./PickUsersModal')),
  ChildForm: lazy(() => import('./ChildFormModal')),
  PageRecord: lazy(() => import('./PageRecordModal')),
  DepartUserRoles: lazy(() => import('./DepartUserRolesModal')),
};

export const ADMIN_DIALOG_NAMES = Object.keys(DIALOGS);

/** Renders the named dialog (open while mounted). Unknown names render a plain error. */
export function AdminDialog({ name, ...rest }: AdminDialogProps & { name: string }) {
  const Dialog = DIALOGS[name];
  if (!Dialog) return <span role="alert">未知的对话框 {name}</span>;
  return (
    <Suspense fallback={null}>
      <Dialog {...rest} />
    </Suspense>
  );
}
