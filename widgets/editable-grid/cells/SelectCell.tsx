import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { optionLabel } from './text';
import { useGridContext } from '../parts/gridContext';
import { GRID_Z_INDEX } from '../parts/layout';

function toArray(value: unknown): string[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value.map(String) : String(value).split(',');
}

/** select, searchable select (allowSearch/allowInput) and multi-select (comma-joined, one tag shown). */
export function SelectCell(props: CellRenderProps & { multiple?: boolean; search?: boolean }) {
  const { value, row, column, disabled, size, onChange, onCommit, multiple } = props;
  const { getOptions } = useGridContext();
  const searchable = !!(props.search || column.allowSearch || column.allowInput);
  const [search, setSearch] = useState('');
  const initialSearch = searchable && !multiple ? props.initialSearch : undefined;
  // rc-select clears its search while the dropdown mounts (closed on the first render): type the key in after that
  useEffect(() => {
    if (initialSearch) setSearch(initialSearch);
    // only the key that opened the editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const options = useMemo(() => {
    const base = (getOptions(column, row) ?? []).map((o) => ({
      value: String(o.value),
      label: optionLabel(o),
      disabled: o.disabled,
    }));
    if (column.allowInput && search && !base.some((o) => o.value === search)) base.push({ value: search, label: search, disabled: false });
    if (column.allowInput && !multiple && value != null && value !== '' && !base.some((o) => o.value === String(value))) {
      base.push({ value: String(value), label: String(value), disabled: false });
    }
    return base;
  }, [getOptions, column, row, search, value, multiple]);

  const select = (
    <Select
      autoFocus={!multiple}
      defaultOpen={!multiple}
      style={{ width: '100%' }}
      size={controlSize(size)}
      allowClear={column.allowClear ?? true}
      disabled={disabled}
      placeholder={column.placeholder ?? `请选择${column.title}`}
      showSearch={searchable}
      searchValue={searchable && !multiple ? search : undefined}
      optionFilterProp="label"
      styles={{ popup: { root: { zIndex: GRID_Z_INDEX } } }}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      onSearch={searchable ? setSearch : undefined}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={multiple ? 1 : undefined}
      value={multiple ? toArray(value) : value == null || value === '' ? undefined : String(value)}
      options={options}
      onChange={(v: string | string[] | undefined) => {
        const next = Array.isArray(v) ? v.join(',') : (v ?? '');
        if (multiple) onChange(next);
        else onCommit(next);
      }}
      onBlur={() => {
        setSearch('');
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
