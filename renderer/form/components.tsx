import type { ComponentType } from 'react';
import { Spin } from 'antd';
import { isField } from '@formily/core';
import { observer, useField } from '@formily/react';
import { FormGrid, FormItem, FormLayout, Space } from '@formily/antd-v5';
import { registeredFieldTypes } from '../registry';
import { useFieldParts } from './fieldParts';

type AnyProps = Record<string, unknown>;
const wrappers = new Map<string, ComponentType<AnyProps>>();

/** A Formily component for a registry type: edit face, or read-pretty face when the field is read-pretty. */
export function registryComponent(type: string): ComponentType<AnyProps> {
  let wrapper = wrappers.get(type);
  if (!wrapper) {
    const RegistryField = observer((props: AnyProps) => {
      const field = useField();
      const parts = useFieldParts(type);
      if (!parts) return <Spin size="small" />;
      const pretty = isField(field) && field.pattern === 'readPretty';
      const Component = pretty ? parts.readPretty ?? parts.component : parts.component;
      return Component ? <Component {...props} /> : null;
    });
    RegistryField.displayName = `Field(${type})`;
    wrapper = RegistryField as ComponentType<AnyProps>;
    wrappers.set(type, wrapper);
  }
  return wrapper;
}

export const layoutComponents: Record<string, ComponentType<AnyProps>> = {
  FormItem: FormItem as unknown as ComponentType<AnyProps>,
  FormGrid: FormGrid as unknown as ComponentType<AnyProps>,
  GridColumn: FormGrid.GridColumn as unknown as ComponentType<AnyProps>,
  FormLayout: FormLayout as unknown as ComponentType<AnyProps>,
  Space: Space as unknown as ComponentType<AnyProps>,
};

/** Components for SchemaField: the layout set plus one wrapper per registered type. */
export function formComponents(): Record<string, ComponentType<AnyProps>> {
  const map: Record<string, ComponentType<AnyProps>> = { ...layoutComponents };
  for (const type of registeredFieldTypes()) map[type] = registryComponent(type);
  return map;
}
