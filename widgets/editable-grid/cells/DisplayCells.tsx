import { Progress, Tag } from 'antd';
import type { CellRenderProps } from './registry';
import { useGridContext } from '../parts/gridContext';

export function ProgressDisplay({ value }: CellRenderProps) {
  const n = Number(value);
  return <Progress percent={Number.isFinite(n) ? n : 0} size="small" />;
}

/** Tags separated by ';', coloured by the column's setTagColor (colour or [background, text]). */
export function TagsDisplay({ value, row, column }: CellRenderProps) {
  const tags = value == null ? [] : String(value).split(';').filter(Boolean);
  return (
    <span>
      {tags.map((tag, i) => {
        const colour = column.setTagColor?.({ tagValue: tag, value, row, column });
        const [bg, fg] = Array.isArray(colour) ? colour : [colour, undefined];
        return (
          <Tag key={`${tag}-${i}`} color={bg} style={fg ? { color: fg } : undefined}>
            {tag}
          </Tag>
        );
      })}
    </span>
  );
}

/** Slot-like custom cell: renders the grid's `slots[column.slotName]`. */
export function SlotCell({ value, row, rowIndex, column, onCommit }: CellRenderProps) {
  const { slots } = useGridContext();
  const render = column.slotName ? slots[column.slotName] : undefined;
  return <>{render ? render({ value, row, column, rowIndex, triggerChange: (v) => onCommit(v) }) : null}</>;
}
