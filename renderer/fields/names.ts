/** The renderer's built-in field types, without their modules (the schema validator reads this list in Node). */
export const BUILTIN_FIELD_TYPE_NAMES = [
  'Input',
  'TextArea',
  'Password',
  'NumberPicker',
  'Switch',
  'Select',
  'Radio',
  'Checkbox',
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
  'Image',
  'File',
  'SearchInput',
] as const;

export type BuiltinFieldType = (typeof BUILTIN_FIELD_TYPE_NAMES)[number];
