import type { CellProps, FieldParts } from '@renderer/registry';
import { AdminRowActions } from './actions/RowActions';
import { AdminToolbar } from './actions/ToolbarButtons';
import { RemoteSelect, type RemoteSelectProps } from './fields/RemoteSelect';
import { DateRange } from './fields/DateRange';
import { IconCell, IconPicker } from './fields/IconPicker';

export const RowActionsParts: FieldParts = { cell: AdminRowActions };
export const ToolbarParts: FieldParts = { component: AdminToolbar, readPretty: AdminToolbar };
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
