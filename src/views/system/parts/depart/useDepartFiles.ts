import { useCallback } from 'react';
import { useRenderer } from '@renderer/context';
import { downloadThroughProvider } from '@renderer/data/download';
import { useNotifier } from '@renderer/data/useNotifier';

export const DEPART_EXPORT_URL = '/sys/sysDepart/exportXls';
export const DEPART_IMPORT_URL = '/sys/sysDepart/importExcel';

/** 导出 of the department screen: every department as the server's workbook. */
export function useDepartExport(): () => Promise<void> {
  const services = useRenderer();
  const notify = useNotifier();
  return useCallback(async () => {
    await downloadThroughProvider(services.data, notify, DEPART_EXPORT_URL, (serverName) => serverName ?? '部门信息.xlsx');
  }, [services.data, notify]);
}
