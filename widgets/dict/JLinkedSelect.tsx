import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { observer, useField } from '@formily/react';
import type { GeneralField } from '@formily/core';
import { useRenderer } from '@renderer/context';
import { loadTableTreeChildren, type TreeNodeRow } from './tree-api';

export interface JLinkedSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** "table,text,code" of a registered tree table */
  dict?: string;
  pidField?: string;
  /** parent value of the first select's rows */
  pidValue?: string;
  /** the sibling field this select depends on; its value is the parent of this select's rows */
  parentField?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** The value of a sibling field (in the same object: the form, or one row of a grid), read reactively. */
function siblingValue(field: GeneralField, name: string): string {
  const value: unknown = field.query(`.${name}`).value();
  return value === undefined || value === null ? '' : String(value);
}

/**
 * 联动组件: a select whose options are the children of its parent field's value in a tree table
 * (GET /sys/dict/loadTreeData); the first select of a chain lists the rows under `pidValue`.
 * When the user changes the parent's value, this select's value is cleared, and so on down the chain.
 */
export const JLinkedSelect = observer(function JLinkedSelect({
  value,
  onChange,
  dict = '',
  pidField = 'pid',
  pidValue = '',
  parentField,
  placeholder,
  disabled,
}: JLinkedSelectProps) {
  const { data } = useRenderer();
  const field = useField();
  const parent = parentField ? siblingValue(field, parentField) : pidValue;
  const [options, setOptions] = useState<TreeNodeRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const lastParent = useRef(parent);

  useEffect(() => {
    const previous = lastParent.current;
    lastParent.current = parent;
    // a parent changed from one value to another (or cleared) clears this one; a parent filled while a record
    // loads (empty before) keeps the value loaded with it
    if (previous && previous !== parent && value) onChange?.(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the parent changes, not when the value does
  }, [parent]);

  useEffect(() => {
    if (parentField && !parent) {
      setOptions([]);
      return;
    }
    const [tableName = '', text = '', code = ''] = dict.split(',');
    let alive = true;
    setLoading(true);
    loadTableTreeChildren(data, parent, { tableName, text, code, pidField })
      .then((rows) => {
        if (!alive) return;
        setOptions(rows);
        setError('');
      })
      .catch((err: unknown) => alive && setError(err instanceof Error ? err.message : '加载失败'))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [data, dict, pidField, parent, parentField]);

  return (
    <Select
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={options.map((o) => ({ value: o.key, label: o.title }))}
      placeholder={error || placeholder}
      status={error ? 'error' : undefined}
      disabled={disabled || (!!parentField && !parent)}
      loading={loading}
      allowClear
      showSearch
      optionFilterProp="label"
      notFoundContent={loading ? '加载中…' : '暂无数据'}
      style={{ width: '100%' }}
    />
  );
});
