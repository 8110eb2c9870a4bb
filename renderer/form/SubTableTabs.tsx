import type { Form } from '@formily/core';
import type { DataProvider } from '../data/provider';
import type { SubTable } from '@contract/schema-types.gen';
import { SchemaForm } from './SchemaForm';

type Row = Record<string, unknown>;

/** One tab per sub table: its rows are the form value under the sub table's key, edited by its component. */
export function subTableTabs(form: Form, subTables: readonly SubTable[]) {
  return subTables.map((sub) => ({
    key: sub.key,
    label: sub.title,
    forceRender: true,
    children: (
      <SchemaForm
        form={form}
        schema={{
          type: 'object',
          properties: { [sub.key]: { type: 'array', 'x-component': sub.component, 'x-component-props': sub.props } },
        }}
        grid={{ maxColumns: 1, labelCol: 0, wrapperCol: 24 }}
      />
    ),
  }));
}

/** Loads each sub table's rows of the record `id` into the form (GET listUrl?id=…). */
export function loadSubTableRows(
  data: DataProvider,
  form: Form,
  subTables: readonly SubTable[],
  id: unknown,
  onError: (error: unknown) => void,
): void {
  for (const sub of subTables) {
    if (!sub.listUrl) continue;
    data
      .getTree<Row>(sub.listUrl, { id })
      .then((rows) => form.setValuesIn(sub.key, rows))
      .catch(onError);
  }
}
