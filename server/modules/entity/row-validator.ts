import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { EntityDefinition, EntityField } from './definitions';
import { DictionaryValues } from './dict-values';
import { convertValue, fitsDecimal, type SqlValue } from './field-values';
import { VALUE_CHECKS } from '../../../contract/id-numbers';

export type ColumnValues = Record<string, SqlValue | null>;

export interface RowCheck {
  /** column → value for the fields the row sets */
  values: ColumnValues;
  /** plain sentences naming the field; empty when the row is valid */
  errors: string[];
}

/** The column's min/max, pattern, allowed values and Y/N rules on a non-empty value. */
function valueRuleError(f: EntityField, value: SqlValue): string | null {
  const { min, max, pattern, patternMessage, allowedValues, yesNo, check } = f.rules;
  if (min !== undefined || max !== undefined) {
    const n = Number(value);
    if (min !== undefined && n < min) return `${f.label}不能小于${min}`;
    if (max !== undefined && n > max) return `${f.label}不能大于${max}`;
  }
  const text = String(value);
  if (yesNo && text !== 'Y' && text !== 'N') return `${f.label}只能是Y或N`;
  if (allowedValues && !allowedValues.includes(text)) return `${f.label}只能是${allowedValues.join('、')}`;
  if (pattern?.problem) return `${f.label}的校验规则无法使用：${pattern.problem}`;
  if (pattern && !pattern.test(text)) return patternMessage ?? `${f.label}格式不正确`;
  if (check) return VALUE_CHECKS[check](text, f.label);
  return null;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Checks rows of one entity against its definition: type, required, length, min/max, pattern,
 * allowed values, Y/N, dictionary membership (a dictionary without items refuses every value)
 * and uniqueness (in the table and among the rows checked by this validator).
 */
export class RowValidator {
  private readonly dicts: DictionaryValues;
  private readonly seenUnique = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly def: EntityDefinition,
  ) {
    this.dicts = new DictionaryValues(db, [...new Set(this.writable().flatMap((f) => (f.dictCode ? [f.dictCode] : [])))]);
  }

  private writable(): EntityField[] {
    return this.def.fields.filter((f) => !f.audit && !f.primaryKey);
  }

  /** value → item value for dictionary fields given by text (Excel import) or by value. */
  async dictValueOf(f: EntityField, given: string): Promise<string> {
    const code = f.dictCode;
    if (!code) return given;
    const parts = await Promise.all(given.split(',').map(async (part) => (await this.dicts.itemValue(code, part)) ?? part));
    return parts.join(',');
  }

  private async fieldErrors(f: EntityField, value: SqlValue | null): Promise<string | null> {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return f.required ? `${f.label}不能为空` : null;
    if (typeof value === 'string' && f.type === 'string' && f.length !== undefined && [...value].length > f.length) {
      return `${f.label}长度不能超过${f.length}个字符`;
    }
    if (typeof value === 'string' && f.type === 'decimal' && !fitsDecimal(value, f.precision, f.scale)) return `${f.label}超出范围`;
    const ruleError = valueRuleError(f, value);
    if (ruleError) return ruleError;
    const code = f.dictCode;
    if (code) {
      if (!(await this.dicts.hasItems(code))) return `${f.label}的字典${code}不存在或没有字典项`;
      for (const v of String(value).split(',')) if ((await this.dicts.itemValue(code, v)) !== v) return `${f.label}的值不在字典中`;
    }
    return null;
  }

  private async uniqueError(f: EntityField, value: SqlValue | null, id: string | null): Promise<string | null> {
    if (!f.unique || value === null || value === '') return null;
    const key = String(value instanceof Date ? value.getTime() : value);
    const seen = this.seenUnique.get(f.column) ?? new Set<string>();
    if (seen.has(key)) return `${f.label}已存在`;
    const res = await sql<{ one: number }>`select 1 as one from ${sql.table(this.def.table)} where ${sql.id(f.column)} = ${value}
      ${id ? sql`and ${sql.id(this.def.id.column)} <> ${id}` : sql``} limit 1`.execute(this.db);
    if (res.rows.length > 0) return `${f.label}已存在`;
    seen.add(key);
    this.seenUnique.set(f.column, seen);
    return null;
  }

  /**
   * Checks one input object. `add`: absent fields take their default; `edit` (with the row's id):
   * absent fields keep their stored value and are not checked.
   */
  async check(input: Record<string, unknown>, mode: 'add' | 'edit', id: string | null = null): Promise<RowCheck> {
    const values: ColumnValues = {};
    const errors: string[] = [];
    for (const f of this.writable()) {
      let raw: unknown;
      if (hasOwn(input, f.property)) raw = input[f.property];
      else if (mode === 'add') raw = f.default;
      else continue;
      let value: SqlValue | null = null;
      if (!isEmpty(raw) || (raw === '' && (f.type === 'string' || f.type === 'text'))) {
        const converted = typeof raw === 'string' && f.dictCode ? await this.dictValueOf(f, raw.trim()) : raw;
        const v = isEmpty(converted) ? null : convertValue(f.type, converted);
        if (v === undefined) {
          errors.push(`${f.label}格式不正确`);
          continue;
        }
        value = v;
      }
      const problem = (await this.fieldErrors(f, value)) ?? (await this.uniqueError(f, value, id));
      if (problem) errors.push(problem);
      else values[f.column] = value;
    }
    if (errors.length === 0) {
      const orderError = await this.orderError(values, id);
      if (orderError) errors.push(orderError);
    }
    return { values, errors };
  }

  /** The entity's `ordered` groups: each value not earlier (smaller) than the last non-empty one before it. */
  private async orderError(values: ColumnValues, id: string | null): Promise<string | null> {
    const groups = this.def.ordered ?? [];
    if (!groups.length) return null;
    const fieldOf = (property: string) => this.def.fields.find((f) => f.property === property)!;
    const missing = groups
      .flat()
      .map(fieldOf)
      .filter((f) => !hasOwn(values, f.column));
    let stored: Record<string, unknown> = {};
    if (missing.length && id) {
      const res = await sql<
        Record<string, unknown>
      >`select ${sql.join(missing.map((f) => sql.id(f.column)))} from ${sql.table(this.def.table)}
        where ${sql.id(this.def.id.column)} = ${id}`.execute(this.db);
      stored = res.rows[0] ?? {};
    }
    const valueOf = (f: EntityField): number | null => {
      const v = hasOwn(values, f.column) ? values[f.column] : stored[f.column];
      if (v === null || v === undefined || v === '') return null;
      const n =
        v instanceof Date ? v.getTime() : typeof v === 'string' && (f.type === 'date' || f.type === 'datetime') ? Date.parse(v) : Number(v);
      return Number.isNaN(n) ? null : n;
    };
    for (const group of groups) {
      let previous: { field: EntityField; value: number } | null = null;
      for (const field of group.map(fieldOf)) {
        const value = valueOf(field);
        if (value === null) continue;
        if (previous && value < previous.value) return `${field.label}不能早于${previous.field.label}`;
        previous = { field, value };
      }
    }
    return null;
  }
}
