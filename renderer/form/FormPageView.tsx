import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import { createForm } from '@formily/core';
import { useRenderer } from '../context';
import type { FormPage } from '@contract/schema-types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import { SchemaForm } from './SchemaForm';
import { loadSubTableRows, subTableTabs } from './SubTableTabs';
import { errorText } from '../data/errors';

/** A standalone form page: optional load URL, submit URL (POST or PUT), sub tables in tabs below the main fields. */
export function FormPageView({ schema, notifier: given }: { schema: FormPage; notifier?: Notifier }) {
  const { http, data, notify } = useRenderer();
  const notifier = given ?? notify ?? defaultNotifier;
  const form = useMemo(() => createForm(), []);
  const [saving, setSaving] = useState(false);

  const subTables = schema.subTables ?? [];

  useEffect(() => {
    if (!schema.url?.load) return;
    void http.get<Record<string, unknown>>(schema.url.load).then((res) => {
      if (res.success && res.result) {
        form.setInitialValues(res.result);
        loadSubTableRows(http, form, subTables, res.result.id, (error) => notifier.warning(errorText(error)));
      } else if (!res.success) notifier.warning(res.message);
    });
    // notifier is stable for a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, form, schema.url?.load]);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    if (!schema.url?.submit) return;
    setSaving(true);
    try {
      const res =
        schema.method === 'put' ? await data.update(schema.url.submit, form.values) : await data.create(schema.url.submit, form.values);
      if (res.success) notifier.success(res.message || '保存成功');
      else notifier.warning(res.message);
    } finally {
      setSaving(false);
    }
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
