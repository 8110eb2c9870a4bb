import type { ApiResult, RendererHttp } from '../context';
import type { RequestAction } from '@contract/schema-types.gen';
import { fillTemplate, fillValues } from './template';
import type { ActionScope } from './scope';

export interface PreparedRequest {
  method: NonNullable<RequestAction['method']>;
  url: string;
  params?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** The call a request action makes for this scope: `{{ }}` in the URL URL-encoded, params and body filled. */
export function prepareRequest(request: RequestAction, scope: ActionScope): PreparedRequest {
  return {
    method: request.method ?? 'post',
    url: String(fillTemplate(request.url, scope, encodeURIComponent)),
    params: fillValues(request.params, scope),
    body: fillValues(request.body, scope),
  };
}

export function sendRequest(http: RendererHttp, call: PreparedRequest): Promise<ApiResult> {
  switch (call.method) {
    case 'get':
      return http.get(call.url, call.params);
    case 'delete':
      return http.delete(call.url, call.params);
    case 'put':
      return http.put(call.url, call.body, call.params);
    default:
      return http.post(call.url, call.body, call.params);
  }
}
