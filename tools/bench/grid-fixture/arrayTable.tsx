import { useMemo } from 'react';
import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { ArrayTable, FormItem, Input } from '@formily/antd-v5';
import type { GridRow } from '@widgets/editable-grid/types';
import { benchColumns } from './data';

const SchemaField = createSchemaField({ components: { ArrayTable, FormItem, Input } });

const properties = Object.fromEntries(
  benchColumns.map((c, i) => [
    `c${i}`,
    {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: c.title, width: c.width },
      properties: { [c.key]: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input' } },
    },
  ]),
);

/** The same rows in @formily/antd-v5 ArrayTable (the reference a sub-form would otherwise use). */
export function ArrayTableBench({ rows }: { rows: GridRow[] }) {
  const form = useMemo(() => createForm({ initialValues: { list: rows } }), [rows]);
  return (
    <FormProvider form={form}>
      <SchemaField
        schema={{
          type: 'object',
          properties: {
            list: {
              type: 'array',
              'x-component': 'ArrayTable',
              'x-component-props': { pagination: { pageSize: rows.length }, scroll: { y: 600 } },
              items: { type: 'object', properties },
            },
          },
        }}
      />
    </FormProvider>
  );
}
