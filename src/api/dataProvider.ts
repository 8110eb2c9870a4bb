import { createDataProvider, type DataPaths, type DataProvider, type RendererHttp } from '@renderer/index';

/** Where a JeecgBoot server offers the services the renderer and widgets use. */
export function jeecgPaths(apiBase: string): DataPaths {
  const base = apiBase.replace(/\/$/, '');
  return {
    dictionary: (code) => `/sys/dict/getDictItems/${encodeURIComponent(code)}`,
    duplicateCheck: '/sys/duplicate/check',
    checkRule: '/sys/checkRule/checkByCode',
    upload: '/sys/common/upload',
    fileUrl: (path) => `${base}/sys/common/static/${path}`,
  };
}

/** The data provider for a JeecgBoot server reached through `http` (requests are relative to `apiBase`). */
export function jeecgDataProvider(http: RendererHttp, apiBase: string): DataProvider {
  return createDataProvider(http, jeecgPaths(apiBase));
}
