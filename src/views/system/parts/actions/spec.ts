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
  /** Row only: listed under the row's 更多 menu. */
  more?: boolean;
  /** Toolbar only: needs selected rows. */
  needsSelection?: boolean;
  /** Toolbar only: needs exactly one selected row. */
  needsOneRow?: boolean;
  danger?: boolean;
  primary?: boolean;
  /** Success message when the server sends none. */
  success?: string;
  /** Failure message shown instead of the server's. */
  failure?: string;
  /** Client follow-up after a successful request (see actions/effects.ts). */
  effect?: string;
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

const PARENT_PLACEHOLDER = /\{parent\.(\w+)\}/g;

/**
 * Deep copy of a sub-page schema with `{parent.field}` filled from the row that opened it.
 * Plain `{field}` placeholders stay for the sub-page's own row actions.
 */
export function fillParent<T>(value: T, parent: Record<string, unknown>): T {
  if (typeof value === 'string') {
    return value.replace(PARENT_PLACEHOLDER, (_, name: string) => {
      const field = parent[name];
      return field === undefined || field === null ? '' : String(field);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillParent(item, parent)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillParent(item, parent)])) as T;
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
