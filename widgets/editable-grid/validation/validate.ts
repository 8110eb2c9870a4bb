import type { GridColumn, GridRow, GridValidationError, ValidationHandlerResult, ValidationRule } from '../types';
import { findPreset, UNIQUE_PATTERNS } from './presets';
import { DEFAULT_HANDLER_MESSAGE, DEFAULT_PATTERN_MESSAGE, DEFAULT_UNIQUE_MESSAGE, UNKNOWN_HANDLER_MESSAGE, interpolate } from './messages';
import { getValidationHandler } from './handlers';
import { checkUserPattern } from '@renderer/validators/user-pattern';

export type CheckResult = string | null;
export type MaybePromise<T> = T | Promise<T>;

const isPromise = <T>(x: unknown): x is Promise<T> => !!x && typeof (x as Promise<T>).then === 'function';

export function isEmptyValue(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/**
 * A checker returns an error message or null (a Promise only when a custom handler answered with one).
 * `rows` is passed for unique checks and handlers.
 */
type CellCheck = (value: unknown, row: GridRow, rows: readonly GridRow[], duplicates: Set<string> | null) => MaybePromise<CheckResult>;

export interface CompiledColumn {
  column: GridColumn;
  checks: CellCheck[];
  unique: boolean;
}

/** A RegExp comes from the product's code; a string was written by a user and runs in linear time. */
function patternCheck(pattern: string | RegExp, message: string): (text: string) => string | null {
  if (pattern instanceof RegExp) return (text) => (pattern.test(text) ? null : message);
  return (text) => checkUserPattern(pattern, text, message) || null;
}

function compileRule(rule: ValidationRule, column: GridColumn): { check: CellCheck; unique: boolean } {
  const msg = (fallback: string) => interpolate(rule.message ?? fallback, column);
  const pattern = rule.pattern;
  const requiredFallback = column.type === 'file' || column.type === 'image' ? '附件未上传' : '非空';
  if (rule.required || pattern === '*') {
    const m = msg(requiredFallback);
    return { check: (v) => (isEmptyValue(v) ? m : null), unique: false };
  }
  if (rule.unique || (typeof pattern === 'string' && UNIQUE_PATTERNS.has(pattern))) {
    const m = msg(DEFAULT_UNIQUE_MESSAGE);
    return {
      check: (v, _row, _rows, duplicates) => (!isEmptyValue(v) && duplicates?.has(String(v)) ? m : null),
      unique: true,
    };
  }
  if (pattern != null) {
    const preset = typeof pattern === 'string' ? findPreset(pattern) : undefined;
    const m = msg(preset ? preset.title : DEFAULT_PATTERN_MESSAGE);
    if (preset && !preset.pattern) return { check: (v) => (isEmptyValue(v) ? m : null), unique: false };
    const failed = patternCheck(preset?.pattern ?? pattern, m);
    return { check: (v) => (isEmptyValue(v) ? null : failed(String(v))), unique: false };
  }
  if (rule.handler) {
    const named = typeof rule.handler === 'string' ? rule.handler : null;
    const handler = named ? getValidationHandler(named) : rule.handler;
    if (typeof handler !== 'function') {
      const m = interpolate(UNKNOWN_HANDLER_MESSAGE.replace('${name}', named ?? ''), column);
      return { check: () => m, unique: false };
    }
    const fallback = msg(DEFAULT_HANDLER_MESSAGE);
    const toMessage = (result: ValidationHandlerResult): CheckResult => {
      if (result === false) return fallback;
      if (typeof result === 'string') return interpolate(result, column);
      return null;
    };
    return {
      check: (value, row, rows) => {
        let result: ReturnType<typeof handler>;
        try {
          result = handler({ value, row, column, rows });
        } catch {
          return fallback;
        }
        return isPromise<ValidationHandlerResult>(result) ? result.then(toMessage, () => fallback) : toMessage(result);
      },
      unique: false,
    };
  }
  return { check: () => null, unique: false };
}

export function compileColumn(column: GridColumn, extraRules: ValidationRule[] = []): CompiledColumn {
  const rules = [...(column.validateRules ?? []), ...extraRules];
  const compiled = rules.map((r) => compileRule(r, column));
  return { column, checks: compiled.map((c) => c.check), unique: compiled.some((c) => c.unique) };
}

/** Values held by two or more rows in one column. */
export function findDuplicates(rows: readonly GridRow[], key: string): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i][key];
    if (isEmptyValue(v)) continue;
    const s = String(v);
    if (seen.has(s)) dup.add(s);
    else seen.add(s);
  }
  return dup;
}

