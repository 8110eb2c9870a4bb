import { useCallback } from 'react';
import { useRenderer } from '@renderer/context';
import { notifierOf } from '../actions/useAdminAction';

export const DEPART_EXPORT_URL = '/sys/sysDepart/exportXls';
export const DEPART_IMPORT_URL = '/sys/sysDepart/importExcel';

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

/** 导出 of the department screen: every department as the server's workbook. */
export function useDepartExport(): () => Promise<void> {
  const services = useRenderer();
  const notify = notifierOf(services);
  return useCallback(async () => {
    try {
      const { blob, fileName } = await services.http.download(DEPART_EXPORT_URL);
      if (!blob || blob.size === 0) notify.warning('文件下载失败');
      else saveBlob(blob, fileName ?? '部门信息.xlsx');
    } catch {
      notify.warning('文件下载失败');
    }
  }, [services.http, notify]);
}
