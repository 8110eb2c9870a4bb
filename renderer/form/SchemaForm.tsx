import { useMemo, type ReactNode } from 'react';
import type { Form } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { useRenderer } from '../context';
import { registeredFieldTypes } from '../registry';
import type { FormilySchema, Grid } from '@contract/schema-types.gen';
import { SchemaErrorPanel } from '../schema/SchemaErrorPanel';
import { filterByAuth, findUnknownComponents, LAYOUT_COMPONENTS, wrapInGrid } from './schemaTools';
import { formComponents } from './components';

export interface SchemaFormProps {
  form: Form;
  schema: FormilySchema;
  grid?: Grid;
  /** Extra names for `{{ }}` expressions (only whitelisted names are visible). */
  scope?: Record<string, unknown>;
  children?: ReactNode;
  /** Where the schema sits in its page file (e.g. /form/schema), so a problem names the property there. */
  pointer?: string;
}

function useSchemaField() {
  const types = registeredFieldTypes().join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the field map is rebuilt when a field type is registered
  return useMemo(() => createSchemaField({ components: formComponents() }), [types]);
}

/** A Formily form from JSON Schema, laid out in a grid, fields resolved through the registry. */
export function SchemaForm({ form, schema, grid, scope, children, pointer = '' }: SchemaFormProps) {
  const { can, user } = useRenderer();
  const SchemaField = useSchemaField();
  const prepared = useMemo(() => filterByAuth(schema, can), [schema, can]);
  const unknown = useMemo(
    () => findUnknownComponents(prepared, new Set([...LAYOUT_COMPONENTS, ...registeredFieldTypes()]), pointer),
    [prepared, pointer],
  );
  const laidOut = useMemo(() => wrapInGrid(prepared, grid) as ISchema, [prepared, grid]);
  if (unknown.length > 0) return <SchemaErrorPanel title="表单配置有误" issues={unknown} />;
  return (
    <FormProvider form={form}>
      <FormLayout labelCol={grid?.labelCol ?? 6} wrapperCol={grid?.wrapperCol ?? 18}>
        <SchemaField schema={laidOut} scope={{ $user: user, ...scope }} />
        {children}
      </FormLayout>
    </FormProvider>
  );
}
