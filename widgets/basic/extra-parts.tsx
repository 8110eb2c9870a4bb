import { Tag } from 'antd';
import type { CellProps, FieldParts } from '@renderer/registry';
import { RemoteSelect, type RemoteSelectProps } from '../pickers/RemoteSelect';
import { DateRange } from './DateRange';
import { IconCell, IconPicker } from './IconPicker';

function RemoteSelectPretty(props: RemoteSelectProps) {
  return <RemoteSelect {...props} disabled />;
}

export const RemoteSelectParts: FieldParts = { component: RemoteSelect, readPretty: RemoteSelectPretty };
export const IconPickerParts: FieldParts = { component: IconPicker, readPretty: IconCell, cell: IconCell };
export const DateRangeParts: FieldParts = { component: DateRange, readPretty: DateRange };

/** A cell showing `props.text` whatever the row (the department of a one-department list). */
function FixedTextCell({ props }: CellProps) {
  return <span>{String(props?.text ?? '')}</span>;
}

export const FixedTextParts: FieldParts = { cell: FixedTextCell };

interface TagStyle {
  text?: string;
  color?: string;
}

/** A coloured tag for the row's value (`props.tags[value]`); a value without an entry shows its dictionary text. */
function StatusTagCell({ value, text, props }: CellProps) {
  const tags = (props?.tags ?? {}) as Record<string, TagStyle>;
  const style = value === null || value === undefined ? undefined : tags[String(value)];
  const label = style?.text ?? text ?? (value === null || value === undefined ? '' : String(value));
  return label ? <Tag color={style?.color}>{label}</Tag> : null;
}

export const StatusTagParts: FieldParts = { cell: StatusTagCell };
