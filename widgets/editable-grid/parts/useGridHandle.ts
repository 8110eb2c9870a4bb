import { useImperativeHandle, type Ref } from 'react';
import type { EditableGridHandle, GridRow } from '../types';
import type { GridController } from './useGridController';

const toArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The imperative handle a form reaches through the grid's ref. */
export function buildHandle(c: GridController): EditableGridHandle {
  const { store } = c;
  return {
    getValues: ({ validate = true, rowIds } = {}) => {
      const errors = validate ? store.validate(rowIds) : [];
      return { error: errors.length, errors, values: store.snapshot(rowIds) };
    },
    getValuesAsync: async ({ validate = true, rowIds } = {}) => {
      const errors = validate ? await store.validateAsync(rowIds) : [];
      return { error: errors.length, errors, values: store.snapshot(rowIds) };
    },
    getAll: () => ({ tableData: store.snapshot(), deleteData: store.deletedRows() }),
    getNewData: () => store.newRows(),
    getDeleteData: () => store.deletedRows(),
    setValues: (items) => c.setValues(items),
    addRows: (rows, options = {}) => {
      const list = toArray<GridRow>(rows);
      return c.addRows(list.length ? list : [{}], { index: options.index });
    },
    insertRows: (rows, index) => c.insertRows(toArray(rows), index),
    removeRows: (ids) => void c.removeRows(toArray(ids)),
    removeSelection: () => c.removeSelection(),
    clearSelection: () => c.setSelection({}),
    getSelection: () => Object.keys(c.selection).filter((id) => c.selection[id]),
    validate: () => store.validate(),
    validateAsync: () => store.validateAsync(),
    scrollToRow: (index) => c.scrollToIndex.current(index),
    highlight: (rowId, keys) => c.highlight(rowId, keys),
  };
}

export function useGridHandle(ref: Ref<EditableGridHandle> | undefined, c: GridController): void {
  useImperativeHandle(ref, () => buildHandle(c));
}
