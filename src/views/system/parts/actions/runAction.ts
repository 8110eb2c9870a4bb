import type { ApiResult, RendererHttp } from '@renderer/context';
import type { Notifier } from '@renderer/data/notify';
import { fillRecord, fillTemplate, type RequestSpec } from './spec';

export function sendRequest(http: RendererHttp, spec: RequestSpec, values: Record<string, unknown>): Promise<ApiResult> {
  const url = fillTemplate(spec.url, values);
  const params = fillRecord(spec.params, values);
  const body = fillRecord(spec.body, values);
  switch (spec.method) {
    case 'get':
      return http.get(url, params);
    case 'delete':
      return http.delete(url, params);
    case 'put':
      return http.put(url, body, params);
    default:
      return http.post(url, body, params);
  }
}

/** Runs a request action with its confirm and messages; resolves true when the server accepted it. */
export async function runRequestAction(
  http: RendererHttp,
  notify: Notifier,
  spec: { request?: RequestSpec; confirm?: string; success?: string; failure?: string },
  values: Record<string, unknown>,
): Promise<boolean> {
  if (!spec.request) return false;
  if (spec.confirm && !(await notify.confirm({ title: spec.confirm }))) return false;
  try {
    const res = await sendRequest(http, spec.request, values);
    if (res.success) {
      notify.success(res.message || spec.success || '操作成功');
      return true;
    }
    notify.warning(spec.failure ?? res.message);
  } catch (error) {
    notify.warning(spec.failure ?? (error instanceof Error ? error.message : String(error)));
  }
  return false;
}
