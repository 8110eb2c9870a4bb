import dayjs from 'dayjs';
import { Schema } from '@formily/react';
import { parseExpression, type Node } from './parse';
import { evaluate, isPlainData, type Scope } from './evaluate';

export { ExpressionAccessError } from './evaluate';
export { ExpressionSyntaxError } from './tokenize';

/** The names an expression can see. Everything else in Formily's scope is dropped. */
export const SCOPE_NAMES = [
  '$self',
  '$target',
  '$values',
  '$deps',
  '$dependencies',
  '$record',
  '$user',
  '$index',
  '$selection',
  '$query',
  'dayjs',
] as const;

const FIELD_VIEW_KEYS = [
  'value',
  'initialValue',
  'inputValue',
  'dataSource',
  'title',
  'visible',
  'hidden',
  'display',
  'pattern',
  'editable',
  'disabled',
  'readOnly',
  'readPretty',
  'required',
  'loading',
  'selfErrors',
] as const;

/**
 * A Formily field is a class instance; expressions see a null-prototype view of its data
 * properties, read lazily so Formily's reactions still track what the expression touches.
 */
function fieldView(field: object): Record<string, unknown> {
  const view = Object.create(null) as Record<string, unknown>;
  const source = field as Record<string, unknown>;
  for (const key of FIELD_VIEW_KEYS) {
    Object.defineProperty(view, key, { enumerable: true, get: () => toSafe(source[key]) });
  }
  Object.defineProperty(view, 'path', { enumerable: true, get: () => String(source.path ?? '') });
  return view;
}

function toSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (Array.isArray(value) || isPlainData(value) || dayjs.isDayjs(value)) return value;
  if ('value' in value && 'path' in value) return fieldView(value);
  return undefined;
}

export function buildSafeScope(scope: Record<string, unknown> | undefined): Scope {
  const safe: Scope = Object.create(null);
  for (const name of SCOPE_NAMES) safe[name] = undefined;
  safe.dayjs = dayjs;
  if (!scope) return safe;
  for (const name of SCOPE_NAMES) {
    if (name === 'dayjs' || !(name in scope)) continue;
    const value = scope[name];
    safe[name] = Array.isArray(value) ? value.map(toSafe) : toSafe(value);
  }
  return safe;
}

const parsed = new Map<string, Node>();

/** Evaluate one expression (the text inside `{{ }}`) against a whitelisted scope. */
export function evaluateExpression(expression: string, scope?: Record<string, unknown>): unknown {
  let tree = parsed.get(expression);
  if (!tree) {
    tree = parseExpression(expression);
    parsed.set(expression, tree);
  }
  return evaluate(tree, buildSafeScope(scope));
}

let installed = false;

/** Replace Formily's `new Function` compiler with the safe evaluator (idempotent). */
export function installSafeCompiler(): void {
  if (installed) return;
  installed = true;
  Schema.registerCompiler((expression: string, scope: Record<string, unknown>) => evaluateExpression(expression, scope));
}
