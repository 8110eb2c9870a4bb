import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import { createForm } from '@formily/core';
import { useRenderer } from '../context';
import type { FormPage } from '@contract/schema-types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import { SchemaForm } from './SchemaForm';
import { loadSubTableRows, subTableTabs } from './SubTableTabs';
import { attempt, showRequestError } from '../data/requestError';

/** A standalone form page: optional load URL, submit URL (POST or PUT), sub tables in tabs below the main fields. */
export function FormPageView({ schema, notifier: given }: { schema: FormPage; notifier?: Notifier }) {
  const { data, notify } = useRenderer();
  const notifier = given ?? notify ?? defaultNotifier;
  const form = useMemo(() => createForm(), []);
  const [saving, setSaving] = useState(false);

  const subTables = schema.subTables ?? [];

  useEffect(() => {
    if (!schema.url?.load) return;
    const url = schema.url.load;
    void attempt(notifier, () => data.getOne<Record<string, unknown> | null>(url)).then((record) => {
      if (!record) return;
      form.setInitialValues(record);
      loadSubTableRows(data, form, subTables, record.id, (error) => showRequestError(notifier, error));
    });
    // notifier is stable for a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, form, schema.url?.load]);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    if (!schema.url?.submit) return;
    const url = schema.url.submit;
    setSaving(true);
    const done = await attempt(notifier, () => (schema.method === 'put' ? data.update(url, form.values) : data.create(url, form.values)));
    setSaving(false);
    if (done) notifier.success(done.message || '保存成功');
  };

  return (
    <Card title={schema.title}>
      <SchemaForm form={form} schema={schema.schema} grid={schema.grid} pointer="/schema">
        {subTables.length > 0 && <Tabs items={subTableTabs(form, subTables)} />}
        {schema.url?.submit && (
          <div style={{ textAlign: 'center', marginTop: subTables.length ? 16 : 0 }}>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {schema.submitText ?? '提交'}
            </Button>
          </div>
        )}
      </SchemaForm>
    </Card>
  );
}
