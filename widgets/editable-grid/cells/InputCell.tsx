import { Input } from 'antd';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';

export function InputCell({ value, column, disabled, size, onChange, onCommit }: CellRenderProps) {
  return (
    <Input
      autoFocus
      size={controlSize(size)}
      value={value == null ? '' : String(value)}
      placeholder={column.placeholder ?? `请输入${column.title}`}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onCommit()}
      onPressEnter={() => onCommit()}
      {...column.props}
    />
  );
}