/** The first failing check's message; a Promise only when a handler returned one (the sync path stays sync). */
export function checkCell(
  compiled: CompiledColumn,
  row: GridRow,
  rows: readonly GridRow[],
  duplicates: Set<string> | null,
): MaybePromise<CheckResult> {
  return runChecks(compiled.checks, 0, compiled.column.key, row, rows, duplicates);
}

function runChecks(
  checks: readonly CellCheck[],
  from: number,
  key: string,
  row: GridRow,
  rows: readonly GridRow[],
  duplicates: Set<string> | null,
): MaybePromise<CheckResult> {
  const value = row[key];
  for (let i = from; i < checks.length; i++) {
    const result = checks[i](value, row, rows, duplicates);
    if (isPromise<CheckResult>(result)) {
      return result.then((message) => message ?? runChecks(checks, i + 1, key, row, rows, duplicates));
    }
    if (result) return result;
  }
  return null;
}

export interface RowsValidation {
  /** Errors known at once, in row then column order. */
  errors: GridValidationError[];
  /** Every error (sync and async, same order) once the handlers that answered with a Promise settle; null if none did. */
  pending: Promise<GridValidationError[]> | null;
}

/** Validate every row, without waiting: see `RowsValidation`. */
export function validateRowsDeferred(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  rowKey = 'id',
  editRules: Record<string, ValidationRule[]> = {},
): RowsValidation {
  const compiled = columns.map((c) => compileColumn(c, editRules[c.key])).filter((c) => c.checks.length > 0);
  if (compiled.length === 0) return { errors: [], pending: null };
  const duplicates = compiled.map((c) => (c.unique ? findDuplicates(rows, c.column.key) : null));
  const errors: GridValidationError[] = [];
  let waiting: Promise<void>[] | null = null;
  const late: { order: number; error: GridValidationError }[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < compiled.length; c++) {
      const message = checkCell(compiled[c], row, rows, duplicates[c]);
      if (!message) continue;
      const error = (m: string): GridValidationError => ({
        rowId: String(row[rowKey]),
        rowIndex: r,
        columnKey: compiled[c].column.key,
        message: m,
      });
      if (typeof message === 'string') {
        errors.push(error(message));
        continue;
      }
      const order = r * compiled.length + c;
      (waiting ??= []).push(message.then((m) => void (m && late.push({ order, error: error(m) }))));
    }
  }
  if (!waiting) return { errors, pending: null };
  const syncErrors = errors;
  const pending = Promise.all(waiting).then(() => {
    const all = [
      ...syncErrors.map((error) => ({
        order: error.rowIndex * compiled.length + compiled.findIndex((x) => x.column.key === error.columnKey),
        error,
      })),
      ...late,
    ];
    return all.sort((a, b) => a.order - b.order).map((x) => x.error);
  });
  return { errors, pending };
}

/** Validate every row; errors come in row order, then column order. Handlers answering later are not awaited. */
export function validateRows(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  rowKey = 'id',
  editRules: Record<string, ValidationRule[]> = {},
): GridValidationError[] {
  return validateRowsDeferred(rows, columns, rowKey, editRules).errors;
}

/** Validate every row, waiting for handlers that answer with a Promise. */
export async function validateRowsAsync(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  rowKey = 'id',
  editRules: Record<string, ValidationRule[]> = {},
): Promise<GridValidationError[]> {
  const result = validateRowsDeferred(rows, columns, rowKey, editRules);
  return result.pending ? result.pending : result.errors;
}
