import type { GridColumn, GridRow, GridValidationError, ValidationRule } from '../types';
import { findPreset, UNIQUE_PATTERNS } from './presets';
import { DEFAULT_HANDLER_MESSAGE, DEFAULT_PATTERN_MESSAGE, DEFAULT_UNIQUE_MESSAGE, interpolate } from './messages';

export function isEmptyValue(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/** A checker returns an error message or null. `rows` is passed for unique checks and handlers. */
type CellCheck = (value: unknown, row: GridRow, rows: readonly GridRow[], duplicates: Set<string> | null) => string | null;

export interface CompiledColumn {
  column: GridColumn;
  checks: CellCheck[];
  unique: boolean;
}

function toRegExp(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  const literal = /^\/(.*)\/([gimsuy]*)$/.exec(pattern);
  return literal ? new RegExp(literal[1], literal[2].replace('g', '')) : new RegExp(pattern);
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
    const re = preset ? preset.pattern : toRegExp(pattern);
    const m = msg(preset ? preset.title : DEFAULT_PATTERN_MESSAGE);
    if (!re) return { check: (v) => (isEmptyValue(v) ? m : null), unique: false };
    return { check: (v) => (isEmptyValue(v) || re.test(String(v)) ? null : m), unique: false };
  }
  if (rule.handler) {
    const handler = rule.handler;
    const fallback = msg(DEFAULT_HANDLER_MESSAGE);
    return {
      check: (value, row, rows) => {
        const result = handler({ value, row, column, rows });
        if (result === false) return fallback;
        if (typeof result === 'string') return interpolate(result, column);
        return null;
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

export function checkCell(
  compiled: CompiledColumn,
  row: GridRow,
  rows: readonly GridRow[],
  duplicates: Set<string> | null,
): string | null {
  const value = row[compiled.column.key];
  for (const check of compiled.checks) {
    const message = check(value, row, rows, duplicates);
    if (message) return message;
  }
  return null;
}

/** Validate every row; errors come in row order, then column order. */
export function validateRows(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  rowKey = 'id',
  editRules: Record<string, ValidationRule[]> = {},
): GridValidationError[] {
  const compiled = columns
    .map((c) => compileColumn(c, editRules[c.key]))
    .filter((c) => c.checks.length > 0);
  if (compiled.length === 0) return [];
  const duplicates = compiled.map((c) => (c.unique ? findDuplicates(rows, c.column.key) : null));
  const errors: GridValidationError[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < compiled.length; c++) {
      const message = checkCell(compiled[c], row, rows, duplicates[c]);
      if (message) errors.push({ rowId: String(row[rowKey]), rowIndex: r, columnKey: compiled[c].column.key, message });
    }
  }
  return errors;
}
