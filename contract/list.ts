/**
 * The list conventions of the API (docs/api.md, "List conventions"): what a list request carries besides its field
 * filters, and the page sizes. The renderer's list page builds its requests with them; the server's list query reads
 * them.
 */

export type SortOrder = 'asc' | 'desc';
export type SuperQueryMatchType = 'and' | 'or';

/** Everything of a list request but its field filters (numbers arrive as text in a query string). */
export interface ListControlParams {
  pageNo?: number | string;
  pageSize?: number | string;
  /** the property sorted by */
  column?: string;
  order?: SortOrder;
  /** the columns shown ("id,,name,…"), informational */
  field?: string;
  /** the advanced query: a JSON array of { field, rule, val, type }, URL-encoded */
  superQueryParams?: string;
  superQueryMatchType?: SuperQueryMatchType;
}

const CONTROL_PARAMS: Record<keyof ListControlParams, true> = {
  pageNo: true,
  pageSize: true,
  column: true,
  order: true,
  field: true,
  superQueryParams: true,
  superQueryMatchType: true,
};

/**
 * Parameters that are never a field filter: the control parameters, the JeecgBoot client's cache-buster `_t`, and
 * what pickers send (`selections`, `condition`, `paramsStr`).
 */
export const NOT_FILTER_PARAMS: ReadonlySet<string> = new Set([
  ...Object.keys(CONTROL_PARAMS),
  '_t',
  'selections',
  'condition',
  'paramsStr',
]);

/** Rows per page when a request names none, and the first page size of a list page. */
export const DEFAULT_PAGE_SIZE = 10;

/** The most rows one list page returns: a larger pageSize gets this many. */
export const MAX_PAGE_SIZE = 1000;

/** The page sizes a list page offers unless its schema names its own (the largest well under MAX_PAGE_SIZE). */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 30, 200];
