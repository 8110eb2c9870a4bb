import { Input } from 'antd';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { formatTagInput } from './tagInput';

export function TagsCell({ value, column, disabled, size, onChange, onCommit }: CellRenderProps) {
  return (
    <Input
      autoFocus
      size={controlSize(size)}
      disabled={disabled}
      value={value == null ? '' : String(value)}
      placeholder={column.placeholder ?? `请输入${column.title}`}
      onChange={(e) => onChange(formatTagInput(e.target.value))}
      onBlur={() => onCommit()}
      onPressEnter={() => onCommit()}
    />
  );
}
