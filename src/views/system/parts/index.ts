import { hasField, registerField, type FieldParts } from '@renderer/registry';

/**
 * Field types of the administration screens. Each loads its module on first use.
 * - AdminRowActions (cell): extra row actions of a list column, `props.actions`: AdminActionSpec[].
 * - AdminToolbar (void field in `query`): extra toolbar buttons, `x-component-props.buttons`: AdminActionSpec[].
 * - AdminRemoteSelect: select / tree select with options from an endpoint, comma-separated ids.
 * - IconPicker: menu icon name with a picking dialog; its cell shows the icon.
 * - AdminDateRange: `"[x_begin,x_end]"` query ranges.
 * - DepartManager / MyDepartManager: the department screens' tree + tabs layouts.
 * - AdminFixedText (cell): `props.text` in every row, e.g. `{parent.departName}` in a sub-page.
 */
export const ADMIN_WIDGET_LOADERS: Record<string, () => Promise<FieldParts>> = {
  AdminRowActions: () => import('./parts').then((m) => m.RowActionsParts),
  AdminToolbar: () => import('./parts').then((m) => m.ToolbarParts),
  AdminRemoteSelect: () => import('./parts').then((m) => m.RemoteSelectParts),
  IconPicker: () => import('./parts').then((m) => m.IconPickerParts),
  AdminDateRange: () => import('./parts').then((m) => m.DateRangeParts),
  AdminFixedText: () => import('./parts').then((m) => m.FixedTextParts),
  DepartManager: () => import('./depart/parts').then((m) => m.DepartManagerParts),
  MyDepartManager: () => import('./depart/parts').then((m) => m.MyDepartManagerParts),
};

export const ADMIN_WIDGET_TYPES: readonly string[] = Object.keys(ADMIN_WIDGET_LOADERS);

/** Register the administration field types. Safe to call more than once. */
export function registerAdminWidgets(): void {
  for (const [type, load] of Object.entries(ADMIN_WIDGET_LOADERS)) {
    if (!hasField(type)) registerField(type, { load });
  }
}

export type { AdminActionSpec, RequestSpec } from './actions/spec';
