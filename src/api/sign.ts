import { md5Hex } from './md5';

type Params = Record<string, unknown> | undefined;

function queryOf(url: string): Record<string, string> {
  const question = url.indexOf('?');
  if (question < 0) return {};
  const out: Record<string, string> = {};
  for (const pair of decodeURIComponent(url.slice(question + 1)).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq < 0) out[pair] = '';
    else out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

function stringify(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/**
 * X-Sign of signed calls (docs/api.md): upper-case MD5 of the JSON of the key-sorted
 * merge of URL query, params/body (and `x-path-variable` when the last path segment
 * holds a comma) followed by the secret.
 */
export function computeSign(url: string, params: Params, secret: string): string {
  const merged: Record<string, unknown> = {};
  const path = url.split('?')[0];
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes(',')) merged['x-path-variable'] = decodeURIComponent(lastSegment);
  Object.assign(merged, queryOf(url));
  if (params) for (const [key, value] of Object.entries(params)) if (value !== undefined) merged[key] = stringify(value);
  delete merged._t;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(merged).sort()) sorted[key] = merged[key];
  return md5Hex(JSON.stringify(sorted) + secret).toUpperCase();
}
