import { describe, expect, it } from 'vitest';
import { DuplicateFieldTypeError, hasField, loadField, peekField, registerField } from '@renderer/registry';
import { BUILTIN_FIELD_TYPES, registerBuiltinFields } from '@renderer/fields';

describe('field registry', () => {
  it('throws on a duplicate registration unless override is set', () => {
    registerField('TestDup', { cell: () => null });
    expect(() => registerField('TestDup', { cell: () => null })).toThrow(DuplicateFieldTypeError);
    expect(() => registerField('TestDup', { cell: () => null, override: true })).not.toThrow();
  });

  it('loads lazy parts once and then serves them without waiting', async () => {
    let loads = 0;
    const Cell = () => null;
    registerField('TestLazy', { load: async () => (loads++, { cell: Cell }) });
    expect(peekField('TestLazy')).toBeUndefined();
    const [a, b] = await Promise.all([loadField('TestLazy'), loadField('TestLazy')]);
    expect(a.cell).toBe(Cell);
    expect(b.cell).toBe(Cell);
    expect(loads).toBe(1);
    expect(peekField('TestLazy')?.cell).toBe(Cell);
  });

  it('registers every built-in type lazily, each with edit, read-pretty and cell faces', async () => {
    registerBuiltinFields();
    registerBuiltinFields();
    for (const type of BUILTIN_FIELD_TYPES) {
      expect(hasField(type)).toBe(true);
      const parts = await loadField(type);
      expect(parts.component, type).toBeTruthy();
      expect(parts.readPretty, type).toBeTruthy();
    }
    for (const type of ['Input', 'Select', 'Radio', 'Checkbox', 'DatePicker', 'DateTimePicker', 'Switch', 'Password', 'Image', 'File']) {
      expect((await loadField(type)).cell, type).toBeTruthy();
    }
  });
});
