import { configureRenderer } from '@renderer/index';
import { registerWidgets } from '@widgets/index';
import { registerEditableGrid } from '@widgets/editable-grid/register';
import { appDataProvider } from './api/rendererServices';
import { registerSystemViews } from './views/system/parts';
import { registerEvaluationActions } from './xypj/createApplication';
import { registerEvaluationGridChecks } from './xypj/gridChecks';
import { registerXypjViews } from './views/xypj';

let done = false;

/**
 * Start-up wiring, once before the first render: the renderer (validators over the app's data
 * provider, built-in field types), the widget library, the editable grid, the system views and the credit-evaluation views.
 */
export function registerAppFieldTypes(): void {
  if (done) return;
  done = true;
  configureRenderer({ data: appDataProvider });
  registerWidgets();
  registerEditableGrid();
  registerSystemViews();
  registerEvaluationGridChecks();
  registerEvaluationActions();
  registerXypjViews();
}
