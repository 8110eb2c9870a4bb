import { prepareRenderer, registerBuiltinFields } from '@renderer/index';
import { registerWidgets } from '@widgets/index';
import { registerEditableGrid } from '@widgets/editable-grid/register';
import { registerAdminWidgets } from '@widgets/admin';

let done = false;

/** Every field type the app offers: the renderer's built-ins, the widget library and the editable grid. */
export function registerAppFieldTypes(): void {
  if (done) return;
  done = true;
  prepareRenderer();
  registerBuiltinFields();
  registerWidgets();
  registerEditableGrid();
  registerAdminWidgets();
}
