import { createRow, memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';

/**
 * A core row model whose Row objects are created on first access. TanStack's own core model builds
 * every Row (dozens of closures each) up front, about 200 ms for 10,000 rows; the grid only touches
 * the rows in view, so building them lazily keeps the first render within budget. Whole-table
 * operations (sorting, select all) still work: iterating the arrays creates the remaining rows.
 */
export function getLazyCoreRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) =>
    memo(
      () => [table.options.data],
      (data: TData[]) => {
        const cache: (Row<TData> | undefined)[] = new Array(data.length);
        let indexById: Map<string, number> | null = null;
        const rowAt = (i: number): Row<TData> | undefined => {
          if (i < 0 || i >= data.length) return undefined;
          let row = cache[i];
          if (!row) {
            row = createRow(table, table._getRowId(data[i], i), data[i], i, 0, undefined, undefined);
            cache[i] = row;
          }
          return row;
        };
        const indexOf = (id: string): number | undefined => {
          if (!indexById) {
            indexById = new Map();
            for (let i = 0; i < data.length; i++) indexById.set(table._getRowId(data[i], i), i);
          }
          return indexById.get(id);
        };
        const rows = new Proxy(new Array<Row<TData>>(data.length), {
          get(target, prop, receiver) {
            if (typeof prop === 'string') {
              const i = Number(prop);
              if (Number.isInteger(i) && String(i) === prop) return rowAt(i);
              if (prop === 'length') return data.length;
            }
            return Reflect.get(target, prop, receiver);
          },
          has(target, prop) {
            if (typeof prop === 'string') {
              const i = Number(prop);
              if (Number.isInteger(i) && String(i) === prop) return i >= 0 && i < data.length;
            }
            return Reflect.has(target, prop);
          },
        });
        const rowsById = new Proxy({} as Record<string, Row<TData>>, {
          get(_t, prop) {
            if (typeof prop !== 'string') return undefined;
            const i = indexOf(prop);
            return i === undefined ? undefined : rowAt(i);
          },
          has(_t, prop) {
            return typeof prop === 'string' && indexOf(prop) !== undefined;
          },
          ownKeys() {
            return data.map((d, i) => table._getRowId(d, i));
          },
          getOwnPropertyDescriptor(_t, prop) {
            if (typeof prop !== 'string' || indexOf(prop) === undefined) return undefined;
            return { enumerable: true, configurable: true, value: rowAt(indexOf(prop) as number) };
          },
        });
        return { rows, flatRows: rows, rowsById };
      },
      { key: 'getLazyCoreRowModel', debug: () => false, onChange: () => table._autoResetPageIndex() },
    );
}
