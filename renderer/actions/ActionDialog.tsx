import { Drawer, Modal } from 'antd';
import type { Notifier } from '../data/notify';
import type { ListPage } from '@contract/schema-types.gen';
import { ViewSlot } from '../views/ViewSlot';
import { FormDialog } from './FormDialog';
import { fillParent, SubPage } from './SubPage';
import type { FilledDialog, OpenDialog } from './run';

type Row = Record<string, unknown>;

/** Another page schema for the record, in a drawer (default) or a modal. */
function PageDialog({ dialog, record, onClose }: { dialog: FilledDialog & { page: string }; record?: Row; onClose(): void }) {
  const parent = record ?? {};
  const title = fillParent(dialog.title ?? '', parent);
  const width = dialog.width ?? 800;
  const body = <SubPage page={dialog.page} parent={parent} />;
  if (dialog.container === 'modal') {
    return (
      <Modal open title={title} width={width} onCancel={onClose} footer={null} destroyOnHidden>
        {body}
      </Modal>
    );
  }
  return (
    <Drawer open title={title} width={width} onClose={onClose} destroyOnHidden>
      {body}
    </Drawer>
  );
}

export interface ActionDialogProps {
  open: OpenDialog;
  /** The list page the action belongs to. */
  self?: ListPage;
  notify: Notifier;
  onClose(): void;
  onChanged(saved?: Row): void;
}

/** What a dialog action opened: a registered view, another page, or a list page's form. */
export function ActionDialog({ open, self, notify, onClose, onChanged }: ActionDialogProps) {
  const { dialog, record, selection } = open;
  if (dialog.view) {
    return (
      <ViewSlot
        name={dialog.view}
        record={record}
        selection={selection}
        props={dialog.props ?? {}}
        onClose={onClose}
        onChanged={onChanged}
      />
    );
  }
  if (dialog.page) return <PageDialog dialog={{ ...dialog, page: dialog.page }} record={record} onClose={onClose} />;
  if (dialog.form) {
    return (
      <FormDialog
        dialog={{ ...dialog, form: dialog.form }}
        record={record}
        self={self}
        notify={notify}
        onClose={onClose}
        onSaved={onChanged}
      />
    );
  }
  return null;
}
