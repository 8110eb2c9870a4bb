/**
 * The component names a page schema may use, as the app registers them at run time
 * (src/registerFieldTypes.ts), read from the plain name lists the registrations are typed by, so
 * the schema validator runs in Node without loading React components.
 */
import { BUILTIN_FIELD_TYPE_NAMES } from '../renderer/fields/names';
import { LAYOUT_COMPONENTS } from '../renderer/form/schemaTools';
import { ADMIN_FIELD_TYPE_NAMES, EDITABLE_GRID_TYPE, WIDGET_TYPE_NAMES } from '../widgets/field-type-names';
import { SYSTEM_VIEW_NAMES } from '../src/views/system/parts/view-names';
import { XYPJ_VIEW_NAMES } from '../src/views/xypj/view-names';

/** Field types: the renderer's built-ins, the widget library's types and the editable grid. */
export const REGISTERED_FIELD_TYPES: readonly string[] = [
  ...BUILTIN_FIELD_TYPE_NAMES,
  ...WIDGET_TYPE_NAMES,
  ...ADMIN_FIELD_TYPE_NAMES,
  EDITABLE_GRID_TYPE,
];

/** What `x-component` / `x-decorator` may name in a form: the field types and the form's layout components. */
export const FORM_COMPONENTS: ReadonlySet<string> = new Set([...REGISTERED_FIELD_TYPES, ...LAYOUT_COMPONENTS]);

/** What a column's, sub-table's or advanced-query field's `component` may name. */
export const FIELD_TYPES: ReadonlySet<string> = new Set(REGISTERED_FIELD_TYPES);

/** What a view page's or dialog action's `view` may name. */
export const VIEW_NAMES: ReadonlySet<string> = new Set([...SYSTEM_VIEW_NAMES, ...XYPJ_VIEW_NAMES]);
