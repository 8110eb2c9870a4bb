import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { optionLabel } from './text';
import { useGridContext } from '../parts/gridContext';

function toArray(value: unknown): string[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value.map(String) : String(value).split(',');
}

/** select, searchable select (allowSearch/allowInput) and multi-select (comma-joined, one tag shown). */
export function SelectCell(props: CellRenderProps & { multiple?: boolean; search?: boolean }) {
  const { value, row, column, disabled, size, onChange, onCommit, multiple } = props;
  const { getOptions } = useGridContext();
  const [typed, setTyped] = useState('');
  const searchable = props.search || column.allowSearch || column.allowInput;
  const options = useMemo(() => {
    const base = (getOptions(column, row) ?? []).map((o) => ({
      value: String(o.value),
      label: optionLabel(o),
      disabled: o.disabled,
    }));
    if (column.allowInput && typed && !base.some((o) => o.value === typed)) base.push({ value: typed, label: typed, disabled: false });
    if (column.allowInput && !multiple && value != null && value !== '' && !base.some((o) => o.value === String(value))) {
      base.push({ value: String(value), label: String(value), disabled: false });
    }
    return base;
  }, [getOptions, column, row, typed, value, multiple]);

  const select = (
    <Select
      autoFocus={!multiple}
      defaultOpen={!multiple}
      style={{ width: '100%' }}
      size={controlSize(size)}
      allowClear={column.allowClear ?? true}
      disabled={disabled}
      placeholder={column.placeholder ?? `请选择${column.title}`}
      showSearch={!!searchable}
      optionFilterProp="label"
      filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
      onSearch={column.allowInput ? setTyped : undefined}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={multiple ? 1 : undefined}
      value={multiple ? toArray(value) : value == null || value === '' ? undefined : String(value)}
      options={options}
      onChange={(v: string | string[] | undefined) => {
        const next = Array.isArray(v) ? v.join(',') : v ?? '';
        if (multiple) onChange(next);
        else onCommit(next);
      }}
      onBlur={() => {
        setTyped('');
        onCommit();
      }}
      {...column.props}
    />
  );
  return select;
}

export function MultiSelectCell(props: CellRenderProps) {
  return <SelectCell {...props} multiple />;
}

export function SearchSelectCell(props: CellRenderProps) {
  return <SelectCell {...props} search />;
}
