import { useEffect, useMemo, useRef, useState } from 'react';
import { useRenderer } from '../context';
import { showRequestError } from '../data/requestError';
import type { Notifier } from '../data/notify';
import { loadPageSchema } from '../schema/load';
import type { EditForm, ListPage } from '@contract/schema-types.gen';
import type { FilledDialog } from './run';
import { RecordModal, type RecordMode } from '../list/RecordModal';
import { SchemaSourceContext } from '../schema/source';

type Row = Record<string, unknown>;

/** The form with the named top-level fields disabled. */
export function lockFields(form: EditForm, locked: readonly string[]): EditForm {
  if (locked.length === 0) return form;
  const properties = (form.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const lockedProperties = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [name, locked.includes(name) ? { ...field, 'x-disabled': true } : field]),
  );
  return { ...form, schema: { ...form.schema, properties: lockedProperties } };
}

function useListPageSchema(name: string, self: ListPage | undefined): ListPage | undefined {
  const [loaded, setLoaded] = useState<ListPage>();
  useEffect(() => {
    if (name === 'self') return;
    let live = true;
    void loadPageSchema(name).then((page) => live && setLoaded(page as ListPage));
    return () => {
      live = false;
    };
  }, [name]);
  return name === 'self' ? self : loaded;
}

/** With `findBy`: the first row the page's list finds for those parameters (one per record, e.g. a user's agent). */
function useFoundRecord(page: ListPage | undefined, findBy: Record<string, unknown> | undefined, notify: Notifier, onClose: () => void) {
  const { data } = useRenderer();
  const [found, setFound] = useState<{ record?: Row }>();
  const close = useRef(onClose);
  close.current = onClose;
  const findKey = JSON.stringify(findBy ?? null);
  useEffect(() => {
    const url = page?.url.list;
    if (!findBy || !url) return;
    let live = true;
    data.getList<Row>(url, { ...findBy, pageNo: 1, pageSize: 1 }).then(
      (page) => live && setFound({ record: page.records[0] }),
      (error: unknown) => {
        showRequestError(notify, error);
        close.current();
      },
    );
    return () => {
      live = false;
    };
    // findKey stands for findBy
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, page, findKey]);
  return found;
}

export interface FormDialogProps {
  dialog: FilledDialog & { form: string };
  record?: Row;
  /** The list page the action belongs to (`form: "self"`). */
  self?: ListPage;
  notify: Notifier;
  onClose(): void;
  onSaved(saved?: Row): void;
}

/**
 * A list page's add / edit / detail form for the action's record: `values` start an add form,
 * `locked` fields are shown but not editable, and with `findBy` the one record found for the row is
 * edited (added when there is none).
 */
export function FormDialog({ dialog, record, self, notify, onClose, onSaved }: FormDialogProps) {
  const page = useListPageSchema(dialog.form, self);
  const found = useFoundRecord(page, dialog.findBy, notify, onClose);
  const mode: RecordMode = dialog.findBy ? (found?.record ? 'edit' : 'add') : (dialog.mode ?? 'add');
  const base = dialog.findBy ? found?.record : record;
  const config = useMemo(() => {
    if (!page?.form) return undefined;
    const form = lockFields(page.form, dialog.locked ?? []);
    return { ...form, title: dialog.title ?? form.title, width: dialog.width ?? form.width };
  }, [page, dialog.locked, dialog.title, dialog.width]);
  if (!page || !config || (dialog.findBy && !found) || (mode !== 'add' && !base)) return null;
  const modal = (
    <RecordModal
      mode={mode}
      record={mode === 'add' ? undefined : base}
      initialValues={dialog.values}
      config={config}
      urls={page.url}
      notify={notify}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
  // the form comes from another page file: its problems name that file
  if (dialog.form === 'self') return modal;
  return <SchemaSourceContext.Provider value={`schemas/${dialog.form}.json`}>{modal}</SchemaSourceContext.Provider>;
}
