import { useCallback } from 'react';
import { useRenderer } from '../context';
import type { ListPage } from '@contract/schema-types.gen';
import type { Notifier } from '../data/notify';
import { downloadThroughProvider, type SaveFile } from '../data/download';
import { attempt } from '../data/requestError';
import { exportFileName } from './params';
import { exportByNavigation, navigateTo } from './exportLink';

type Row = Record<string, unknown>;

interface Selection {
  selectedRowKeys: string[];
  setSelectedRowKeys: (update: (keys: string[]) => string[]) => void;
  clearSelection(): void;
}

/** 删除 of one row and 批量删除 of the selected rows, through the data provider. */
export function useListRemoval(
  schema: ListPage,
  rowKey: string,
  notify: Notifier,
  selection: Selection,
  afterRemoval: (removed: number) => void,
) {
  const { data } = useRenderer();
  const { selectedRowKeys, setSelectedRowKeys, clearSelection } = selection;

  const remove = useCallback(
    async (record: Row) => {
      const url = schema.url.delete;
      if (!url) {
        notify.error('请设置url.delete属性!');
        return;
      }
      const done = await attempt(notify, () => data.remove(url, { id: record[rowKey] }));
      if (!done) return;
      notify.success(done.message || '删除成功!');
      setSelectedRowKeys((keys) => keys.filter((k) => k !== record[rowKey]));
      afterRemoval(1);
    },
    [data, notify, rowKey, schema.url.delete, afterRemoval, setSelectedRowKeys],
  );

  const removeSelected = useCallback(async () => {
    const url = schema.url.deleteBatch;
    if (!url) {
      notify.error('请设置url.deleteBatch属性!');
      return;
    }
    if (selectedRowKeys.length === 0) {
      notify.warning('请选择一条记录！');
      return;
    }
    const confirmed = await notify.confirm({ title: '确认删除', content: `确定要删除这 ${selectedRowKeys.length} 项吗?` });
    if (!confirmed) return;
    const done = await attempt(notify, () => data.removeMany(url, selectedRowKeys));
    if (!done) return;
    notify.success(done.message || '批量删除成功!');
    afterRemoval(selectedRowKeys.length);
    clearSelection();
  }, [data, notify, schema.url.deleteBatch, selectedRowKeys, afterRemoval, clearSelection]);

  return { remove, removeSelected };
}

/** 导出: the filtered rows (only the selected ones when some are), as a blob or by a signed navigation. */
export function useListExport(
  schema: ListPage,
  notify: Notifier,
  params: Row,
  selectedRowKeys: string[],
  options: { saveFile?: SaveFile; navigate?: (url: string) => void },
) {
  const { data } = useRenderer();
  const { saveFile, navigate } = options;
  return useCallback(async () => {
    const url = schema.url.exportXls;
    if (!url) {
      notify.error('请设置url.exportXls属性!');
      return;
    }
    const exportParams: Row = { ...params };
    if (selectedRowKeys.length > 0) exportParams.selections = selectedRowKeys.join(',');
    if (schema.exportMode === 'navigate') {
      await exportByNavigation(data, notify, url, exportParams, navigate ?? navigateTo);
      return;
    }
    await downloadThroughProvider(data, notify, url, (serverName) => exportFileName(serverName, schema.exportFileName), {
      params: exportParams,
      save: saveFile,
    });
  }, [data, notify, params, selectedRowKeys, schema.url.exportXls, schema.exportFileName, schema.exportMode, saveFile, navigate]);
}
