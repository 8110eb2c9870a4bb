import { useEffect, useRef } from 'react';
import { Input } from 'antd';
import { applyQueryPrefix, stripQueryPrefix, type QueryPrefixType } from './query-prefix';

export interface JInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Query rule the value is wrapped for (default like). */
  type?: QueryPrefixType;
  trim?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Text input whose value carries a query prefix (like/ne/ge/le); the prefix is hidden while typing. */
export function JInput({ value = '', onChange, type = 'like', trim = false, placeholder, disabled }: JInputProps) {
  const shown = stripQueryPrefix(type, String(value ?? ''));
  const previousType = useRef(type);
  useEffect(() => {
    if (previousType.current !== type) {
      const text = stripQueryPrefix(previousType.current, String(value ?? ''));
      previousType.current = type;
      onChange?.(applyQueryPrefix(type, text));
    }
  }, [type, value, onChange]);
  return (
    <Input
      value={shown}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(event) => {
        const text = trim ? event.target.value.trim() : event.target.value;
        onChange?.(applyQueryPrefix(type, text));
      }}
    />
  );
}

export function JInputPretty({ value, type = 'like' }: { value?: string; type?: QueryPrefixType }) {
  return <span>{value ? stripQueryPrefix(type, String(value)) : ''}</span>;
}
