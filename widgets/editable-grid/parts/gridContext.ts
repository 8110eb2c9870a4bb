import { createContext, useContext, type ReactNode } from 'react';
import { useRenderer, type RendererServices } from '@renderer/context';
import type { GridColumn, GridOption, GridRow, SlotContext } from '../types';
import { PickerLabels } from '../adapters/pickerLabels';

export interface GridContextValue {
  /** App services when the grid sits inside a RendererProvider; cells needing HTTP require it. */
  services: RendererServices | null;
  /** Options of a select-like column for one row (dictionary items merged, linkage resolved). */
  getOptions: (column: GridColumn, row: GridRow) => GridOption[] | undefined;
  slots: Record<string, (ctx: SlotContext) => ReactNode>;
  /** Write values into other columns of the row (popup returns several fields). */
  setRowValues: (rowId: string, values: GridRow) => void;
  /** Department and user names of stored picker values, looked up in batches for the whole grid. */
  pickerLabels: PickerLabels;
}

export const GridContext = createContext<GridContextValue>({
  services: null,
  getOptions: (c) => c.options,
  slots: {},
  setRowValues: () => {},
  pickerLabels: new PickerLabels(undefined),
});

export function useGridContext(): GridContextValue {
  return useContext(GridContext);
}

/** The renderer services, or null outside a RendererProvider (standalone grids without HTTP cells). */
export function useOptionalRenderer(): RendererServices | null {
  try {
    return useRenderer();
  } catch {
    return null;
  }
}

/** Services for cells that cannot work without HTTP. */
export function useGridServices(): RendererServices {
  const { services } = useGridContext();
  if (!services) throw new Error('this grid cell needs a <RendererProvider> (HTTP access)');
  return services;
}
