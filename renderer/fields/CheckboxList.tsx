import type { CSSProperties, ReactNode } from 'react';
import { Checkbox } from 'antd';

/** The row layout of antd's Checkbox.Group. */
const ROW: CSSProperties = { display: 'inline-flex', flexWrap: 'wrap', columnGap: 8 };

export interface CheckboxListOption<V extends string | number> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface CheckboxListProps<V extends string | number> {
  value: readonly V[];
  options: readonly CheckboxListOption<V>[];
  onChange: (next: V[]) => void;
  disabled?: boolean;
  /** Each box on its own line (with this style) instead of in a row. */
  itemStyle?: CSSProperties;
}

/**
 * A group of checkboxes whose ticks follow `value` in the same render as the click. antd's Checkbox.Group copies a
 * controlled value into its own state in an effect, so a tick shows only after the next paint (100 ms and more on a
 * busy machine) and a quick second click can act on the old state.
 */
export function CheckboxList<V extends string | number>({ value, options, onChange, disabled, itemStyle }: CheckboxListProps<V>) {
  const toggle = (changed: V, on: boolean) =>
    onChange(options.filter((o) => (o.value === changed ? on : value.includes(o.value))).map((o) => o.value));
  const boxes = options.map((o) => (
    <Checkbox
      key={String(o.value)}
      checked={value.includes(o.value)}
      disabled={disabled || o.disabled}
      onChange={(e) => toggle(o.value, e.target.checked)}
    >
      {o.label}
    </Checkbox>
  ));
  if (itemStyle)
    return (
      <div role="group">
        {boxes.map((box) => (
          <div key={box.key} style={itemStyle}>
            {box}
          </div>
        ))}
      </div>
    );
  return (
    <div role="group" style={ROW}>
      {boxes}
    </div>
  );
}
