import { useEffect, useMemo } from 'react';
import { Cascader, Select, Space } from 'antd';
import { areaChildren, areaOptions, areaPath, areaText, AREA_ROOT } from './area-data';

export type AreaLinkageType = 'cascader' | 'select';

export interface JAreaLinkageProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  type?: string;
  /** Depth 1 (province) … 3 (district). */
  level?: 1 | 2 | 3;
  placeholder?: string;
  disabled?: boolean;
}

/** Province/city/district picker storing the last-level code. */
export function JAreaLinkage({ value, onChange, type = 'cascader', level = 3, placeholder = '请选择省市区', disabled }: JAreaLinkageProps) {
  const valid = type === 'cascader' || type === 'select';
  useEffect(() => {
    if (!valid) console.error(`Bad type value: ${type}`);
  }, [valid, type]);
  const options = useMemo(() => (type === 'cascader' ? areaOptions(level) : []), [type, level]);
  const path = areaPath(value);

  if (!valid) return <span style={{ color: 'red' }}>Bad type value: {type}</span>;
  if (type === 'cascader') {
    return (
      <Cascader
        options={options}
        value={path.length ? path : undefined}
        placeholder={placeholder}
        disabled={disabled}
        changeOnSelect={false}
        showSearch
        onChange={(codes) => onChange?.(codes?.length ? String(codes[codes.length - 1]) : undefined)}
        style={{ width: '100%' }}
      />
    );
  }
  const labels = ['省', '市', '区'];
  return (
    <Space.Compact style={{ width: '100%' }}>
      {Array.from({ length: level }, (_, depth) => {
        const parent = depth === 0 ? AREA_ROOT : path[depth - 1];
        const choices = parent ? areaChildren(parent) : [];
        return (
          <Select
            key={depth}
            aria-label={labels[depth]}
            placeholder={`请选择${labels[depth]}`}
            disabled={disabled || !parent}
            value={path[depth]}
            allowClear
            showSearch
            optionFilterProp="label"
            onChange={(code?: string) => onChange?.(code ?? path[depth - 1])}
            options={choices.map((record) => ({ value: record.id, label: record.text }))}
            style={{ flex: 1, minWidth: 100 }}
          />
        );
      })}
    </Space.Compact>
  );
}

export function AreaPretty({ value, text }: { value?: string; text?: string }) {
  return <span>{text ?? areaText(value)}</span>;
}
