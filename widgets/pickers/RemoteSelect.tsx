import { useEffect, useState } from 'react';
import { Select, TreeSelect } from 'antd';
import { useForm } from '@formily/react';
import { useRenderer } from '@renderer/context';

type Raw = Record<string, unknown>;

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

export interface RemoteSelectProps {
  value?: string;
  onChange?(value: string | undefined): void;
  disabled?: boolean;
  placeholder?: string;
  /** Options (a list, `{records}`, or `{treeList}`). */
  optionsUrl: string;
  optionsParams?: Record<string, string>;
  labelField?: string;
  valueField?: string;
  multiple?: boolean;
  /** Options are a tree (`children`): a tree select. */
  tree?: boolean;
  /**
   * Editing an existing row whose value is not part of the row: GET this URL with `{ [loadParam]: form id }`;
   * the result is a list of ids or of objects carrying `loadKey`.
   */
  loadUrl?: string;
  loadParam?: string;
  loadKey?: string;
}

function rowsOf(result: unknown): Raw[] {
  if (Array.isArray(result)) return result as Raw[];
  const wrapped = result as { records?: Raw[]; treeList?: Raw[] } | undefined;
  return wrapped?.records ?? wrapped?.treeList ?? [];
}

function toTree(rows: Raw[], labelField: string, valueField: string): TreeOption[] {
  return rows.map((row) => ({
    value: String(row[valueField]),
    title: String(row[labelField] ?? ''),
    children: Array.isArray(row.children) && row.children.length ? toTree(row.children as Raw[], labelField, valueField) : undefined,
  }));
}

const splitValue = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** Select (or tree select) whose options come from an endpoint; the value is a comma-separated id list. */
export function RemoteSelect(props: RemoteSelectProps) {
  const { value, onChange, multiple, tree, optionsUrl, placeholder, disabled } = props;
  const labelField = props.labelField ?? (tree ? 'title' : 'name');
  const valueField = props.valueField ?? (tree ? 'key' : 'id');
  const { data } = useRenderer();
  const form = useForm();
  const [options, setOptions] = useState<TreeOption[]>([]);
  const paramsKey = JSON.stringify(props.optionsParams ?? {});

  useEffect(() => {
    let live = true;
    // Without options (refused or failed) the select stays empty.
    data.getOne<unknown>(optionsUrl, JSON.parse(paramsKey) as Record<string, string>).then(
      (result) => live && setOptions(toTree(rowsOf(result), labelField, valueField)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [data, optionsUrl, paramsKey, labelField, valueField]);

  const formId = form?.values?.id as string | undefined;
  useEffect(() => {
    if (!props.loadUrl || !formId || value !== undefined) return;
    let live = true;
    data.getOne<unknown>(props.loadUrl, { [props.loadParam ?? 'id']: formId }).then(
      (result) => {
        if (!live) return;
        const ids = rowsOf(result).map((item) => (typeof item === 'object' ? String(item[props.loadKey ?? 'key']) : String(item)));
        onChange?.(ids.join(','));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // only when an existing row opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, props.loadUrl, formId]);

  const change = (next: string | string[] | undefined) => onChange?.(Array.isArray(next) ? next.join(',') : next || undefined);
  const selected = multiple ? splitValue(value) : value || undefined;
  if (tree) {
    return (
      <TreeSelect
        value={selected}
        onChange={change}
        treeData={options}
        multiple={multiple}
        treeCheckable={multiple}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        placeholder={placeholder}
        disabled={disabled}
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Select
      value={selected}
      onChange={change}
      mode={multiple ? 'multiple' : undefined}
      options={options.map((o) => ({ value: o.value, label: o.title }))}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
