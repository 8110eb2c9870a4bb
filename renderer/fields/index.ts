import { hasField, registerField, type FieldParts } from '../registry';
import { BUILTIN_FIELD_TYPE_NAMES, type BuiltinFieldType } from './names';

type PartsModule = Record<string, FieldParts>;

/** Built-in types and the chunk each lives in; each chunk loads on first use. */
const BUILTINS: Record<BuiltinFieldType, () => Promise<PartsModule>> = {
  Input: () => import('./basic').then((m) => m.basicParts),
  TextArea: () => import('./basic').then((m) => m.basicParts),
  Password: () => import('./basic').then((m) => m.basicParts),
  NumberPicker: () => import('./basic').then((m) => m.basicParts),
  Switch: () => import('./basic').then((m) => m.basicParts),
  Select: () => import('./dict').then((m) => m.dictParts),
  Radio: () => import('./dict').then((m) => m.dictParts),
  Checkbox: () => import('./dict').then((m) => m.dictParts),
  DatePicker: () => import('./date').then((m) => m.dateParts),
  DateTimePicker: () => import('./date').then((m) => m.dateParts),
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
