import { Checkbox, Radio } from 'antd';
import type { CellRenderProps } from './registry';
import { optionLabel } from './text';
import { useGridContext } from '../parts/gridContext';

/** Always-visible checkbox; `customValue` = [checked, unchecked] (default true/false). */
export function CheckboxCell({ value, column, disabled, onCommit }: CellRenderProps) {
  const [on, off] = column.customValue ?? [true, false];
  return (
    <Checkbox
      aria-label={column.title}
      checked={value === on || (on !== true && String(value) === String(on))}
      disabled={disabled}
      onChange={(e) => onCommit(e.target.checked ? on : off)}
      {...column.props}
    />
  );
}

/** Always-visible radio group; with allowClear a click on the checked option clears it. */
export function RadioCell({ value, row, column, disabled, onCommit }: CellRenderProps) {
  const { getOptions } = useGridContext();
  const current = value == null ? '' : String(value);
  return (
    <Radio.Group value={current} disabled={disabled}>
      {(getOptions(column, row) ?? []).map((o) => (
        <Radio
          key={String(o.value)}
          value={String(o.value)}
          disabled={o.disabled}
          onClick={() => {
            if (column.allowClear && current === String(o.value)) onCommit('');
            else onCommit(o.value);
          }}
        >
          {optionLabel(o)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
