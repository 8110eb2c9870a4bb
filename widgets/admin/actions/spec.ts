import type { Row } from '@renderer/index';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** A call an action makes. Strings may hold `{field}` placeholders filled from the row (or `{selectedIds}` on the toolbar). */
export interface RequestSpec {
  method: HttpMethod;
  url: string;
  params?: Record<string, string>;
  body?: Record<string, string>;
}

/** One extra row action or toolbar button of an admin list, declared in the page schema. */
export interface AdminActionSpec {
  key: string;
  text: string;
  /** Permission code; the action is hidden when can(auth) is false. */
  auth?: string;
  /** Row only: show when record[field] is one of the values. */
  when?: { field: string; in: Array<string | number> };
  /** Ask first, with this title. */
  confirm?: string;
  /** Refuse locally with this message when the row's username is admin. */
  protectAdmin?: string;
  request?: RequestSpec;
  /** Name of an admin dialog (see dialogs/registry.ts) to open instead of a request. */
  dialog?: string;
  dialogProps?: Record<string, unknown>;
  /** Toolbar only: needs selected rows. */
  needsSelection?: boolean;
  danger?: boolean;
  primary?: boolean;
  /** Success message when the server sends none. */
  success?: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{field}` placeholders from the values; a missing value becomes an empty string. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

/** The same as fillTemplate for body and query values: no URL encoding. */
export function fillValue(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export function fillRecord(source: Record<string, string> | undefined, values: Record<string, unknown>): Record<string, string> | undefined {
  if (!source) return undefined;
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, fillValue(value, values)]));
}

/** Deep copy of a JSON value with `{field}` placeholders in every string filled (no encoding outside URLs). */
export function fillDeep<T>(value: T, values: Record<string, unknown>): T {
  if (typeof value === 'string') return fillValue(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillDeep(item, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, values)])) as T;
  }
  return value;
}

export function rowVisible(spec: AdminActionSpec, record: Row): boolean {
  if (!spec.when) return true;
  const value = record[spec.when.field];
  return spec.when.in.some((allowed) => String(allowed) === String(value));
}

export function isAdminRow(record: Row): boolean {
  return record.username === 'admin';
}
