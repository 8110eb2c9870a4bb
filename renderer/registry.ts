import type { ComponentType } from 'react';

/**
 * Props every table cell renderer receives. `value` is the raw field value,
 * `record` the whole row; `text` is the dictionary-translated text when the
 * list response carried a `<field>_dictText` companion.
 */
export interface CellProps<V = unknown, R = Record<string, unknown>> {
  value: V;
  record: R;
  text?: string;
  /** The column's `x-component-props` from the schema. */
  props?: Record<string, unknown>;
}

/** The three faces of one field type. Any may be absent; `component` is the edit face. */
export interface FieldParts {
  // Formily passes arbitrary schema props to field components; they are typed per widget.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component?: ComponentType<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readPretty?: ComponentType<any>;
  cell?: ComponentType<CellProps>;
}

export interface FieldRegistration extends FieldParts {
  /** Lazy parts: called once on first use; the result is merged over the eager parts. */
  load?: () => Promise<FieldParts>;
  /** Replace an existing registration instead of throwing. */
  override?: boolean;
}

const registry = new Map<string, FieldRegistration>();
const loaded = new Map<string, Promise<FieldParts>>();
const resolved = new Map<string, FieldParts>();

export class DuplicateFieldTypeError extends Error {
  constructor(type: string) {
    super(`field type "${type}" is already registered`);
    this.name = 'DuplicateFieldTypeError';
  }
}

/** Register one field type. One registration serves the form field, read-pretty and the table cell. */
export function registerField(type: string, registration: FieldRegistration): void {
  if (!type) throw new Error('field type name must not be empty');
  if (registry.has(type) && !registration.override) throw new DuplicateFieldTypeError(type);
  registry.set(type, registration);
  loaded.delete(type);
  resolved.delete(type);
}

export function hasField(type: string): boolean {
  return registry.has(type);
}

export function getFieldRegistration(type: string): FieldRegistration | undefined {
  return registry.get(type);
}

export function registeredFieldTypes(): string[] {
  return [...registry.keys()];
}

/** Resolve all parts of a type, running its lazy loader once. */
export function loadField(type: string): Promise<FieldParts> {
  const reg = registry.get(type);
  if (!reg) return Promise.reject(new Error(`unknown field type "${type}"`));
  if (!reg.load) return Promise.resolve(reg);
  let pending = loaded.get(type);
  if (!pending) {
    pending = reg.load().then((parts) => {
      const merged = { ...reg, ...parts };
      if (registry.get(type) === reg) resolved.set(type, merged);
      return merged;
    });
    loaded.set(type, pending);
  }
  return pending;
}

/** The parts of a type when available without waiting: eager registrations, or lazy ones already loaded. */
export function peekField(type: string): FieldParts | undefined {
  const reg = registry.get(type);
  if (!reg) return undefined;
  return reg.load ? resolved.get(type) : reg;
}

/** For tests: forget every registration. */
export function resetRegistryForTests(): void {
  registry.clear();
  loaded.clear();
  resolved.clear();
}
