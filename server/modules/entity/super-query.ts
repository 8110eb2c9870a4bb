import { sql, type SqlBool } from 'kysely';
import { businessError } from '../../core/envelope';
import { compare, ruleOperator, type Condition } from './list-conditions';
import type { ListField } from './list-query';

export const MAX_SUPER_QUERY_LENGTH = 20_000;
export const MAX_SUPER_QUERY_RULES = 50;

interface SuperRule {
  field?: unknown;
  rule?: unknown;
  val?: unknown;
}

function parseRules(raw: string): unknown {
  const attempts = [raw];
  try {
    attempts.push(decodeURIComponent(raw));
  } catch {
    // not URI-encoded: only the raw text is tried
  }
  for (const text of attempts) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // next form
    }
  }
  throw businessError('高级查询条件格式不正确');
}

function valueText(val: unknown): string | null {
  if (val === null || val === undefined) return null;
  if (Array.isArray(val))
    return val
      .map((v) => valueText(v) ?? '')
      .filter(Boolean)
      .join(',');
  if (typeof val === 'string' || typeof val === 'number' || typeof val === 'boolean') return String(val);
  throw businessError('高级查询条件格式不正确');
}

/**
 * `superQueryParams` (JSON array of {field, rule, val}, URL-encoded once more by the client) joined by
 * AND or, when matchType is "or", by OR. Fields must be known properties; every value is bound.
 */
export function superQueryCondition(raw: string, matchType: string | undefined, fields: ReadonlyMap<string, ListField>): Condition | null {
  if (raw.trim() === '') return null;
  if (raw.length > MAX_SUPER_QUERY_LENGTH) throw businessError('高级查询条件过长');
  const parsed = parseRules(raw);
  if (!Array.isArray(parsed)) throw businessError('高级查询条件格式不正确');
  if (parsed.length > MAX_SUPER_QUERY_RULES) throw businessError(`高级查询条件不能超过${MAX_SUPER_QUERY_RULES}个`);
  const conditions: Condition[] = [];
  for (const item of parsed as SuperRule[]) {
    if (item === null || typeof item !== 'object') throw businessError('高级查询条件格式不正确');
    const field = typeof item.field === 'string' ? item.field.trim() : '';
    const rule = typeof item.rule === 'string' ? item.rule.trim() : '';
    const val = valueText(item.val);
    if (!field || !rule || val === null || val === '') continue;
    const f = fields.get(field.replace(/_dictText$/, ''));
    if (!f) throw businessError(`高级查询的字段不存在：${field.slice(0, 64)}`);
    const op = ruleOperator(rule);
    if (!op) throw businessError(`高级查询的规则不正确：${rule.slice(0, 32)}`);
    conditions.push(compare(f, op, val));
  }
  if (conditions.length === 0) return null;
  const joiner = (matchType ?? '').trim().toLowerCase() === 'or' ? sql` or ` : sql` and `;
  return sql<SqlBool>`(${sql.join(conditions, joiner)})`;
}
