import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { isField } from '@formily/core';
import { connect, mapReadPretty, useField, useForm } from '@formily/react';
import type { CellProps, FieldParts } from '@renderer/registry';
import { EditableGrid } from './EditableGrid';
import type { EditableGridProps } from './props';
import type { EditableGridHandle, GridRow, GridValidationError } from './types';
import { attachFormGrid } from './validateGrids';

/** Edit face: the grid bound to a Formily array field value, registered so the form can validate it before save. */
export const EditableGridField = forwardRef<EditableGridHandle, EditableGridProps>(function EditableGridField(props, ref) {
  const form = useForm();
  const field = useField();
  const inner = useRef<EditableGridHandle>(null);
  useImperativeHandle(ref, () => inner.current as EditableGridHandle);
  const path = field ? String(field.path) : '';
  useEffect(() => {
    if (!form || !inner.current) return;
    return attachFormGrid(form, path, inner.current);
  }, [form, path]);
  // form.validate() (the master form's save) validates the rows too: the field fails with the first cell error
  useEffect(() => {
    if (!isField(field)) return;
    const text = (errors: GridValidationError[]) => (errors.length ? `第${errors[0].rowIndex + 1}行：${errors[0].message}` : '');
    field.setValidator(() => {
      const grid = inner.current;
      if (!grid) return '';
      // asynchronous handlers make the save wait for them
      return grid.validateAsync().then(text);
    });
  }, [field]);
  return <EditableGrid ref={inner} {...props} value={props.value ?? []} />;
});

/** Read-pretty face: the same grid, read-only, without a toolbar. */
export function EditableGridPretty(props: EditableGridProps) {
  return <EditableGrid {...props} value={props.value ?? []} toolbar={false} disabled dragSort={false} rowSelection={false} />;
}

export function rowCountText(value: unknown): string {
  return `${Array.isArray(value) ? value.length : 0} 条`;
}

/** Table cell face: the number of rows. */
export function EditableGridCell({ value }: CellProps) {
  return <span>{rowCountText(value)}</span>;
}

export const EditableGridParts: FieldParts = {
  component: connect(EditableGridField, mapReadPretty(EditableGridPretty)),
  readPretty: EditableGridPretty,
  cell: EditableGridCell,
};

export type { GridRow };
