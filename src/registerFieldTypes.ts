import { prepareRenderer, registerBuiltinFields } from '@renderer/index';
import { registerWidgets } from '@widgets/index';
import { registerEditableGrid } from '@widgets/editable-grid/register';
import { registerSystemViews } from './views/system/parts';

let done = false;

/** Every field type the app offers (the renderer's built-ins, the widget library, the editable grid) and the system views. */
export function registerAppFieldTypes(): void {
  if (done) return;
  done = true;
  prepareRenderer();
  registerBuiltinFields();
  registerWidgets();
  registerEditableGrid();
  registerSystemViews();
}
