import { useEffect } from 'react';
import { Select, Switch } from 'antd';

export interface JSwitchProps {
  value?: string;
  onChange?: (value: string) => void;
  /** [on value, off value]; default ['Y', 'N']. */
  options?: [string, string];
  /** Query forms show a 是/否 select instead of a switch. */
  query?: boolean;
  disabled?: boolean;
}

const YN: [string, string] = ['Y', 'N'];

/** Y/N switch. An empty value is set to the off value at once (outside query mode). */
export function JSwitch({ value, onChange, options = YN, query = false, disabled }: JSwitchProps) {
  const [on, off] = options;
  const empty = value === undefined || value === null || value === '';
  useEffect(() => {
    if (!query && empty) onChange?.(off);
  }, [query, empty, off, onChange]);

  if (query) {
    return (
      <Select
        allowClear
        value={empty ? undefined : value}
        disabled={disabled}
        placeholder="请选择"
        onChange={(next?: string) => onChange?.(next ?? '')}
        options={[
          { value: on, label: '是' },
          { value: off, label: '否' },
        ]}
        style={{ minWidth: 90 }}
      />
    );
  }
  return <Switch checked={value === on} disabled={disabled} onChange={(checked) => onChange?.(checked ? on : off)} />;
}

export function JSwitchPretty({ value, options = YN }: { value?: string; options?: [string, string] }) {
  if (value === options[0]) return <span>是</span>;
  if (value === options[1]) return <span>否</span>;
  return <span />;
}
