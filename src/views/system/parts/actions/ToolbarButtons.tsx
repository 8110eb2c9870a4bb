import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd';
import { AdminDialog } from '../dialogs/registry';
import { reloadListAround, selectedKeysAround, toolbarAround } from './listBridge';
import type { AdminActionSpec } from './spec';
import { useAdminAction } from './useAdminAction';

/**
 * Extra toolbar buttons (`buttons`) placed as a void field in the page's query schema; they render into
 * the list's toolbar row. Buttons with `needsSelection` act on the checked rows (`{selectedIds}`).
 */
export function AdminToolbar({ buttons = [] }: { buttons?: AdminActionSpec[] }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [target, setTarget] = useState<Element | null>(null);
  const reload = useCallback(() => void reloadListAround(anchor.current), []);
  const { run, dialog, closeDialog, can } = useAdminAction(reload);

  useEffect(() => {
    // The toolbar renders after the query bar; wait one frame for it.
    const find = () => setTarget(toolbarAround(anchor.current));
    find();
    const timer = setTimeout(find, 0);
    return () => clearTimeout(timer);
  }, []);

  const shown = buttons.filter((b) => !b.auth || can(b.auth));
  const row = (
    <>
      {shown.map((button) => (
        <Button
          key={button.key}
          type={button.primary ? 'primary' : 'default'}
          danger={button.danger}
          onClick={() => void run(button, { selectedIds: selectedKeysAround(anchor.current) })}
        >
          {button.text}
        </Button>
      ))}
    </>
  );
  return (
    <span ref={anchor} style={{ display: 'none' }}>
      {target && createPortal(row, target)}
      {dialog?.spec.dialog && (
        <AdminDialog name={dialog.spec.dialog} selectedIds={dialog.selectedIds} props={dialog.spec.dialogProps ?? {}} onClose={closeDialog} onChanged={reload} />
      )}
    </span>
  );
}
