import type { CellRenderProps } from './registry';
import { optionsText } from './text';
import { useGridContext } from '../parts/gridContext';

/** Read-only face of select-like cells: option labels of the stored value(s). */
export function SelectDisplay({ value, row, column }: CellRenderProps) {
  const { getOptions } = useGridContext();
  return <>{optionsText(value, getOptions(column, row))}</>;
}
