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
