import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRenderer } from '../context';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@contract/list';
import type { ListPage } from '@contract/schema-types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import type { SaveFile } from '../data/download';
import { buildListParams, pageAfterRemoval, type SortState } from './params';
import { toSuperQueryParams, type FilterTree } from '../superQuery/model';
import { pageOf } from '../data/provider';
import { useListReloadSignal } from './reloadSignal';
import { usePagedList, type PagedQuery } from './usePagedList';
import { treeRootParams, treeRowsOf, UNREADABLE_TREE_DATA } from './useTreeRows';
import { useListExport, useListRemoval } from './listCommands';

export type Row = Record<string, unknown>;

export interface ListPageOptions {
  notifier?: Notifier;
  /** Fixed parameters merged into every list request (e.g. the left tree's selection). */
  extraParams?: Record<string, unknown>;
  /** Save a downloaded blob; defaults to an <a download> click. */
  saveFile?: SaveFile;
  /** Navigate to the browser's address for the export instead of fetching a blob (see exportMode). */
  navigate?: (url: string) => void;
}

/** Page sizes: 10/20/30, list pages also 200. */
export const DEFAULT_PAGE_SIZE_OPTIONS = PAGE_SIZE_OPTIONS;

/** The first search: the query fields that state a `default` (the query form shows the same values). */
export function queryDefaults(query: ListPage['query']): Record<string, unknown> {
  const entries = Object.entries(query?.properties ?? {}).filter(([, field]) => field.default !== undefined && field.default !== null);
  return Object.fromEntries(entries.map(([key, field]) => [key, field.default]));
}

/** What a list page searches by: the query form's values, the sort and the advanced query. */
interface ListQuery {
  values: Record<string, unknown>;
  sort: SortState;
  superQuery?: FilterTree;
}

const defaultSort = (schema: ListPage): SortState => schema.defaultSort ?? { column: 'createTime', order: 'desc' };

/** The list request's parameters for a query and page, built the same way for the rows and the export. */
function useParamsOf(schema: ListPage, extraParams: ListPageOptions['extraParams']) {
  const fields = useMemo(() => schema.columns.map((c) => c.dataIndex), [schema.columns]);
  const extraKey = JSON.stringify(extraParams ?? {});
  return useCallback(
    ({ query, pageNo, pageSize }: PagedQuery<ListQuery>) => {
      const superQuery = query.superQuery ? toSuperQueryParams(query.superQuery) : undefined;
      return buildListParams({
        query: query.values,
        sort: query.sort,
        pageNo,
        pageSize,
        fields,
        extra: JSON.parse(extraKey) as Record<string, unknown>,
        superQuery: superQuery ? { params: superQuery.superQueryParams, matchType: superQuery.superQueryMatchType } : undefined,
      });
    },
    [fields, extraKey],
  );
}

/** The page's rows through the data provider; a tree table's roots carry the parent key and must read as a tree. */
function useListRows(schema: ListPage, options: ListPageOptions, notify: Notifier) {
  const { data } = useRenderer();
  const paramsOf = useParamsOf(schema, options.extraParams);
  const listUrl = schema.url.list;
  const tree = schema.variant === 'treeTable';
  const rootKey = JSON.stringify(treeRootParams(schema));
  useEffect(() => {
    if (!listUrl) notify.error('请设置url.list属性!');
    // notify is stable for a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listUrl]);
  const load = useMemo(() => {
    if (!listUrl) return undefined;
    return async (state: PagedQuery<ListQuery>) => {
      // Tree roots carry the parent key (not the export, which covers the whole filtered tree).
      const params = { ...(JSON.parse(rootKey) as Row), ...paramsOf(state) };
      if (!tree) return data.getList<Row>(listUrl, params);
      const result = await data.getOne<unknown>(listUrl, params);
      if (treeRowsOf(result)) return pageOf<Row>(result);
      notify.error(UNREADABLE_TREE_DATA);
      return undefined;
    };
    // notify is stable for a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, listUrl, tree, rootKey, paramsOf]);
  const list = usePagedList<ListQuery, Row>({
    initialQuery: () => ({ values: queryDefaults(schema.query), sort: defaultSort(schema) }),
    pageSize: schema.pageSize ?? DEFAULT_PAGE_SIZE,
    load,
    notify,
  });
  const { query, pageNo, pageSize } = list;
  const params = useMemo(() => paramsOf({ query, pageNo, pageSize }), [paramsOf, query, pageNo, pageSize]);
  return { list, params };
}

function useSelection() {
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const clearSelection = useCallback(() => {
    setSelectedRowKeys([]);
    setSelectedRows([]);
  }, []);
  const select = useCallback((keys: string[], picked: Row[]) => {
    setSelectedRowKeys(keys);
    setSelectedRows(picked);
  }, []);
  return { selectedRowKeys, selectedRows, setSelectedRowKeys, clearSelection, select };
}

/** Headless list controller: query, paging, sorting, selection, delete, export. */
export function useListPage(schema: ListPage, options: ListPageOptions = {}) {
  const services = useRenderer();
  const notify = options.notifier ?? services.notify ?? defaultNotifier;
  const rowKey = schema.rowKey ?? 'id';
  const { list, params } = useListRows(schema, options, notify);
  const selection = useSelection();
  const { clearSelection } = selection;
  /** Bumped by 重置: the advanced-query trigger remounts with it, fresh and inactive. */
  const [resetCount, setResetCount] = useState(0);
  const { reload, search: searchList, setQuery, setPageNo, total, pageSize } = list;
  useListReloadSignal(reload);

  const search = useCallback(
    (values: Record<string, unknown>) => {
      searchList((current) => ({ ...current, values: { ...values } }));
      clearSelection();
    },
    [searchList, clearSelection],
  );
  const reset = useCallback(() => {
    searchList((current) => ({ ...current, values: {}, superQuery: undefined }));
    setResetCount((n) => n + 1);
  }, [searchList]);
  const changeSort = useCallback(
    (column: string | undefined, order: 'ascend' | 'descend' | null | undefined) => {
      const sort: SortState = !column || !order ? defaultSort(schema) : { column, order: order === 'ascend' ? 'asc' : 'desc' };
      setQuery((current) => ({ ...current, sort }));
    },
    // defaultSort reads only schema.defaultSort.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema.defaultSort, setQuery],
  );
  const applySuperQuery = useCallback(
    (tree: FilterTree | undefined) =>
      searchList((current) => ({ ...current, superQuery: tree && tree.conditions.length > 0 ? tree : undefined })),
    [searchList],
  );
  const afterRemoval = useCallback(
    (removed: number) => {
      setPageNo((current) => pageAfterRemoval(total, pageSize, current, removed));
      reload();
    },
    [total, pageSize, reload, setPageNo],
  );
  const removal = useListRemoval(schema, rowKey, notify, selection, afterRemoval);
  const exportXls = useListExport(schema, notify, params, selection.selectedRowKeys, options);

  return {
    schema,
    rowKey,
    rows: list.rows,
    total,
    loading: list.loading,
    query: list.query.values,
    pageNo: list.pageNo,
    pageSize,
    sort: list.query.sort,
    params,
    superQuery: list.query.superQuery,
    resetCount,
    selectedRowKeys: selection.selectedRowKeys,
    selectedRows: selection.selectedRows,
    search,
    reset,
    reload,
    changePage: list.changePage,
    changeSort,
    select: selection.select,
    clearSelection,
    applySuperQuery,
    ...removal,
    exportXls,
    notify,
  };
}

export type ListPageController = ReturnType<typeof useListPage>;
