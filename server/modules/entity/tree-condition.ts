import { businessError } from '../../core/envelope';
import { compare, type Condition } from './list-conditions';
import type { ListField } from './list-query';

export const CONDITION_FORMAT_MESSAGE = 'condition参数格式不正确，需要一个字段到值的JSON对象';
export const MAX_CONDITION_FIELDS = 10;
const MAX_CONDITION_LENGTH = 2000;

/**
 * The optional `condition` of tree tables (JTreeTable): a JSON object of property → value, each an
 * equality on one of the source's own fields with a bound value. Any other shape, an unknown field
 * or a non-scalar value is refused with a plain message.
 */
export function treeConditions(raw: string, fields: ReadonlyMap<string, ListField>): Condition[] {
  if (raw.trim() === '') return [];
  if (raw.length > MAX_CONDITION_LENGTH) throw businessError(CONDITION_FORMAT_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw businessError(CONDITION_FORMAT_MESSAGE);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw businessError(CONDITION_FORMAT_MESSAGE);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_CONDITION_FIELDS) throw businessError(`condition最多${MAX_CONDITION_FIELDS}个字段`);
  return entries.map(([property, value]) => {
    const field = fields.get(property);
    if (!field) throw businessError(`condition中的字段不存在：${property.slice(0, 64)}`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw businessError(`condition中字段${property}的值必须是文本、数字或布尔值`);
    }
    return compare(field, '=', String(value));
  });
}
