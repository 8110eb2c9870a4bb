import { formatDateTime } from './time';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A database row as contract JSON: camelCase keys, timestamps as "yyyy-MM-dd HH:mm:ss", null kept. */
export function toJsonRow(row: object, omit: readonly string[] = []): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    out[camelCase(key)] = value instanceof Date ? formatDateTime(value) : (value as JsonValue);
  }
  return out;
}
