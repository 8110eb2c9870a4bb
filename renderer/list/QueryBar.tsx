import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined, ReloadOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import type { FormilySchema } from '../schema/types.gen';
import { SchemaForm } from '../form/SchemaForm';

/** Fields shown while the query form is collapsed (one row). */
export const QUERY_FIELDS_PER_ROW = 3;

export interface QueryBarProps {
  schema: FormilySchema;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}

/** Collapsed rows keep their values: extra fields are hidden, not removed. */
function collapse(schema: FormilySchema, expanded: boolean): FormilySchema {
  const entries = Object.entries(schema.properties ?? {});
  if (expanded || entries.length <= QUERY_FIELDS_PER_ROW) return schema;
  const properties = Object.fromEntries(
    entries.map(([key, child], index) => [key, index < QUERY_FIELDS_PER_ROW ? child : { ...child, 'x-display': 'hidden' as const }]),
  );
  return { ...schema, properties };
}

export function QueryBar({ schema, onSearch, onReset }: QueryBarProps) {
  const form = useMemo(() => createForm(), []);
  const [expanded, setExpanded] = useState(false);
  const fieldCount = Object.keys(schema.properties ?? {}).length;
  const shown = useMemo(() => collapse(schema, expanded), [schema, expanded]);
  const submit = () => onSearch({ ...form.values });
  return (
    <div className="renderer-query" style={{ marginBottom: 12 }} onKeyDown={(e) => e.key === 'Enter' && submit()}>
      <SchemaForm form={form} schema={shown} grid={{ maxColumns: QUERY_FIELDS_PER_ROW, labelCol: 8, wrapperCol: 16 }} />
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
