import { useEffect, useMemo, useRef, useState } from 'react';
import { RecordModal, type EditForm, type ListPage, type RecordMode, type Row } from '@renderer/index';
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
  /**
   * One record per row of this page (a user's agent): list parameters, `{field}` filled from the row. The first
   * record found opens in `edit`; none found opens `add` with `defaults`.
   */
  findBy?: Record<string, string>;
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

/**
 * Another list page's add / edit / detail form, opened from this page (新建用户, 编辑, 用户详情 of 我的部门).
 * From a toolbar (one selected row, no record) the record is read with the page's `url.queryById`.
 */
export default function PageRecordModal({ record: rowRecord, selectedIds, props, onClose, onChanged }: AdminDialogProps) {
  const config = props as unknown as PageRecordProps;
  const services = useRenderer();
  const [page, setPage] = useState<ListPage>();
  const [loaded, setLoaded] = useState<Row>();
  const [found, setFound] = useState<{ record?: Row }>();
  const mode: RecordMode = config.findBy ? (found?.record ? 'edit' : 'add') : config.mode;
  const record = config.findBy ? found?.record : rowRecord ?? loaded;
  const selectedId = config.mode === 'add' || rowRecord ? undefined : selectedIds?.[0];
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let live = true;
    void loadPageSchema(config.page).then((loaded) => {
      if (live) setPage(loaded as ListPage);
    });
    return () => {
      live = false;
    };
  }, [config.page]);

  useEffect(() => {
    const url = page?.url.queryById;
    if (!selectedId || !url) return;
    let live = true;
    void services.http.get<Row>(url, { id: selectedId }).then((res) => {
      if (!live) return;
      if (res.success && res.result) setLoaded(res.result);
      else {
        notifierOf(services).warning(res.message);
        close.current();
      }
    });
    return () => {
      live = false;
    };
  }, [page, selectedId, services]);

  useEffect(() => {
    const url = page?.url.list;
    if (!config.findBy || !url) return;
    let live = true;
    const params = { ...fillRecord(config.findBy, rowRecord ?? {}), pageNo: 1, pageSize: 1 };
    void services.http.get<{ records?: Row[] }>(url, params).then((res) => {
      if (!live) return;
      if (res.success) setFound({ record: res.result?.records?.[0] });
      else {
        notifierOf(services).warning(res.message);
        close.current();
      }
    });
    return () => {
      live = false;
    };
  }, [page, config.findBy, rowRecord, services]);

  const form = useMemo(() => (page?.form ? lockFields(page.form, config.locked ?? []) : undefined), [page, config.locked]);
  const initialValues = useMemo(() => fillRecord(config.defaults, record ?? rowRecord ?? {}), [config.defaults, record, rowRecord]);
  if (!page || !form || (config.findBy && !found) || (mode !== 'add' && !record)) return null;
  return (
    <RecordModal
      mode={mode}
      record={mode === 'add' ? undefined : record}
      initialValues={initialValues}
      config={form}
      urls={page.url}
      notify={notifierOf(services)}
      onClose={onClose}
      onSaved={onChanged}
    />
  );
}
