/** List request parameters (docs/api.md, "List conventions"; names and types in contract/list.ts). */
import type { ListControlParams, SortOrder, SuperQueryMatchType } from '@contract/list';

export interface SortState {
  column?: string;
  order?: SortOrder;
}

export interface ListParamsInput {
  query: Record<string, unknown>;
  sort: SortState;
  pageNo: number;
  pageSize: number;
  /** Column data indexes, for the informational `field` parameter. */
  fields: string[];
  superQuery?: { params: string; matchType: SuperQueryMatchType };
  extra?: Record<string, unknown>;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Formats query values for the wire: arrays become comma lists, dayjs-likes their formatted text. */
function wireValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.join(',');
  return value;
}

export function buildListParams(input: ListParamsInput): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...input.query, ...input.extra })) {
    if (!isBlank(value)) filters[key] = wireValue(value);
  }
  const control: ListControlParams = {};
  if (input.superQuery) {
    control.superQueryParams = input.superQuery.params;
    control.superQueryMatchType = input.superQuery.matchType;
  }
  if (input.sort.column && input.sort.order) {
    control.column = input.sort.column;
    control.order = input.sort.order;
  }
  control.field = ['id', '', ...input.fields].join(',');
  control.pageNo = input.pageNo;
  control.pageSize = input.pageSize;
  return { ...filters, ...control };
}

/** Page to show after removing `removed` rows, stepping back when the current page would be empty. */
export function pageAfterRemoval(total: number, pageSize: number, current: number, removed: number): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / pageSize));
  return Math.min(current, lastPage);
}

/** "x-y 共 n 条" */
export function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共 ${total} 条`;
}

/** Sorter parameters for pickers are strings like "createTime=desc". */
export function isValidSorter(sorter: string): boolean {
  return /^[A-Za-z_][\w.]*=(asc|desc)$/.test(sorter);
}

const EXTENSION = /\.[A-Za-z0-9]{1,5}$/;

/**
 * The page's configured name when set (keeping the server file's extension, so an .xlsx stays
 * .xlsx; .xls by default), else the server's Content-Disposition name, else 导出文件.xls.
 */
export function exportFileName(serverName: string | undefined, configured: string | undefined): string {
  if (configured) {
    if (EXTENSION.test(configured)) return configured;
    return `${configured}${EXTENSION.exec(serverName ?? '')?.[0] ?? '.xls'}`;
  }
  return serverName || '导出文件.xls';
}
