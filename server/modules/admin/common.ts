import { sql, type Expression, type SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../contract/list';
import { badRequest, businessError } from '../../core/envelope';
import { toJsonRow, type JsonValue } from '../../core/json';

/** Ids in this database: 19-digit snowflakes, 32-hex uuids and readable seed ids. Nothing else. */
export const ID_PATTERN = '^[A-Za-z0-9_\\-]{1,36}$';
const ID = new RegExp(ID_PATTERN);
const MAX_IDS = 1000;

export function requireId(value: unknown, label: string): string {
  const id = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!id) throw businessError(`${label}不能为空`);
  if (!ID.test(id)) throw badRequest(`${label}格式不正确`);
  return id;
}

/** "a,b,c," → ['a','b','c']; any id outside ID_PATTERN refuses the whole request (400). */
export function idList(value: unknown, label: string, options: { required?: boolean } = {}): string[] {
  const raw = Array.isArray(value) ? value.map(String).join(',') : typeof value === 'string' ? value : value == null ? '' : String(value);
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 && options.required !== false) throw businessError(`${label}不能为空`);
  if (ids.length > MAX_IDS) throw badRequest(`${label}数量不能超过${MAX_IDS}个`);
  for (const id of ids) if (!ID.test(id)) throw badRequest(`${label}格式不正确`);
  return ids;
}

export interface PageParams {
  pageNo: number;
  pageSize: number;
}

export function pageParams(query: { pageNo?: unknown; pageSize?: unknown }): PageParams {
  const pageNo = Number(query.pageNo ?? 1);
  const size = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  return {
    pageNo: Number.isInteger(pageNo) && pageNo > 0 ? pageNo : 1,
    pageSize: Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : size < 0 ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE,
  };
}

export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function pageResult<T>(records: T[], total: number, page: PageParams): PageResult<T> {
  return { records, total, size: page.pageSize, current: page.pageNo, pages: Math.ceil(total / page.pageSize) };
}

/** The page-query schema shared by the paged lists (numbers arrive as strings). */
export const PAGE_QUERY = {
  pageNo: { type: 'string', title: '页码', maxLength: 10, pattern: '^\\d*$' },
  pageSize: { type: 'string', title: '每页条数', maxLength: 10, pattern: '^-?\\d*$' },
  column: { type: 'string', title: '排序字段', maxLength: 200 },
  order: { type: 'string', title: '排序方式', maxLength: 10 },
  field: { type: 'string', title: '字段', maxLength: 2000 },
  _t: { type: 'string', title: '时间戳', maxLength: 20 },
} as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeContains(column: string, value: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(value)}%`}`;
}

export { escapeLike };

export function auditInsert(username: string): { create_by: string; create_time: Date; update_by: null; update_time: null } {
  return { create_by: username, create_time: new Date(), update_by: null, update_time: null };
}

export function auditUpdate(username: string): { update_by: string; update_time: Date } {
  return { update_by: username, update_time: new Date() };
}

export function jsonRows(rows: readonly object[], omit: readonly string[] = []): Array<Record<string, JsonValue>> {
  return rows.map((r) => toJsonRow(r, omit));
}

/** A trimmed string or null for absent/blank values. */
export function optionalText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

/** "yyyy-MM-dd" from a date or date-time string; null when blank; 400 when unreadable. */
export function optionalDay(value: unknown, label: string): string | null {
  const s = optionalText(value);
  if (!s) return null;
  const day = s.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw badRequest(`${label}格式不正确`);
  return day;
}

/** A timestamp from "yyyy-MM-dd[ HH:mm:ss]" read as GMT+8; null when blank. */
export function optionalTimestamp(value: unknown, label: string): Date | null {
  const s = optionalText(value);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(s);
  if (!m) throw badRequest(`${label}格式不正确`);
  const time = m[2] ? (m[2].length === 5 ? `${m[2]}:00` : m[2]) : '00:00:00';
  const d = new Date(`${m[1]}T${time}+08:00`);
  if (Number.isNaN(d.getTime())) throw badRequest(`${label}格式不正确`);
  return d;
}
