import { useCallback } from 'react';
import { useRenderer } from '@renderer/context';
import { LazyTreeSelect } from './LazyTreeSelect';
import { CONDITION_ERROR, isValidCondition, loadCategoryChildren, loadCategoryNames } from './tree-api';

export interface JCategorySelectProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Root category code (default '0' = all roots). */
  pcode?: string;
  /** JSON object string of extra filters. */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Category dictionary tree select (lazy, /sys/category). */
export function JCategorySelect({ value, onChange, pcode = '0', condition, multiple, placeholder, disabled }: JCategorySelectProps) {
  const { data } = useRenderer();
  const loadChildren = useCallback((pid: string | null) => loadCategoryChildren(data, pid, pcode, condition), [data, pcode, condition]);
  const loadLabels = useCallback((ids: string) => loadCategoryNames(data, ids), [data]);
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
      reloadKey={`${pcode}|${condition ?? ''}`}
    />
  );
}
