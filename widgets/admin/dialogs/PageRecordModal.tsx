import { useEffect, useMemo, useState } from 'react';
import { RecordModal, type EditForm, type ListPage, type RecordMode } from '@renderer/index';
import { useRenderer } from '@renderer/context';
import { loadPageSchema } from '@renderer/schema/load';
import { fillRecord } from '../actions/spec';
import { notifierOf } from '../actions/useAdminAction';
import type { AdminDialogProps } from './registry';

export interface PageRecordProps {
  /** The list page whose form and add/edit addresses are used, e.g. "system/UserList". */
  page: string;
  mode: RecordMode;
  /** add: initial values, `{field}` filled from the row. */
  defaults?: Record<string, string>;
  /** Fields shown but not editable (e.g. the department a user is created in). */
  locked?: string[];
}

/** The form of `form`'s schema with the named top-level fields disabled. */
export function lockFields(form: EditForm, locked: readonly string[]): EditForm {
  if (locked.length === 0) return form;
  const properties = (form.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const lockedProperties = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [name, locked.includes(name) ? { ...field, 'x-disabled': true } : field]),
  );
  return { ...form, schema: { ...form.schema, properties: lockedProperties } };
}

/** Another list page's add / edit / detail form, opened from this page (新建用户, 编辑, 用户详情 of 我的部门). */
export default function PageRecordModal({ record, props, onClose, onChanged }: AdminDialogProps) {
  const config = props as unknown as PageRecordProps;
  const services = useRenderer();
  const [page, setPage] = useState<ListPage>();

  useEffect(() => {
    let live = true;
    void loadPageSchema(config.page).then((loaded) => {
      if (live) setPage(loaded as ListPage);
    });
    return () => {
      live = false;
    };
  }, [config.page]);

  const form = useMemo(() => (page?.form ? lockFields(page.form, config.locked ?? []) : undefined), [page, config.locked]);
  const initialValues = useMemo(() => fillRecord(config.defaults, record ?? {}), [config.defaults, record]);
  if (!page || !form) return null;
  return (
    <RecordModal
      mode={config.mode}
      record={config.mode === 'add' ? undefined : record}
      initialValues={initialValues}
      config={form}
      urls={page.url}
      notify={notifierOf(services)}
      onClose={onClose}
      onSaved={onChanged}
    />
  );
}
