import { useEffect, useMemo, useState } from 'react';
import { Modal, Spin } from 'antd';
import { createForm } from '@formily/core';
import { useRenderer } from '@renderer/context';
import { SchemaForm } from '@renderer/form/SchemaForm';
import { loadPageSchema } from '@renderer/schema/load';
import type { EditForm, ListPage } from '@renderer/schema/types.gen';
import { fillRecord } from '../actions/spec';
import { notifierOf } from '../actions/useAdminAction';
import type { AdminDialogProps } from './registry';

export interface ChildFormProps {
  /** The list page whose `form` is reused, e.g. "system/PermissionList". */
  page: string;
  /** Initial values, `{field}` filled from the row (e.g. `{ "parentId": "{id}" }`). */
  defaults: Record<string, string>;
  /** Values that are not text (numbers, booleans) merged as they are. */
  fixed?: Record<string, unknown>;
  title?: string;
}

/** 添加下级: the page's own add form, opened with the parent (and other defaults) filled in. */
export default function ChildFormModal({ record, props, onClose, onChanged }: AdminDialogProps) {
  const config = props as unknown as ChildFormProps;
  const services = useRenderer();
  const notify = notifierOf(services);
  const [page, setPage] = useState<ListPage>();
  const [saving, setSaving] = useState(false);
  const form = useMemo(() => createForm({ initialValues: { ...fillRecord(config.defaults, record ?? {}), ...config.fixed } }), [config, record]);

  useEffect(() => {
    void loadPageSchema(config.page).then((loaded) => setPage(loaded as ListPage));
  }, [config.page]);

  const editForm: EditForm | undefined = page?.form;
  const save = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    if (!page?.url.add) return;
    setSaving(true);
    try {
      const res = await services.http.post(page.url.add, { ...form.values });
      if (res.success) {
        notify.success(res.message || '添加成功！');
        onChanged();
        onClose();
      } else notify.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={config.title ?? '添加下级'} width={typeof editForm?.width === 'number' ? editForm.width : 800} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="确定" cancelText="取消" destroyOnClose>
      {editForm ? <SchemaForm form={form} schema={editForm.schema} grid={editForm.grid} /> : <Spin />}
    </Modal>
  );
}
