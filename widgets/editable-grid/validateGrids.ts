import type { EditableGridHandle, GridRow, GridValidationError } from './types';

export interface GridEntry {
  /** Field path or name of the sub-table (e.g. "jeecgOrderCustomerList"). */
  key: string;
  handle: EditableGridHandle | null | undefined;
  /** Tab holding the grid, activated when it fails first. */
  tab?: string;
}

export interface GridsValidation {
  ok: boolean;
  /** Every grid's rows (new rows without their temporary id), by key. */
  values: Record<string, GridRow[]>;
  /** The first grid (in the given order) that failed, with its errors. */
  firstFailed?: { key: string; tab?: string; errors: GridValidationError[] };
}

/**
 * Validate every grid of a master form before save, in order; the first failing one is reported
 * (and `activateTab` called with its tab) so the form can show it.
 */
export function validateGrids(grids: readonly GridEntry[], activateTab?: (tab: string, key: string) => void): GridsValidation {
  const values: Record<string, GridRow[]> = {};
  let firstFailed: GridsValidation['firstFailed'];
  for (const g of grids) {
    if (!g.handle) continue;
    const result = g.handle.getValues({ validate: true });
    values[g.key] = result.values;
    if (result.error && !firstFailed) firstFailed = { key: g.key, tab: g.tab, errors: result.errors };
  }
  if (firstFailed?.tab && activateTab) activateTab(firstFailed.tab, firstFailed.key);
  return { ok: !firstFailed, values, firstFailed };
}

/** `validateGrids` waiting for asynchronous validation handlers. */
export async function validateGridsAsync(
  grids: readonly GridEntry[],
  activateTab?: (tab: string, key: string) => void,
): Promise<GridsValidation> {
  const values: Record<string, GridRow[]> = {};
  let firstFailed: GridsValidation['firstFailed'];
  for (const g of grids) {
    if (!g.handle) continue;
    const result = await g.handle.getValuesAsync({ validate: true });
    values[g.key] = result.values;
    if (result.error && !firstFailed) firstFailed = { key: g.key, tab: g.tab, errors: result.errors };
  }
  if (firstFailed?.tab && activateTab) activateTab(firstFailed.tab, firstFailed.key);
  return { ok: !firstFailed, values, firstFailed };
}

/** Grids mounted as Formily fields, per form, in mount order. */
const formGrids = new WeakMap<object, Map<string, EditableGridHandle>>();

export function attachFormGrid(form: object, path: string, handle: EditableGridHandle): () => void {
  const map = formGrids.get(form) ?? new Map<string, EditableGridHandle>();
  formGrids.set(form, map);
  map.set(path, handle);
  return () => {
    if (map.get(path) === handle) map.delete(path);
  };
}

/** Validate every EditableGrid field of a Formily form; `tabOf` maps a field path to its tab. */
export function validateFormGrids(
  form: object,
  tabOf?: (path: string) => string | undefined,
  activateTab?: (tab: string, key: string) => void,
): GridsValidation {
  const map = formGrids.get(form);
  const entries = map ? [...map].map(([key, handle]) => ({ key, handle, tab: tabOf?.(key) })) : [];
  return validateGrids(entries, activateTab);
}
