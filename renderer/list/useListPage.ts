import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRenderer } from '../context';
import type { ListPage } from '@contract/schema-types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import { downloadThroughHttp, type SaveFile } from '../data/download';
import { buildListParams, exportFileName, pageAfterRemoval, type SortState } from './params';
import { toSuperQueryParams, type FilterTree } from '../superQuery/model';
import { exportByNavigation, navigateTo } from './exportLink';
import { treeRootParams, treeRowsOf, UNREADABLE_TREE_DATA } from './useTreeRows';
import { errorText } from '../data/errors';
import { pageOf } from '../data/provider';
import { useListReloadSignal } from './reloadSignal';

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
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 30, 200];

/** The first search: the query fields that state a `default` (the query form shows the same values). */
export function queryDefaults(query: ListPage['query']): Record<string, unknown> {
  const entries = Object.entries(query?.properties ?? {}).filter(([, field]) => field.default !== undefined && field.default !== null);
  return Object.fromEntries(entries.map(([key, field]) => [key, field.default]));
}

/** Headless list controller: query, paging, sorting, selection, delete, export. */
export function useListPage(schema: ListPage, options: ListPageOptions = {}) {
  const services = useRenderer();
  const { http, data } = services;
  const notify = options.notifier ?? services.notify ?? defaultNotifier;
  const rowKey = schema.rowKey ?? 'id';
  const [query, setQuery] = useState<Record<string, unknown>>(() => queryDefaults(schema.query));
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(schema.pageSize ?? 10);
  const [sort, setSort] = useState<SortState>(schema.defaultSort ?? { column: 'createTime', order: 'desc' });
  const [superQuery, setSuperQuery] = useState<FilterTree | undefined>();
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const [reloadTick, setReloadTick] = useState(0);
  /** Bumped by 重置: the advanced-query trigger remounts with it, fresh and inactive. */
  const [resetCount, setResetCount] = useState(0);
  const extraKey = JSON.stringify(options.extraParams ?? {});

  const fields = useMemo(() => schema.columns.map((c) => c.dataIndex), [schema.columns]);

  const params = useMemo(
    () =>
      buildListParams({
        query,
        sort,
        pageNo,
        pageSize,
        fields,
        extra: JSON.parse(extraKey) as Record<string, unknown>,
        superQuery: superQuery
          ? (() => {
              const p = toSuperQueryParams(superQuery);
              return { params: p.superQueryParams, matchType: p.superQueryMatchType };
            })()
          : undefined,
      }),
    [query, sort, pageNo, pageSize, fields, extraKey, superQuery],
  );

  const requestId = useRef(0);
  useEffect(() => {
    const listUrl = schema.url.list;
    if (!listUrl) {
      notify.error('请设置url.list属性!');
      return;
    }
    const id = ++requestId.current;
    setLoading(true);
    http
      // Tree roots carry the parent key (not the export, which covers the whole filtered tree).
      .get<{ records?: Row[]; total?: number } | Row[]>(listUrl, { ...treeRootParams(schema), ...params })
      .then((res) => {
        if (id !== requestId.current) return;
        if (!res.success) {
          notify.warning(res.message);
          return;
        }
        const result = res.result;
        if (schema.variant === 'treeTable' && !treeRowsOf(result)) {
          notify.error(UNREADABLE_TREE_DATA);
          return;
        }
        const page = pageOf<Row>(result);
        setRows(page.records);
        setTotal(page.total);
      })
      .catch((error: unknown) => {
        if (id === requestId.current) notify.warning(errorText(error));
      })
      .finally(() => {
        if (id === requestId.current) setLoading(false);
      });
    // notify is stable for a page; params covers every input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, schema.url.list, params, reloadTick]);

  const reload = useCallback(() => setReloadTick((t) => t + 1), []);
  useListReloadSignal(reload);
  const clearSelection = useCallback(() => {
    setSelectedRowKeys([]);
    setSelectedRows([]);
  }, []);

  const search = useCallback(
    (values: Record<string, unknown>) => {
      setQuery({ ...values });
      setPageNo(1);
      clearSelection();
      reload();
    },
    [clearSelection, reload],
  );

  const reset = useCallback(() => {
    setQuery({});
    setPageNo(1);
    setSuperQuery(undefined);
    setResetCount((n) => n + 1);
    reload();
  }, [reload]);

  const changePage = useCallback(
    (page: number, size: number) => {
      setPageNo(size !== pageSize ? 1 : page);
      setPageSize(size);
    },
    [pageSize],
  );

  const changeSort = useCallback(
    (column: string | undefined, order: 'ascend' | 'descend' | null | undefined) => {
      if (!column || !order) setSort(schema.defaultSort ?? { column: 'createTime', order: 'desc' });
      else setSort({ column, order: order === 'ascend' ? 'asc' : 'desc' });
    },
    [schema.defaultSort],
  );

  const select = useCallback((keys: string[], picked: Row[]) => {
    setSelectedRowKeys(keys);
    setSelectedRows(picked);
  }, []);

  const applySuperQuery = useCallback(
    (tree: FilterTree | undefined) => {
      setSuperQuery(tree && tree.conditions.length > 0 ? tree : undefined);
      setPageNo(1);
      reload();
    },
    [reload],
  );

  const afterRemoval = useCallback(
    (removed: number) => {
      setPageNo((current) => pageAfterRemoval(total, pageSize, current, removed));
      reload();
    },
    [total, pageSize, reload],
  );

  const remove = useCallback(
    async (record: Row) => {
      if (!schema.url.delete) {
        notify.error('请设置url.delete属性!');
        return;
      }
      const res = await data.remove(schema.url.delete, { id: record[rowKey] });
      if (res.success) {
        notify.success(res.message || '删除成功!');
        setSelectedRowKeys((keys) => keys.filter((k) => k !== record[rowKey]));
        afterRemoval(1);
      } else {
        notify.warning(res.message);
      }
    },
    [data, notify, rowKey, schema.url.delete, afterRemoval],
  );

  const removeSelected = useCallback(async () => {
    if (!schema.url.deleteBatch) {
      notify.error('请设置url.deleteBatch属性!');
      return;
    }
    if (selectedRowKeys.length === 0) {
      notify.warning('请选择一条记录！');
      return;
    }
    const confirmed = await notify.confirm({ title: '确认删除', content: `确定要删除这 ${selectedRowKeys.length} 项吗?` });
    if (!confirmed) return;
    const res = await data.removeMany(schema.url.deleteBatch, selectedRowKeys as (string | number)[]);
    if (res.success) {
      notify.success(res.message || '批量删除成功!');
      afterRemoval(selectedRowKeys.length);
      clearSelection();
    } else {
      notify.warning(res.message);
    }
  }, [data, notify, schema.url.deleteBatch, selectedRowKeys, afterRemoval, clearSelection]);

  const exportXls = useCallback(async () => {
    if (!schema.url.exportXls) {
      notify.error('请设置url.exportXls属性!');
      return;
    }
    const exportParams: Record<string, unknown> = { ...params };
    if (selectedRowKeys.length > 0) exportParams.selections = selectedRowKeys.join(',');
    if (schema.exportMode === 'navigate') {
      await exportByNavigation(http, notify, schema.url.exportXls, exportParams, options.navigate ?? navigateTo);
      return;
    }
    await downloadThroughHttp(http, notify, schema.url.exportXls, (serverName) => exportFileName(serverName, schema.exportFileName), {
      params: exportParams,
      save: options.saveFile,
    });
  }, [
    http,
    notify,
    params,
    selectedRowKeys,
    schema.url.exportXls,
    schema.exportFileName,
    schema.exportMode,
    options.saveFile,
    options.navigate,
  ]);

  return {
    schema,
    rowKey,
    rows,
    total,
    loading,
    query,
    pageNo,
    pageSize,
    sort,
    params,
    superQuery,
    resetCount,
    selectedRowKeys,
    selectedRows,
    search,
    reset,
    reload,
    changePage,
    changeSort,
    select,
    clearSelection,
    applySuperQuery,
    remove,
    removeSelected,
    exportXls,
    notify,
  };
}

export type ListPageController = ReturnType<typeof useListPage>;
