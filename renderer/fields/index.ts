import { hasField, registerField, type FieldParts } from '../registry';
import { basicParts } from './basic';
import { dictParts } from './dict';
import { BUILTIN_FIELD_TYPE_NAMES, type BuiltinFieldType } from './names';

type PartsModule = Record<string, FieldParts>;

const basic = () => Promise.resolve(basicParts);
const dict = () => Promise.resolve(dictParts);

/**
 * Built-in types and where each lives. The text, number and dictionary fields nearly every query bar and form has
 * come with the renderer, so a page does not wait for a second round of downloads; the rest load on first use.
 */
const BUILTINS: Record<BuiltinFieldType, () => Promise<PartsModule>> = {
  Input: basic,
  TextArea: basic,
  Password: basic,
  NumberPicker: basic,
  Switch: basic,
  Select: dict,
  Radio: dict,
  Checkbox: dict,
  DatePicker: () => import('./date').then((m) => m.dateParts),
  DateTimePicker: () => import('./date').then((m) => m.dateParts),
  TimePicker: () => import('./date').then((m) => m.dateParts),
  Image: () => import('./media').then((m) => m.mediaParts),
  File: () => import('./media').then((m) => m.mediaParts),
  SearchInput: () => import('./search').then((m) => m.searchParts),
};

export const BUILTIN_FIELD_TYPES: readonly string[] = BUILTIN_FIELD_TYPE_NAMES;

/** Registers the built-in field types that are not registered yet (widgets may pre-empt them). */
export function registerBuiltinFields(): void {
  for (const type of BUILTIN_FIELD_TYPE_NAMES) {
    if (hasField(type)) continue;
    registerField(type, { load: () => BUILTINS[type]().then((parts) => parts[type]) });
  }
}
