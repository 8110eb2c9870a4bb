import type { ApiResult, RendererHttp, RendererServices, RendererUser } from '@renderer/context';
import type { AxiosResponse } from 'axios';
import { can } from '../auth/permissions';
import { API_BASE } from '../config';
import { currentToken } from '../state/session';
import type { UserInfo } from '../types';
import { jeecgDataProvider } from './dataProvider';
import { http, type Params } from './http';

function fileNameOf(response: AxiosResponse): string | undefined {
  const header = String(response.headers['content-disposition'] ?? '');
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].replace(/"/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? decodeURIComponent(plain[1]) : undefined;
}

/** The app's one HTTP client, as the renderer and widgets see it. */
export const rendererHttp: RendererHttp = {
  get: <T>(url: string, params?: Params) => http.getAction<T>(url, params),
  post: <T>(url: string, body?: unknown, params?: Params) =>
    params ? (http.instance.post(url, body, { params }) as Promise<ApiResult<T>>) : http.postAction<T>(url, body),
  put: <T>(url: string, body?: unknown, params?: Params) => http.instance.put(url, body, { params }) as Promise<ApiResult<T>>,
  delete: <T>(url: string, params?: Params) => http.deleteAction<T>(url, params),
  download: async (url, params) => {
    const response = (await http.instance.get(url, { params, responseType: 'blob', fullResponse: true })) as AxiosResponse<Blob>;
    return { blob: response.data, fileName: fileNameOf(response) };
  },
  upload: (url, form, onProgress) => http.uploadAction(url, form, onProgress),
};

/** The app's one data provider, over rendererHttp. */
export const appDataProvider = jeecgDataProvider(rendererHttp, API_BASE);

export function rendererServices(user: UserInfo | undefined): RendererServices {
  const rendererUser: RendererUser | undefined = user
    ? { id: user.id, username: user.username, realname: user.realname, orgCode: user.orgCode ?? undefined }
    : undefined;
  return { http: rendererHttp, data: appDataProvider, can, user: rendererUser, apiBase: API_BASE, token: currentToken };
}
