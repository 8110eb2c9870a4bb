import { hasField, registerField, type FieldParts } from '@renderer/registry';
import { EDITABLE_GRID_TYPE } from '../field-type-names';

export { EDITABLE_GRID_TYPE };

/** Lazy loader of the three faces, for widgets/index.ts WIDGET_LOADERS. */
export const loadEditableGridParts = (): Promise<FieldParts> => import('./parts').then((m) => m.EditableGridParts);

/** Register the `EditableGrid` field type (lazy). Safe to call more than once. */
export function registerEditableGrid(): void {
  if (!hasField(EDITABLE_GRID_TYPE)) registerField(EDITABLE_GRID_TYPE, { load: loadEditableGridParts });
}
