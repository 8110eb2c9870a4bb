import { useEffect, useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined, ReloadOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import type { FormilySchema } from '@contract/schema-types.gen';
import { SchemaForm } from '../form/SchemaForm';

/** Fields shown while the query form is collapsed (one row). */
export const QUERY_FIELDS_PER_ROW = 3;

export interface QueryBarProps {
  schema: FormilySchema;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}

/** Fields beyond the first row. Collapsed, they are hidden (values kept), not removed. */
function extraKeys(schema: FormilySchema): string[] {
  return Object.keys(schema.properties ?? {}).slice(QUERY_FIELDS_PER_ROW);
}

function collapsed(schema: FormilySchema): FormilySchema {
  const extra = new Set(extraKeys(schema));
  if (extra.size === 0) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, child]) => [
      key,
      extra.has(key) ? { ...child, 'x-display': 'hidden' as const } : child,
    ]),
  );
  return { ...schema, properties };
}

export function QueryBar({ schema, onSearch, onReset }: QueryBarProps) {
  const form = useMemo(() => createForm(), []);
  const [expanded, setExpanded] = useState(false);
  const fieldCount = Object.keys(schema.properties ?? {}).length;
  const shown = useMemo(() => collapsed(schema), [schema]);
  // Formily keeps field state across schema changes, so the toggle goes through the form.
  useEffect(() => {
    for (const key of extraKeys(schema)) {
      form.setFieldState(key, (state) => {
        state.display = expanded ? 'visible' : 'hidden';
      });
    }
  }, [form, schema, expanded]);
  const submit = () => onSearch({ ...form.values });
  return (
    <div className="renderer-query" style={{ marginBottom: 12 }} onKeyDown={(e) => e.key === 'Enter' && submit()}>
      <SchemaForm form={form} schema={shown} grid={{ maxColumns: QUERY_FIELDS_PER_ROW, labelCol: 8, wrapperCol: 16 }} pointer="/query" />
      <Space>
        <Button type="primary" icon={<SearchOutlined />} onClick={submit}>
          查询
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.reset('*', { forceClear: true });
            onReset();
          }}
        >
          重置
        </Button>
        {fieldCount > QUERY_FIELDS_PER_ROW && (
          <a onClick={() => setExpanded(!expanded)}>
            {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
          </a>
        )}
      </Space>
    </div>
  );
}
