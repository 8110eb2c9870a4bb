import { Input } from 'antd';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { isAcceptableNumberInput, parseNumberInput } from './numberInput';

export function InputNumberCell({ value, column, disabled, size, onChange, onCommit }: CellRenderProps) {
  return (
    <Input
      autoFocus
      inputMode="decimal"
      size={controlSize(size)}
      value={value == null ? '' : String(value)}
      placeholder={column.placeholder ?? `请输入${column.title}`}
      disabled={disabled}
      onChange={(e) => {
        if (isAcceptableNumberInput(e.target.value)) onChange(e.target.value);
      }}
      onBlur={() => onCommit(parseNumberInput(value))}
      onPressEnter={() => onCommit(parseNumberInput(value))}
      {...column.props}
    />
  );
}
