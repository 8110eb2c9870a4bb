import { useCallback } from 'react';
import { useRenderer } from '@renderer/context';
import { LazyTreeSelect } from './LazyTreeSelect';
import { loadDictLabels } from './search-dict';
import { CONDITION_ERROR, isValidCondition, loadTableTreeChildren } from './tree-api';

export interface JTreeSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  /** "table,text,code" */
  dict?: string;
  pidField?: string;
  pidValue?: string;
  hasChildField?: string;
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Tree select over a table dictionary (GET /sys/dict/loadTreeData). */
export function JTreeSelect({
  value,
  onChange,
  dict = '',
  pidField = 'pid',
  pidValue = '',
  hasChildField,
  condition,
  multiple,
  placeholder,
  disabled,
}: JTreeSelectProps) {
  const { data } = useRenderer();
  const [tableName = '', text = '', code = ''] = dict.split(',');
  const loadChildren = useCallback(
    (pid: string | null) => loadTableTreeChildren(data, pid ?? pidValue, { tableName, text, code, pidField, hasChildField, condition }),
    [data, pidValue, tableName, text, code, pidField, hasChildField, condition],
  );
  const loadLabels = useCallback((keys: string) => loadDictLabels(data, dict, keys), [data, dict]);
  if (!isValidCondition(condition)) return <span style={{ color: 'red' }}>{CONDITION_ERROR}</span>;
  return (
    <LazyTreeSelect
      value={value}
      onChange={onChange}
      multiple={multiple}
      placeholder={placeholder}
      disabled={disabled}
      loadChildren={loadChildren}
      loadLabels={loadLabels}
      reloadKey={`${dict}|${pidValue}|${condition ?? ''}`}
    />
  );
}
