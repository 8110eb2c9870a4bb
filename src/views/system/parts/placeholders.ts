import type { ApiResult, RendererHttp } from '@renderer/context';
import { doneOf, type Done } from '../../../api/request';

/**
 * The system views' own configuration (authorisation URLs, recycle-bin requests) names values with
 * `{field}` placeholders, filled by the view from the record it works on.
 */
const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{field}` placeholders of a URL; values are URL-encoded, a missing one becomes empty. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

/** The same as fillTemplate for body and query values: no URL encoding. */
export function fillValue(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export function fillRecord(
  source: Record<string, string> | undefined,
  values: Record<string, unknown>,
): Record<string, string> | undefined {
  if (!source) return undefined;
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, fillValue(value, values)]));
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** A call a view makes; its strings may hold `{field}` placeholders. */
export interface RequestSpec {
  method: HttpMethod;
  url: string;
  params?: Record<string, string>;
  body?: Record<string, string>;
}

/** Sends the call with its placeholders filled; resolves what the server accepted or rejects with a RequestError. */
export async function sendRequest(http: RendererHttp, spec: RequestSpec, values: Record<string, unknown>): Promise<Done<unknown>> {
  return doneOf(await send(http, spec, values));
}

function send(http: RendererHttp, spec: RequestSpec, values: Record<string, unknown>): Promise<ApiResult> {
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
